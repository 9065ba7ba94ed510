// mi-perfil's "Notificaciones en este dispositivo" (issue 30) over its machine and the browser's own side: a
// browser without the Push API, one whose person blocked notifications, turning on (the browser asks, subscribes
// with the server's key, the server keeps the subscription) and off, the question left unanswered, and a kind
// switched off for all devices, put back when saving fails. The network is stubbed at fetch, and the browser's
// push APIs (Notification, PushManager, the worker's registration) by a stand-in that records what was asked.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_KINDS } from '../../src/api/push';
import { PushCard } from '../../src/views/profile/PushCard';
import { json } from '../support/http';
import { PUSH_PUBLIC_KEY } from '../support/pushFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

/** The browser's push side as the card sees it: permission, one subscription at most, what was asked of it. */
function fakeBrowserPush(options: { permission: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean }) {
  let current: PushSubscription | null = null;
  const subscription = (key: Uint8Array) =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  const keyOf = () => Uint8Array.from(Buffer.from(PUSH_PUBLIC_KEY, 'base64url'));
  if (options.subscribed) current = subscription(keyOf());
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      current = subscription(applicationServerKey);
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission: options.permission,
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, notification, current: () => current };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const ok = () => json({ success: true });
const stateLine = async () => (await screen.findByTestId('push-state')).textContent;

describe('PushCard', () => {
  it('says a browser without the Push API cannot receive, and still offers the kinds for the other devices', async () => {
    stubApi(sessionFor('resident'));
    signedIn(<PushCard />, '/mi-perfil');
    expect(await stateLine()).toBe(
      'Este navegador no puede recibir notificaciones. En iPhone, agrega la app a la pantalla de inicio y ábrela desde ahí.',
    );
    expect(screen.queryByRole('button', { name: 'Activar' })).toBeNull();
    expect(screen.getAllByRole('switch')).toHaveLength(PUSH_KINDS.length);
    expect((screen.getByRole('switch', { name: 'Mensajes' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says notifications are blocked, and looks again when asked', async () => {
    const browser = fakeBrowserPush({ permission: 'denied' });
    stubApi(sessionFor('resident'));
    signedIn(<PushCard />, '/mi-perfil');
    expect(await stateLine()).toMatch(/^Las notificaciones están bloqueadas para este sitio/);
    browser.notification.permission = 'default';
    await userEvent.click(screen.getByRole('button', { name: 'Volver a revisar' }));
    await waitFor(async () => expect(await stateLine()).toBe('Desactivadas en este dispositivo.'));
  });

  it('turns on: the browser asks, subscribes with the server’s key, and the server keeps it; then off again', async () => {
    const browser = fakeBrowserPush({ permission: 'default' });
    const api = stubApi(sessionFor('resident'), { '/api/--push/subscribe': ok, '/api/--push/unsubscribe': ok });
    signedIn(<PushCard />, '/mi-perfil');
    expect(await stateLine()).toBe('Desactivadas en este dispositivo.');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    await waitFor(async () => expect(await stateLine()).toBe('Activadas en este dispositivo.'));
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [asked] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(asked).toMatchObject({ userVisibleOnly: true });
    expect(Buffer.from(asked.applicationServerKey).toString('base64url')).toBe(PUSH_PUBLIC_KEY);
    expect(api.calls.filter((c) => c.path === '/api/--push/subscribe').map((c) => c.body)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    await waitFor(async () => expect(await stateLine()).toBe('Desactivadas en este dispositivo.'));
    expect(api.calls.filter((c) => c.path === '/api/--push/unsubscribe').map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.current()).toBeNull();
  });

  it('finds a subscription the server keeps as on, and one it does not as off', async () => {
    fakeBrowserPush({ permission: 'granted', subscribed: true });
    const api = stubApi(sessionFor('resident'), { '/api/--push/status': () => json({ success: true, subscribed: true }) });
    signedIn(<PushCard />, '/mi-perfil');
    expect(await stateLine()).toBe('Activadas en este dispositivo.');
    expect(api.calls.filter((c) => c.path === '/api/--push/status').map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]);
  });

  it('says the question went unanswered, and blocked when the person refuses', async () => {
    const browser = fakeBrowserPush({ permission: 'default', answer: 'default' });
    stubApi(sessionFor('resident'));
    signedIn(<PushCard />, '/mi-perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Activar' }));
    await waitFor(async () => expect(await stateLine()).toBe('No diste el permiso. Puedes activarlas cuando quieras.'));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    browser.notification.requestPermission.mockImplementationOnce(async () => 'denied');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    await waitFor(async () => expect(await stateLine()).toMatch(/^Las notificaciones están bloqueadas/));
  });

  it('saves a kind for every device, and puts the switch back when saving fails', async () => {
    let fail = false;
    const api = stubApi(sessionFor('resident'), {
      '/api/--push/kind': () => (fail ? json({ success: false, code: 'INTERNAL', message: 'Algo salió mal.' }, 500) : ok()),
    });
    signedIn(<PushCard />, '/mi-perfil');
    const messages = (await screen.findByRole('switch', { name: 'Mensajes' })) as HTMLInputElement;
    await userEvent.click(messages);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/--push/kind')).toHaveLength(1));
    expect(api.calls.find((c) => c.path === '/api/--push/kind')?.body).toEqual({ kind: 'mensaje', enabled: false });
    await waitFor(() => expect(messages.disabled).toBe(false));
    expect(messages.checked).toBe(false);

    fail = true;
    await userEvent.click(messages);
    expect(await screen.findByText('No pudimos guardar tu elección.')).toBeTruthy();
    expect(messages.checked).toBe(false);
    expect(api.calls.filter((c) => c.path === '/api/--push/kind').at(-1)?.body).toEqual({ kind: 'mensaje', enabled: true });
  });

  it('speaks the reader’s language', async () => {
    fakeBrowserPush({ permission: 'default' });
    stubApi(sessionFor('resident'));
    signedIn(<PushCard />, '/mi-perfil', 'fr');
    expect(await stateLine()).toBe('Désactivées sur cet appareil.');
    expect(screen.getByRole('button', { name: 'Activer' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Colis' })).toBeTruthy();
  });
});
