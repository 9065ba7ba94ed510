// The incidents screen at phone size, the network stubbed at fetch: the administrator reads the open incidents (with
// their photos) and turns a maintenance one into a request with the version seen, and the card then links to it; a
// 409 shows the incident as it is now; the guard is offered only Atender; the handover is written and someone else's
// marked read; those who do not see incidents are sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import IncidentsPage from '../../src/views/incidents/IncidentsPage';
import { json } from '../support/http';
import { CLOSED, OPEN_MAINTENANCE, REQUESTED, UNREAD_HANDOVER } from '../support/incidentsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/--incidentes/lista';
const CHANGE = `/api/--incidentes/${OPEN_MAINTENANCE.id}/cambiar`;
const HANDOVERS = '/api/--incidentes/relevos';

function page(role: 'admin' | 'supervisor' | 'guard' | 'resident', answers: Record<string, () => Response> = {}) {
  useViewport('phone');
  const api = stubApi(sessionFor(role), {
    [LIST]: () => json({ success: true, items: [OPEN_MAINTENANCE], total: 1 }),
    [HANDOVERS]: () => json({ success: true, items: [UNREAD_HANDOVER] }),
    ...answers,
  });
  signedIn(<IncidentsPage />, '/recorridos-supervisor/incidentes');
  return api;
}

const card = async () => screen.findByTestId(`incident-${OPEN_MAINTENANCE.id}`);

describe('incidents screen', () => {
  it('lets the administrator turn a maintenance incident into a request and links the request', async () => {
    const api = page('admin', { [CHANGE]: () => json({ success: true, data: REQUESTED }) });
    const incident = await card();
    expect(within(incident).getByRole('img', { name: 'Foto 1 del incidente' })).toBeTruthy();
    expect(within(incident).getByText('Cuarto de máquinas')).toBeTruthy();
    fireEvent.click(within(incident).getByRole('button', { name: 'Convertir en solicitud' }));
    expect(await screen.findByText('Se creó la solicitud #77.')).toBeTruthy();
    const link = within(await card()).getByRole('link', { name: 'Solicitud #77' });
    expect(link.getAttribute('href')).toContain('/comunicacion/tickets-administrador/3?ticket=77');
    expect(api.calls.filter((c) => c.path === CHANGE).map((c) => c.body)).toEqual([{ version: 1, action: 'request' }]);
    expect(api.calls.find((c) => c.path === LIST)).toBeTruthy();
  });

  it('shows the incident as it is now when someone else acted first', async () => {
    page('supervisor', {
      [CHANGE]: () =>
        json(
          { success: false, code: 'CONFLICT', message: 'Alguien más cambió el incidente; revisa cómo quedó.', incident: CLOSED },
          409,
        ),
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByText('El incidente cambió mientras tanto; esto es lo que tiene ahora.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId(`incident-${CLOSED.id}`)).getByText('Cerrado')).toBeTruthy());
    expect(within(screen.getByTestId(`incident-${CLOSED.id}`)).queryByRole('button')).toBeNull();
  });

  it('offers the guard only Atender, and lets them write the handover and mark someone else’s read', async () => {
    const api = page('guard', {
      '/api/--incidentes/relevos/nuevo': () => json({ success: true, data: { ...UNREAD_HANDOVER, id: 6, writtenByMe: true } }),
      [`/api/--incidentes/relevos/${UNREAD_HANDOVER.id}/leido`]: () =>
        json({ success: true, data: { ...UNREAD_HANDOVER, readBy: 'Jorge', readAt: '2026-03-02T06:05' } }),
    });
    const incident = await card();
    expect(
      within(incident)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Atender']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notas para el siguiente turno' }), {
      target: { value: 'Portón 2 no cierra bien.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Entregar turno' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/--incidentes/relevos/nuevo').map((c) => c.body)).toEqual([
        { notes: 'Portón 2 no cierra bien.' },
      ]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `/api/--incidentes/relevos/${UNREAD_HANDOVER.id}/leido`)).toBe(true),
    );
  });

  it('sends a resident away', async () => {
    const api = page('resident');
    await waitFor(() => expect(api.calls.some((c) => c.path === LIST)).toBe(false));
    expect(screen.queryByText('Incidentes')).toBeNull();
  });
});
