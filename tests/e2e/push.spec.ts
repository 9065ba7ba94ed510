// Web Push in Chromium (issue 30): a guard logs a parcel for a resident's dwelling; the app's notification is
// pushed by the server, encrypted and VAPID-signed, to the resident's subscription, whose push service is a local
// stand-in (tests/support/pushServiceFake.ts, named to the app by tests/e2e/globalSetup.ts); the stand-in decrypts
// it as the browser would and hands the payload to the app's real service worker (src/sw.ts) through CDP's
// ServiceWorker.deliverPushMessage, as Chromium's push service would; the worker shows the notification (its
// words, icon, tag and screen); a click on it takes the app's open window to that screen.
//
// What Chromium headless does not allow, and so is not proven here: a subscription from pushManager.subscribe
// (headless Chromium has no push service to register with: it answers "Registration failed - permission denied",
// which the card says as a failure, checked below), and a person's trusted click on a system notification (CDP
// has no command for it): the click is dispatched to the worker as a NotificationEvent, so the navigation of an
// open window is proven, and the focus and a new window for a closed app, which need the trusted click, are not.
// The headless shell denies notifications outright, so this file drives Debian's full Chromium (new headless).
import type { BrowserContext, Page } from '@playwright/test';
import { launchOptions } from '../../playwright.config';
import { CHROMIUM } from '../../scripts/chromium.mjs';
import { apiToken } from '../support/e2e/apiSignIn';
import { type PushServiceFake, startPushServiceFake } from '../support/pushServiceFake';
import { expect, test } from './fixtures';

/** A neighbour no other spec uses: their subscription and parcels are this file's alone. */
const RESIDENT = 'vecino084@demo.mx';

test.use({
  serviceWorkers: 'allow',
  keptLanguage: 'es',
  launchOptions: { ...launchOptions, executablePath: process.env.CHROME_PATH ?? CHROMIUM },
});

let push: PushServiceFake;
test.beforeAll(async () => {
  const origin = process.env.E2E_PUSH_ORIGIN;
  if (!origin) throw new Error('E2E_PUSH_ORIGIN is not set: run through playwright.config.ts');
  push = await startPushServiceFake(Number(new URL(origin).port));
});
test.afterAll(() => push?.close());

/** The page once the app's worker controls it. */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

/** What the worker shows now: its notifications as the Notifications API lists them. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data,
    }));
  });

/** Hands `data` to the app's worker as the browser's push service would (CDP ServiceWorker.deliverPushMessage). */
async function deliver(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${origin}/`)).toBe(true);
  const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/`)!;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  await cdp.detach();
}

test('a parcel’s notification reaches the resident’s browser as a push and opens Paquetería @desktop-only', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const token = await apiToken(request, RESIDENT);
  const resident = { 'app-token': token };

  // mi-perfil: the card finds the browser able to receive, and off; subscribing needs a push service headless
  // Chromium does not have, which the card says.
  await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
  await page.goto('/condominio/mi-perfil');
  await controlled(page);
  await page.reload();
  const card = page.getByTestId('push-card');
  await expect(card.getByTestId('push-state')).toHaveText('Desactivadas en este dispositivo.');
  await card.getByRole('button', { name: 'Activar' }).click();
  await expect(card.getByText('No pudimos cambiar las notificaciones de este dispositivo.')).toBeVisible();

  // The resident's browser, as the push service knows it: subscribed through the API with its own keys.
  const browser = push.browser();
  expect((await request.post('/api/--push/subscribe', { headers: resident, data: browser.subscription })).status()).toBe(200);

  // A guard logs a parcel for the resident's dwelling: the app tells its residents, and pushes it.
  const session = await request.get('/api/--sesiones/session-data', { headers: resident });
  const apartmentId = ((await session.json()) as { data: { usuario: { apartments: { AptId: number }[] } } }).data.usuario
    .apartments[0]!.AptId;
  const guard = { 'app-token': await apiToken(request, 'guardia@demo.mx') };
  const carrier = `Push ${Date.now().toString(36)}`;
  const arrived = await request.post('/api/--paqueteria/registrar', {
    headers: guard,
    data: { clientId: crypto.randomUUID(), apartmentId, carrier, size: 'chico' },
  });
  expect(arrived.status(), await arrived.text()).toBe(200);
  await expect.poll(() => push.pushesFor(browser.endpoint).length, { timeout: 20_000 }).toBe(1);
  const [received] = push.pushesFor(browser.endpoint);
  expect(received!.vapidProblem).toBeNull();
  const payload = received!.payload as { title: string; body: string; path: string; tag: string };
  expect(payload.path).toBe('/condominio/paqueteria');
  expect(payload.body).toContain(carrier);

  // Chromium's push service hands it to the worker, which shows it.
  await deliver(context, page, origin, JSON.stringify(payload));
  await expect
    .poll(() => shown(page))
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        icon: `${origin}/pwa-192x192.png`,
        data: { path: '/condominio/paqueteria' },
      },
    ]);

  // A push that is not ours shows the app's name, and opens the home.
  await deliver(context, page, origin, 'texto suelto');
  await expect
    .poll(async () => (await shown(page)).map((n) => [n.title, n.data]))
    .toContainEqual(['Comunidad', { path: '/condominio' }]);

  // A click on the parcel's notification takes the open window to Paquetería.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async (tag) => {
    // The worker's globals (this file is typed with the page's DOM, not the worker's).
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const { NotificationEvent } = globalThis as unknown as {
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  }, payload.tag);
  await page.waitForURL(`${origin}/condominio/paqueteria`);
  await expect(page.getByText(carrier)).toBeVisible();
  await expect.poll(async () => (await shown(page)).map((n) => n.tag)).not.toContain(payload.tag);
});
