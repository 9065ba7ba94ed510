// dispositivos/register/{id} on a phone, the network stubbed at fetch: it opens with nobody signed in (outside the
// authentication guard of /condominio), pairs with the code, keeps the device in localStorage, lists the gate staff
// with the device's header, and a PIN opens the shift whose token the session adopts; a wrong code and a wrong PIN
// say so; a revoked device asks for a code again.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_STORAGE_KEY } from '../../src/services/gateDevicesService';
import { AppRoutes } from '../../src/views/app/routes';
import { STAFF, STORED_DEVICE } from '../support/gateDeviceFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { useViewport } from '../support/views/signedInShell';

interface Seen {
  method: string;
  path: string;
  body: unknown;
  device: string | null;
  token: string | null;
}

const deviceSession = () => ({
  ...sessionFor('guard'),
  dispositivo: { id: 1, name: 'Caseta principal', accessPoint: 'Caseta principal' },
});

function stub(answers: Record<string, (body: unknown) => Response>) {
  const calls: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body = text ? JSON.parse(text) : null;
      calls.push({
        method: request.method,
        path,
        body,
        device: request.headers.get('gate-device'),
        token: request.headers.get('app-token'),
      });
      const answer = answers[path];
      return answer ? answer(body) : json({ success: false, code: 'NOT_FOUND', message: 'not stubbed' }, 404);
    }),
  );
  return calls;
}

const ok = (extra: object) => () => json({ success: true, ...extra });
const refused = (status: number, messageId: string) => () =>
  json({ success: false, code: 'UNAUTHENTICATED', message: messageId, messageId }, status);

beforeEach(() => useViewport('phone'));
afterEach(() => vi.unstubAllGlobals());

describe('Vincular dispositivo', { timeout: 20_000 }, () => {
  it('opens with nobody signed in, pairs with the code, and a PIN starts the shift', async () => {
    const calls = stub({
      '/api/--dispositivos/1/vincular': (body) =>
        (body as { code: string }).code === '04812736'
          ? json({ success: true, device: STORED_DEVICE })
          : refused(401, 'gateDevices.error.wrongCode')(),
      '/api/--dispositivos/turno/personal': ok({ items: STAFF }),
      '/api/--dispositivos/turno/abrir': (body) =>
        (body as { pin: string }).pin === '1234'
          ? json({ success: true, token: 'shift-token' })
          : refused(401, 'gateDevices.error.wrongPin')(),
      '/api/--sesiones/session-data': ok({ data: deviceSession() }),
    });
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/dispositivos/register/1' });
    const code = await screen.findByLabelText('Código de vinculación');
    expect(location.history).toEqual(['/condominio/dispositivos/register/1']);
    const pair = screen.getByRole('button', { name: 'Vincular' });
    fireEvent.change(code, { target: { value: '1234' } });
    expect(pair.hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '11112222' } });
    fireEvent.click(pair);
    expect(await screen.findByText(/El código es incorrecto o expiró/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Código de vinculación'), { target: { value: '0481-2736' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vincular' }));

    expect(await screen.findByRole('heading', { name: 'Caseta principal' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(DEVICE_STORAGE_KEY) ?? 'null')).toEqual(STORED_DEVICE);
    const staffCall = calls.find((c) => c.path === '/api/--dispositivos/turno/personal');
    expect(staffCall?.device).toBe(STORED_DEVICE.token);
    // Someone without a PIN cannot be picked.
    const who = screen.getByLabelText('¿Quién está de turno?') as HTMLSelectElement;
    expect([...who.options].find((o) => o.value === '11')?.disabled).toBe(true);
    expect(who.value).toBe('15');

    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar turno' }));
    expect(await screen.findByText('PIN incorrecto.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar turno' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/condominio/caseta'));
    const shift = calls.filter((c) => c.path === '/api/--dispositivos/turno/abrir').at(-1);
    expect(shift).toMatchObject({ body: { membershipId: 15, pin: '1234' }, device: STORED_DEVICE.token });
    // The session took the shift's token (kept across reloads).
    expect(window.localStorage.getItem('app-token')).toBe('shift-token');
    expect(calls.find((c) => c.path === '/api/--sesiones/session-data')?.token).toBe('shift-token');
  });

  it('asks a revoked device for a code again', async () => {
    window.localStorage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(STORED_DEVICE));
    stub({ '/api/--dispositivos/turno/personal': refused(401, 'gateDevices.error.unknownDevice') });
    renderWithApp(<AppRoutes />, { path: '/condominio/dispositivos/register/1' });
    expect(await screen.findByText(/Este dispositivo ya no está vinculado/)).toBeTruthy();
    expect(screen.getByLabelText('Código de vinculación')).toBeTruthy();
    expect(window.localStorage.getItem(DEVICE_STORAGE_KEY)).toBeNull();
  });

  it('sends any other /condominio page to sign-in when nobody is signed in', async () => {
    stub({});
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/dispositivos' });
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/sessions\/signin/), { timeout: 8000 });
  });
});
