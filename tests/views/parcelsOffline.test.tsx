// Paquetería without network (issue 26 "Offline"), over an in-memory IndexedDB (fake-indexeddb: the test DOM has
// none) and a fetch stubbed at the edge, with the device's banner beside the page as the device shell shows it:
// the arrival form opens on the dwellings kept from its last load, a parcel saved without network is kept
// ("Guardado sin conexión") and counted by the banner, and back online it is sent with the same clientId, marked
// offline and dated; a parcel the server refuses for good is listed with its words.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineQueue } from '../../src/services/offlineQueue';
import { OfflineBanner } from '../../src/views/common/OfflineBanner';
import ParcelsPage from '../../src/views/parcels/ParcelsPage';
import { json } from '../support/http';
import { DWELLINGS, page, WAITING } from '../support/parcelFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

const PATHS = {
  waiting: '/api/--paqueteria/en-espera',
  dwellings: '/api/--paqueteria/viviendas',
  arrive: '/api/--paqueteria/registrar',
};
const SLOW = { timeout: 5000 };
const TOO_OLD = 'El paquete se registró sin conexión hace más de 7 días y ya no se puede registrar.';

/** Whether the network answers; and what the arrival path says when it does. */
let networkUp = true;
let arrival: 'recorded' | 'refused' = 'recorded';

function offline(answer: () => Response): () => Response {
  return () => {
    if (!networkUp) throw new TypeError('Failed to fetch');
    return answer();
  };
}

function paqueteria() {
  useViewport('phone');
  const api = stubApi(sessionFor('guard'), {
    [PATHS.waiting]: offline(() => json(page([]))),
    [PATHS.dwellings]: offline(() => json({ success: true, items: DWELLINGS })),
    [PATHS.arrive]: offline(() =>
      arrival === 'refused'
        ? json({ success: false, code: 'BAD_REQUEST', message: TOO_OLD, field: 'occurredAt' }, 400)
        : json({ success: true, data: WAITING, replayed: false }),
    ),
  });
  signedIn(
    <>
      <OfflineBanner />
      <ParcelsPage />
    </>,
    '/paqueteria',
  );
  return api;
}

const setOnline = (online: boolean) => {
  networkUp = online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

/** Opens the arrival form online once and closes it: the device keeps the dwellings it loaded. */
async function keepDwellingsOnline() {
  fireEvent.click(await screen.findByRole('button', { name: 'Registrar paquete' }));
  const form = await screen.findByRole('dialog', { name: 'Registrar paquete' });
  await within(form).findByRole('option', { name: 'Torre A - 101' });
  fireEvent.keyDown(form, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar paquete' })).toBeNull());
}

/** Opens the arrival form, waits for its dwellings, and logs a DHL parcel for Torre A - 101. */
async function logParcel() {
  fireEvent.click(await screen.findByRole('button', { name: 'Registrar paquete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar paquete' });
  fireEvent.change(await within(dialog).findByDisplayValue('Elige la vivienda'), { target: { value: '11' } });
  fireEvent.change(within(dialog).getByPlaceholderText('DHL, Amazon, Estafeta…'), { target: { value: 'DHL' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  return dialog;
}

const arrivals = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === PATHS.arrive).map((c) => c.body as Record<string, unknown>);

beforeEach(async () => {
  await clearOfflineQueue();
  localStorage.clear();
  networkUp = true;
  arrival = 'recorded';
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('Paquetería offline', { timeout: 20_000 }, () => {
  it('keeps a parcel saved without network on the dwellings kept before, counts it, and sends it once back', async () => {
    const api = paqueteria();
    await keepDwellingsOnline();

    setOnline(false);
    expect((await screen.findByTestId('offline-banner')).textContent).toContain('Sin conexión');
    const dialog = await logParcel();
    expect(await within(dialog).findByText('Guardado sin conexión: se enviará al volver la red', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Avisaremos a los residentes de Torre A - 101 en cuanto llegue al servidor.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión — 1 movimiento por enviar'),
    );
    const tried = arrivals(api);
    expect(tried).toHaveLength(1);
    expect(tried[0]).not.toHaveProperty('offline');

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull(), SLOW);
    const sent = arrivals(api).slice(1);
    expect(sent).toHaveLength(1);
    // The id it was tried with, marked offline and dated by the device when it was tried.
    expect(sent[0]).toEqual({ ...tried[0], offline: true, occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });

    // "Registrar otro" opens a fresh form, with a new clientId.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar otro' }));
    expect(await within(dialog).findByRole('button', { name: 'Guardar' })).toBeTruthy();
    fireEvent.change(within(dialog).getByDisplayValue('Elige la vivienda'), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByPlaceholderText('DHL, Amazon, Estafeta…'), { target: { value: 'DHL' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Avisamos a los residentes de Torre A - 101.')).toBeTruthy();
    expect(arrivals(api).at(-1)!.clientId).not.toBe(tried[0]!.clientId);
  });

  it('cannot open the form offline on a device that never loaded the dwellings', async () => {
    paqueteria();
    await screen.findByRole('button', { name: 'Registrar paquete' });
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paquete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar paquete' });
    expect(await within(dialog).findByText('No pudimos cargar las viviendas.')).toBeTruthy();
  });

  it('lists a parcel the server refused for good with its words', async () => {
    paqueteria();
    await keepDwellingsOnline();
    setOnline(false);
    const dialog = await logParcel();
    expect(await within(dialog).findByText('Guardado sin conexión: se enviará al volver la red', {}, SLOW)).toBeTruthy();

    arrival = 'refused';
    setOnline(true);
    const rejected = await screen.findByTestId('offline-rejected', {}, SLOW);
    expect(rejected.textContent).toContain('1 movimiento rechazado por el servidor');
    expect(rejected.textContent).toContain(`Paquete: ${TOO_OLD}`);
  });
});
