// The caseta without network (issue 26 "Offline"), over an in-memory IndexedDB (fake-indexeddb: happy-dom has
// none) and a fetch stubbed at the edge: an exit that finds no network is kept ("Guardado sin conexión") and
// the banner counts it, says "Sin conexión" when the browser goes offline (even with nothing waiting), sends it
// when the network is back (the same clientId, marked offline and dated), and shows an item the server refused
// for good with its words until the guard dismisses it.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineQueue } from '../../src/services/offlineQueue';
import CasetaPage from '../../src/views/gate/CasetaPage';
import { EXIT, INSIDE_CHECK, movement, movementAnswer, TODAY } from '../support/gateFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

const PATHS = { today: '/api/--caseta/hoy', check: '/api/--caseta/verificar', exit: '/api/--caseta/salida' };
const SLOW = { timeout: 5000 };

/** Whether the exit path answers, refuses, or finds no network. */
let exitAnswer: 'offline' | 'recorded' | 'refused' = 'offline';

function caseta() {
  useViewport('phone');
  const api = stubApi(sessionFor('guard'), {
    [PATHS.today]: () => json(TODAY),
    [PATHS.check]: () => json({ success: true, data: INSIDE_CHECK }),
    [PATHS.exit]: () => {
      if (exitAnswer === 'offline') throw new TypeError('Failed to fetch');
      if (exitAnswer === 'refused')
        return json({ success: false, code: 'CONFLICT', message: 'Esa entrada ya tiene salida.' }, 409);
      return json(movementAnswer(movement({ ...EXIT, visitorName: 'Mario Ruiz Soto', entryId: 290 })));
    },
  });
  signedIn(<CasetaPage />, '/caseta');
  return api;
}

const exits = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === PATHS.exit).map((c) => c.body as Record<string, unknown>);

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

beforeEach(async () => {
  await clearOfflineQueue();
  exitAnswer = 'offline';
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('the caseta offline', () => {
  it('keeps an exit made without network, counts it, and sends it once the network is back', async () => {
    const api = caseta();
    const inside = await screen.findByRole('list', { name: 'Dentro ahora' });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    setOnline(false);
    expect((await screen.findByTestId('offline-banner')).textContent).toContain('Sin conexión');

    fireEvent.click(within(inside).getByRole('button', { name: 'Registrar la salida de Mario Ruiz Soto' }));
    expect(await screen.findByText('Salida guardada sin conexión: se enviará al volver la red', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión — 1 movimiento por enviar'),
    );
    // The row cannot be let out twice while its exit waits.
    expect(within(inside).getByRole('button', { name: 'Registrar la salida de Mario Ruiz Soto' }).hasAttribute('disabled')).toBe(
      true,
    );

    // The same visitor from the code: the exit on the form is kept as well.
    fireEvent.change(screen.getByRole('textbox', { name: 'Clave manual o QR' }), { target: { value: 'PALMAS01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar salida' }));
    expect(await screen.findByText('Guardado sin conexión: se enviará al volver la red', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión — 2 movimientos por enviar'),
    );
    const tried = exits(api);
    expect(tried).toHaveLength(2);

    exitAnswer = 'recorded';
    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull(), SLOW);
    const sent = exits(api).slice(2);
    // Oldest first, each with the id it was tried with, marked offline and dated by the device.
    expect(sent.map((body) => body.clientId)).toEqual(tried.map((body) => body.clientId));
    for (const body of sent) expect(body).toMatchObject({ offline: true, occurredAt: expect.any(String) });
  });

  it('shows what the server refused for good, with its words, until the guard dismisses it', async () => {
    caseta();
    const inside = await screen.findByRole('list', { name: 'Dentro ahora' });
    setOnline(false);
    fireEvent.click(within(inside).getByRole('button', { name: 'Registrar la salida de Mario Ruiz Soto' }));
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión — 1 movimiento por enviar'),
    );
    exitAnswer = 'refused';
    setOnline(true);
    const rejected = await screen.findByTestId('offline-rejected', {}, SLOW);
    expect(rejected.textContent).toContain('1 movimiento rechazado por el servidor');
    expect(rejected.textContent).toContain('Salida');
    expect(rejected.textContent).toContain('Esa entrada ya tiene salida.');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    fireEvent.click(within(rejected).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByTestId('offline-rejected')).toBeNull());
  });
});
