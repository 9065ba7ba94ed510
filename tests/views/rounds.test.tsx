// The guard's rounds at phone size and the supervisor's panel, the network stubbed at fetch: a round chosen and
// started, a code of another round refused on the device, the second checkpoint before the first held as out of order,
// the first recorded with the note typed before it (sent under a device-made clientId), the round ended; the panel's
// rounds with their states and checkpoints, the guards on shift and the gate's counts; and those who may not walk
// rounds sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SupervisorPanelPage from '../../src/views/app/SupervisorPanelPage';
import RoundsPage from '../../src/views/rounds/RoundsPage';
import { json } from '../support/http';
import { CODE_A, CODE_B, CODE_UNKNOWN, FINISHED, PANEL, ROUND, scanAnswer, WALKING } from '../support/roundsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SLOW = { timeout: 5000 };

async function typeCode(code: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Clave del punto' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Registrar' }));
}

describe('Rounds', { timeout: 30_000 }, () => {
  it('walks a round: a wrong code, out of order, a checkpoint with its note, then ends it', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('guard'), {
      '/api/--recorridos/por-recorrer': () => json({ success: true, items: [ROUND] }),
      [`/api/--recorridos/${ROUND.id}/iniciar`]: () => json({ success: true, data: WALKING }),
      '/api/--recorridos/escanear': () => json(scanAnswer(WALKING, 1)),
      [`/api/--recorridos/${ROUND.id}/terminar`]: () => json({ success: true, data: FINISHED }),
    });
    signedIn(<RoundsPage />, '/recorridos');
    fireEvent.click(await screen.findByRole('button', { name: 'Recorrer' }));
    expect(await screen.findByText('0 de 2 puntos')).toBeTruthy();

    await typeCode(CODE_UNKNOWN);
    expect(await screen.findByText('Este código no es de un punto de este recorrido.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    await typeCode(CODE_B);
    expect(await screen.findByText('Alberca no es el siguiente punto del recorrido.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));

    fireEvent.change(await screen.findByRole('textbox', { name: 'Nota (si algo está mal)' }), {
      target: { value: 'Puerta abierta' },
    });
    await typeCode(CODE_A);
    expect(await screen.findByText('Punto registrado: Caseta principal.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('1 de 2 puntos')).toBeTruthy();
    const scans = api.calls.filter((c) => c.path === '/api/--recorridos/escanear').map((c) => c.body as Record<string, unknown>);
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ roundId: ROUND.id, code: CODE_A, note: 'Puerta abierta', photo: null });
    expect(String(scans[0]!.clientId)).toMatch(UUID);
    const report = screen.getByRole('link', { name: 'Reportar incidente' });
    expect(report.getAttribute('href')).toContain('/recorridos-supervisor/incidentes/nuevo?punto=101');

    fireEvent.click(screen.getByRole('button', { name: 'Terminar recorrido' }));
    expect(await screen.findByText('Recorrido terminado.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('2 de 2 puntos')).toBeTruthy();
  });

  it('shows the supervisor tonight’s rounds, the guards on shift and the gate', async () => {
    useViewport('desktop');
    stubApi(sessionFor('supervisor'), { '/api/--recorridos/panel': () => json(PANEL) });
    signedIn(<SupervisorPanelPage />, '/recorridos-supervisor');
    const done = await screen.findByTestId(`panel-round-${FINISHED.id}`);
    expect(within(done).getByText('Realizado')).toBeTruthy();
    expect(within(done).getAllByText(/Revisado/)).toHaveLength(2);
    const missed = screen.getByTestId('panel-round-40');
    expect(within(missed).getByText('No realizado')).toBeTruthy();
    expect(within(missed).getAllByText(/Sin revisar/)).toHaveLength(2);
    expect(screen.getByText(/Guardia Demo · Caseta principal/)).toBeTruthy();
    expect(screen.getByText('Paquetes en espera').nextSibling?.textContent).toBe('2');
    expect(screen.getByRole('tab', { name: 'Incidentes' })).toBeTruthy();
  });

  it('sends residents away from the rounds, and guards away from the panel', async () => {
    stubApi(sessionFor('resident'));
    const resident = signedIn(<RoundsPage />, '/recorridos');
    await waitFor(() => expect(resident.location.history).toEqual(['/comunicacion']));
    resident.unmount();
    stubApi(sessionFor('guard'));
    const guard = signedIn(<SupervisorPanelPage />, '/recorridos-supervisor');
    await waitFor(() => expect(guard.location.history).toEqual(['/comunicacion']));
  });
});
