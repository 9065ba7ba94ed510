// The caseta over its two machines at phone size, the network stubbed at fetch: a code checked and its
// verdict (who, dwelling, host, companions, plates, entries), the entry registered with what the pass expects
// and a toast, the lists read again; the exit from 'Dentro ahora'; a refusal with its reason (walk-ins:
// tests/views/gateWalkIns.test.tsx); a retry that re-sends the same clientId; a 403 read as a refusal, not as a lost
// connection; the empty lists; and those who do not keep the gate sent away.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GateCheck } from '../../src/api/gate';
import CasetaPage from '../../src/views/gate/CasetaPage';
import {
  EARLY_CHECK,
  EMPTY_TODAY,
  ENTRY,
  EXIT,
  INSIDE_CHECK,
  movement,
  movementAnswer,
  REFUSAL,
  TODAY,
  VALID_CHECK,
} from '../support/gateFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const PATHS = {
  today: '/api/--caseta/hoy',
  check: '/api/--caseta/verificar',
  entry: '/api/--caseta/entrada',
  exit: '/api/--caseta/salida',
  refusal: '/api/--caseta/rechazo',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Toasts and answers that wait on a busy machine. */
const SLOW = { timeout: 5000 };
const NETWORK = 'No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo.';

function caseta(check: GateCheck | null, answers: Record<string, () => Response | Promise<Response>> = {}) {
  useViewport('phone');
  const api = stubApi(sessionFor('guard'), {
    [PATHS.today]: () => json(TODAY),
    [PATHS.check]: () =>
      check
        ? json({ success: true, data: check })
        : json({ success: false, code: 'NOT_FOUND', message: 'El pase no existe.' }, 404),
    ...answers,
  });
  signedIn(<CasetaPage />, '/caseta');
  return api;
}

async function checkCode(code = ' palmas01 ') {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Clave manual o QR' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
}

const posts = (api: ReturnType<typeof stubApi>, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body as Record<string, unknown>);
const todayReads = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path === PATHS.today).length;

describe('Caseta', { timeout: 30_000 }, () => {
  it('scans with the camera; where there is none it says so, and a typed code still checks', async () => {
    // happy-dom has no camera (navigator.mediaDevices is absent), like a desktop without one.
    const api = caseta(VALID_CHECK);
    fireEvent.click(await screen.findByRole('button', { name: 'Escanear QR' }));
    expect(await screen.findByText('No hay cámara disponible')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
    await checkCode();
    await screen.findByRole('status', { name: 'Puede pasar' });
    expect(posts(api, PATHS.check)).toEqual([{ codigo: 'palmas01' }]);
    // The camera's card is gone and Escanear is offered again.
    expect(screen.queryByText('No hay cámara disponible')).toBeNull();
    expect(screen.getByRole('button', { name: 'Escanear QR' })).toBeTruthy();
  });

  it('checks a code, shows the verdict and registers the entry the pass expects', async () => {
    const api = caseta(VALID_CHECK, { [PATHS.entry]: () => json(movementAnswer(ENTRY)) });
    await screen.findByRole('list', { name: 'Esperados hoy' });
    await checkCode();
    const verdict = await screen.findByRole('status', { name: 'Puede pasar' });
    expect(within(verdict).getByText('Puede pasar.')).toBeTruthy();
    expect(posts(api, PATHS.check)).toEqual([{ codigo: 'palmas01' }]);
    const details = screen.getAllByRole('definition')[0]!.closest('dl')!;
    const term = (t: string) =>
      within(details)
        .getAllByRole('term')
        .find((dt) => dt.textContent === t)?.nextElementSibling?.textContent;
    expect(term('Visitante')).toBe('Laura Gómez Pineda');
    expect(term('Destino')).toBe('Torre A - 101');
    expect(term('Invita')).toBe('Rosa Hernández');
    expect(term('Evento')).toBe('Cumpleaños de Sofía');
    expect(term('Acompañantes')).toBe('2');
    expect(term('Placas esperadas')).toBe('ABC-123-D');
    expect(term('Entradas')).toBe('1 de 2');
    // The form starts from the pass: the visitor and companions, its plates, the first access point.
    const form = screen.getByRole('form', { name: 'Registrar entrada' });
    expect(within(form).getByRole('spinbutton', { name: 'Personas' })).toHaveProperty('value', '3');
    expect(within(form).getByRole('textbox', { name: 'Placas' })).toHaveProperty('value', 'ABC-123-D');
    expect(screen.queryByRole('button', { name: 'Registrar rechazo' })).toBeNull();
    const readsBefore = todayReads(api);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nota' }), { target: { value: 'Trae pastel' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText('Entrada registrada: Laura Gómez Pineda', {}, SLOW)).toBeTruthy();
    expect(posts(api, PATHS.entry)).toEqual([
      {
        clientId: expect.stringMatching(UUID),
        passId: 41,
        apartmentId: 7,
        visitorName: 'Laura Gómez Pineda',
        people: 3,
        plates: 'ABC-123-D',
        accessPoint: 'Caseta principal',
        note: 'Trae pastel',
      },
    ]);
    // The lists are read again, and the code field is ready for the next visitor.
    await waitFor(() => expect(todayReads(api)).toBeGreaterThan(readsBefore));
    expect(screen.getByRole('textbox', { name: 'Clave manual o QR' })).toHaveProperty('value', '');
  });

  it('offers Registrar salida for a visitor inside, and lets out from Dentro ahora', async () => {
    const api = caseta(INSIDE_CHECK, {
      [PATHS.exit]: () => json(movementAnswer(movement({ ...EXIT, visitorName: 'Mario Ruiz Soto', entryId: 290 }))),
    });
    const inside = await screen.findByRole('list', { name: 'Dentro ahora' });
    expect(within(inside).getByText('Mario Ruiz Soto')).toBeTruthy();
    expect(within(inside).getByText('Entró a las 9:00 AM')).toBeTruthy();
    fireEvent.click(within(inside).getByRole('button', { name: 'Registrar la salida de Mario Ruiz Soto' }));
    expect(await screen.findByText('Salida registrada: Mario Ruiz Soto', {}, SLOW)).toBeTruthy();
    expect(posts(api, PATHS.exit)).toEqual([{ clientId: expect.stringMatching(UUID), entryId: 290 }]);

    await checkCode();
    expect(await screen.findByText('Está dentro: registra su salida.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Registrar entrada' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar salida' }));
    await waitFor(() => expect(posts(api, PATHS.exit)).toHaveLength(2));
    expect(posts(api, PATHS.exit)[1]).toEqual({ clientId: expect.stringMatching(UUID), entryId: 301 });
    expect(posts(api, PATHS.exit)[1]!.clientId).not.toBe(posts(api, PATHS.exit)[0]!.clientId);
  });

  it('records a refusal with the reason of a pass that does not let in now', async () => {
    const api = caseta(EARLY_CHECK, { [PATHS.refusal]: () => json(movementAnswer(REFUSAL)) });
    await checkCode();
    const verdict = await screen.findByRole('status', { name: 'Fuera de horario' });
    expect(within(verdict).getByText('Hoy puede entrar a partir de las 10:00 AM.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar entrada' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar rechazo' }));
    expect(await screen.findByText('Rechazo registrado: Laura Gómez Pineda')).toBeTruthy();
    expect(posts(api, PATHS.refusal)).toEqual([
      {
        clientId: expect.stringMatching(UUID),
        passId: 41,
        apartmentId: 7,
        visitorName: 'Laura Gómez Pineda',
        reason: 'early',
        note: null,
      },
    ]);
  });

  it('shows an unknown code in grey and records its refusal naming who it was', async () => {
    const api = caseta(null, {
      [PATHS.refusal]: () => json(movementAnswer(movement({ ...REFUSAL, visitorName: 'Hombre de gorra' }))),
    });
    await checkCode('NOEXISTE');
    expect(await screen.findByRole('status', { name: 'Pase desconocido' })).toBeTruthy();
    const refuse = screen.getByRole('button', { name: 'Registrar rechazo' });
    expect(refuse).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: '¿Quién era?' }), { target: { value: 'Hombre de gorra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar rechazo' }));
    expect(await screen.findByText('Rechazo registrado: Hombre de gorra')).toBeTruthy();
    expect(posts(api, PATHS.refusal)[0]).toMatchObject({ passId: null, visitorName: 'Hombre de gorra', reason: 'unknown' });
  });

  it('retries an entry lost on the way with the same clientId', async () => {
    let attempts = 0;
    const api = caseta(VALID_CHECK, {
      [PATHS.entry]: () => {
        attempts++;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json(movementAnswer(ENTRY, true));
      },
    });
    await checkCode();
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar entrada' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('No se registró el movimiento')).toBeTruthy();
    expect(within(alert).getByText(NETWORK)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(await screen.findByText('Entrada registrada: Laura Gómez Pineda', {}, SLOW)).toBeTruthy();
    const [first, second] = posts(api, PATHS.entry);
    expect(second).toEqual(first);
  });

  it('reads a 403 as a refusal in the server’s words, not as a lost connection', async () => {
    caseta(VALID_CHECK, {
      [PATHS.entry]: () =>
        json({ success: false, code: 'FORBIDDEN', message: 'Tu turno no permite registrar movimientos.' }, 403),
    });
    await checkCode();
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar entrada' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Tu turno no permite registrar movimientos.')).toBeTruthy();
    expect(within(alert).queryByText(NETWORK)).toBeNull();
  });

  it('says when nobody is expected or inside', async () => {
    caseta(VALID_CHECK, { [PATHS.today]: () => json(EMPTY_TODAY) });
    expect(await screen.findByText('Nadie esperado hoy.')).toBeTruthy();
    expect(screen.getByText('Nadie dentro ahora.')).toBeTruthy();
  });

  it('searches the expected list once the typing stops', async () => {
    const api = caseta(VALID_CHECK);
    await screen.findByRole('list', { name: 'Esperados hoy' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre, placa o vivienda' }), {
      target: { value: 'ABC' },
    });
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([r]) => (r as Request).url.endsWith('/--caseta/hoy?q=ABC'))).toBe(true),
    );
    expect(todayReads(api)).toBe(2);
  });

  it('sends away those who do not keep the gate', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('resident'));
    const { location } = signedIn(<CasetaPage />, '/caseta');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--caseta'))).toBe(false);
  });
});
