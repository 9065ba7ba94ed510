// A browser paired as a gate device whose shift session is gone (issue 26), the network stubbed at fetch: it
// lands on its own page (condominio/dispositivos/register/{id}), never on the person sign-in page: the shift
// screen when the device still works, the pairing form (and the device's token forgotten) when the server refuses
// the device too. A browser that is no device still goes to sign-in.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_STORAGE_KEY, fetchPinStatus } from '../../src/services/gateDevicesService';
import { readToken, saveToken } from '../../src/services/tokenStore';
import { AppRoutes } from '../../src/views/app/routes';
import { STAFF, STORED_DEVICE } from '../support/gateDeviceFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { useViewport } from '../support/views/signedInShell';

const PAIR_PAGE = '/condominio/dispositivos/register/1';
const NO_SESSION = {
  success: false,
  code: 'UNAUTHENTICATED',
  message: 'Inicia sesión para continuar.',
  messageId: 'errors.unauthenticated',
};
const UNKNOWN_DEVICE = {
  success: false,
  code: 'UNAUTHENTICATED',
  message: 'Este dispositivo ya no está vinculado.',
  messageId: 'gateDevices.error.unknownDevice',
};

const deviceSession = () => ({
  ...sessionFor('guard'),
  dispositivo: { id: 1, name: 'Caseta principal', accessPoint: 'Caseta principal' },
});

/** The server as the test says: the shift session and the device each still work or not. */
function stubServer(server: { session: boolean; device: boolean }) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      paths.push(path);
      if (path === '/api/--dispositivos/turno/personal')
        return server.device && request.headers.get('gate-device') === STORED_DEVICE.token
          ? json({ success: true, items: STAFF })
          : json(UNKNOWN_DEVICE, 401);
      if (!server.session && request.headers.has('app-token')) return json(NO_SESSION, 401);
      if (path === '/api/--sesiones/session-data') return json({ success: true, data: deviceSession() });
      if (path === '/api/--sesiones/sign-out') return json({ success: true });
      if (path === '/api/--sesiones/active-sessions') return json({ success: true, items: [], total: 0 });
      if (path === '/api/--directorio/mi-contacto')
        return json({ success: true, contact: { phone: '', showPhone: false, showEmail: false } });
      return json({ success: false, code: 'NOT_FOUND', message: 'not stubbed' }, 404);
    }),
  );
  return paths;
}

function pairedOnShift() {
  window.localStorage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(STORED_DEVICE));
  saveToken('shift-token', true);
}

const lastPath = (location: { history: string[] }) => location.history.at(-1);

beforeEach(() => useViewport('phone'));
afterEach(() => vi.unstubAllGlobals());

describe('a gate device whose shift ended', { timeout: 20_000 }, () => {
  it('a shift token refused when the app opens (expired, revoked) goes to the shift screen of its device', async () => {
    pairedOnShift();
    stubServer({ session: false, device: true });
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/caseta' });
    await waitFor(() => expect(lastPath(location)).toBe(PAIR_PAGE), { timeout: 8000 });
    expect(await screen.findByLabelText('¿Quién está de turno?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar turno' })).toBeTruthy();
    expect(location.history.some((p) => p.startsWith('/sessions/signin'))).toBe(false);
    expect(readToken()).toBeNull();
    // The device still works: it stays paired.
    expect(JSON.parse(window.localStorage.getItem(DEVICE_STORAGE_KEY) ?? 'null')).toEqual(STORED_DEVICE);
  });

  it('a shift ended mid-use on a revoked device goes to its page, which forgets the device and asks for a code', async () => {
    pairedOnShift();
    const server = { session: true, device: true };
    stubServer(server);
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/mi-perfil' });
    // On duty: the device shell.
    expect(await screen.findByRole('button', { name: 'Terminar turno' }, { timeout: 8000 })).toBeTruthy();
    // The administrator revokes the device: the shift session and the device's token end at once.
    server.session = false;
    server.device = false;
    // The device's next call (whichever screen makes it) is answered "no session".
    await expect(fetchPinStatus()).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(lastPath(location)).toBe(PAIR_PAGE), { timeout: 8000 });
    expect(await screen.findByText(/Este dispositivo ya no está vinculado/)).toBeTruthy();
    expect(screen.getByLabelText('Código de vinculación')).toBeTruthy();
    expect(window.localStorage.getItem(DEVICE_STORAGE_KEY)).toBeNull();
    expect(readToken()).toBeNull();
    expect(location.history.some((p) => p.startsWith('/sessions/signin'))).toBe(false);
  });

  it('"Terminar turno" goes back to the shift screen, the device still paired', async () => {
    pairedOnShift();
    const paths = stubServer({ session: true, device: true });
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/mi-perfil' });
    fireEvent.click(await screen.findByRole('button', { name: 'Terminar turno' }, { timeout: 8000 }));
    await waitFor(() => expect(lastPath(location)).toBe(PAIR_PAGE), { timeout: 8000 });
    expect(await screen.findByLabelText('¿Quién está de turno?')).toBeTruthy();
    expect(paths).toContain('/api/--sesiones/sign-out');
    expect(readToken()).toBeNull();
    expect(window.localStorage.getItem(DEVICE_STORAGE_KEY)).not.toBeNull();
  });

  it('a browser that is no device still goes to sign-in', async () => {
    saveToken('a-person-token', true);
    stubServer({ session: false, device: false });
    const { location } = renderWithApp(<AppRoutes />, { path: '/condominio/mi-perfil' });
    await waitFor(() => expect(lastPath(location)).toMatch(/^\/sessions\/signin\?/), { timeout: 8000 });
  });
});
