// The employee's task list on panel-del-empleado, the network stubbed at fetch: the requests assigned to them
// across every section (the list without sectionId), each opening in a drawer with the same detail as the
// section's screen, where they move it on; closing it reads the list again. Guards, who work no requests,
// get no task list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EmployeePanelPage from '../../src/views/app/EmployeePanelPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { EMILIO, listAnswer, PATHS, summary, ticketAnswer } from '../support/ticketFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const listQueries = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === PATHS.list)
    .map((url) => Object.fromEntries(url.searchParams));

describe('Mis tareas (panel del empleado)', { timeout: 20_000 }, () => {
  it('lists the employee’s requests and opens one in place, where they resolve it', async () => {
    const working = ticketAnswer(
      ['assignee'],
      { Estado: 'en_proceso', AsignadoId: EMILIO.UserId, AsignadoNombre: EMILIO.UserName, version: 3 },
      { canWriteInternalNote: true },
    );
    const api = stubApi(sessionFor('employee'), {
      [PATHS.list]: () =>
        json(listAnswer([summary(41, { Estado: 'en_proceso', AsignadoId: EMILIO.UserId, AsignadoNombre: EMILIO.UserName })])),
      [PATHS.ticket]: () => json(working),
      [PATHS.change]: () => json({ ...working, ticket: { ...working.ticket, Estado: 'resuelto', version: 4 } }),
    });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const tasks = await screen.findByRole('region', { name: 'Mis tareas' });
    expect(await within(tasks).findByText('1 solicitud')).toBeTruthy();
    // Every section: no sectionId asked.
    expect(listQueries()[0]).toEqual({ limit: '20', offset: '0' });
    const card = within(tasks).getByRole('article');
    expect(within(card).getByText(/Solicitó Rosa Hernández Díaz/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '#41 Fuga en el baño' }));

    const drawer = await screen.findByRole('dialog', { name: 'Solicitud #41' });
    const article = await within(drawer).findByRole('article', { name: '#41 Fuga en el baño' });
    fireEvent.click(within(article).getByRole('button', { name: 'Marcar como resuelta' }));
    expect(await within(drawer).findByText('Solicitud actualizada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === PATHS.change)?.body).toEqual({ ticketId: 41, version: 3, action: 'resolver' });
    expect(within(article).getByText('Resuelto')).toBeTruthy();
    // Resolved, nothing is left for the assignee to move.
    expect(within(article).queryByRole('region', { name: 'Acciones' })).toBeNull();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar el panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it('says when nothing is assigned', async () => {
    stubApi(sessionFor('employee'), { [PATHS.list]: () => json(listAnswer([])) });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('No tienes solicitudes asignadas.')).toBeTruthy();
  });

  it('gives a guard no task list', async () => {
    stubApi(sessionFor('guard'));
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByRole('heading', { name: 'Verificar pase' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mis tareas' })).toBeNull();
    expect(listQueries()).toEqual([]);
  });
});
