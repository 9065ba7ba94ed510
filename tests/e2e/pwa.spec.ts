// The installable app (issue 26, "Offline"), in Chromium with its service worker (src/sw.ts), which every other
// spec blocks (playwright.config.ts): the visitor pass and a signed-in screen open again without network once
// they were opened, their pages taken from the worker's cache with the policy and nonce they came with; the
// page links a manifest that names the app and its icons. Run once, on a phone: nothing here is about layout.
import type { BrowserContext, Page } from '@playwright/test';
import { apiToken, openSignedIn } from '../support/e2e/apiSignIn';
import { keptSnapshots, pairedPhoneOnShift } from '../support/e2e/gateDevice';
import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow', keptLanguage: 'es' });

const PASS = '/invitacion/1/DEMO-PASE-001';

/**
 * Waits until the worker controls the page and has kept the page itself and every build file the page fetched
 * (those fetched before it took over come from its warm-up: src/services/serviceWorker.ts). A pass's page holds
 * its own answer (painted by the server, server/infra/firstPaint.ts): kept with the page.
 */
async function keptForOffline(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return ['no worker controls the page'];
          const files = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => name.startsWith(`${location.origin}/assets/`));
          const wanted = new Set([`${location.origin}${location.pathname}`, ...files]);
          const missing: string[] = [];
          for (const url of wanted) if (!(await caches.match(url, { ignoreVary: true }))) missing.push(url);
          return missing;
        }),
      { timeout: 20_000 },
    )
    .toEqual([]);
}

/** Cuts the network, and proves the worker's own fetches are cut too (its answers below come from its caches). */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker').toBeDefined();
  expect(
    await worker!.evaluate(() =>
      fetch('/api/health').then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
}

/** Mantine's variables come in a <style> with the page's nonce: applied only when the cached page's policy names it. */
const fontFamily = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

test('the visitor pass opens without network once it was opened @phone-only', async ({ page, context }) => {
  await page.goto(PASS);
  await expect(page.getByTestId('pass-name')).toHaveText('Laura Gómez Pineda');
  await keptForOffline(page);

  await goOffline(context);
  await page.reload();
  await expect(page).toHaveTitle(/^Invitacion \| Comunidad$/);
  await expect(page.getByTestId('pass-name')).toHaveText('Laura Gómez Pineda');
  await expect(page.getByTestId('pass-key')).toHaveText('PALMAS01');
  await expect(page.getByRole('img', { name: 'Código QR del pase' })).toBeVisible();
  expect(await fontFamily(page)).toContain('system-ui');

  // A pass never opened on this phone is not there offline: the page says it could not load it.
  await page.goto('/invitacion/1/OTRO-PASE-999');
  await expect(page.getByText('No pudimos cargar el pase.')).toBeVisible();
  await expect(page.getByTestId('pass-name')).toHaveCount(0);
});

test('a pass revoked after it was opened is forgotten: offline it does not show @phone-only', async ({
  page,
  context,
  request,
}) => {
  // A pass of a neighbour no other spec uses, made and revoked through the API.
  const headers = { 'app-token': await apiToken(request, 'vecino078@demo.mx') };
  const overview = await request.get('/api/--mis-invitados/resumen', { headers });
  const { dwellings } = (await overview.json()) as { dwellings: { AptId: number }[] };
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/--mis-invitados/crear-pase', {
    headers,
    data: {
      tipo: 'temporal',
      nombre: `Visita revocada ${Date.now().toString(36)}`,
      email: '',
      telefono: '',
      fechaInicio: inTwoDays,
      fechaFin: inTwoDays,
      horaInicio: '',
      horaFin: '',
      diasAcceso: [],
      notaVisitante: '',
      nombreInfante: '',
      apartmentId: dwellings[0]!.AptId,
    },
  });
  expect(created.status()).toBe(200);
  const { item } = (await created.json()) as { item: { id: number; QR: string; CondoId: number; Nombre: string } };
  const address = `/invitacion/${item.CondoId}/${item.QR}`;
  await page.goto(address);
  await expect(page.getByTestId('pass-name')).toHaveText(item.Nombre);
  await keptForOffline(page);

  expect((await request.post('/api/--mis-invitados/revocar-pase', { headers, data: { id: item.id } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('El pase de acceso no fue encontrado o no es válido.')).toBeVisible();

  // Offline the page still opens, and says it could not load the pass rather than showing the revoked one.
  await goOffline(context);
  await page.reload();
  await expect(page.getByText('No pudimos cargar el pase.')).toBeVisible();
  await expect(page.getByTestId('pass-name')).toHaveCount(0);
});

test('a signed-in screen opened once opens again offline, and its session loads when the network is back @phone-only', async ({
  page,
  context,
}) => {
  await openSignedIn(page, 'consejo@demo.mx', '/condominio/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await keptForOffline(page);

  await goOffline(context);
  await page.reload();
  // The app's own words, in its own styles: the shell came from the worker; only the session needs the server.
  await expect(page.getByRole('alert')).toContainText('Sin conexión con el servidor');
  expect(await fontFamily(page)).toContain('system-ui');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Sin conexión con el servidor')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a paired caseta reopened without network opens on its shift and checks a pass against its snapshot @phone-only', async ({
  page,
  context,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.mx', 'Residencial Las Palmas');
  await pairedPhoneOnShift(page, request, { 'app-token': admin }, 'Tableta caseta sin red e2e');
  // Opened again as a page the worker serves (the shift opened it in the same page, which the worker did not see).
  await page.goto('/condominio/caseta');
  await expect(page.getByRole('heading', { name: 'Caseta', level: 1 })).toBeVisible();
  await expect.poll(() => keptSnapshots(page), { timeout: 15_000 }).toBe(1);
  await keptForOffline(page);

  await goOffline(context);
  await page.reload();
  // The shift's session data kept on the device (services/shiftSessionStore.ts): the caseta itself, not an error.
  await expect(page.getByRole('heading', { name: 'Caseta', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión');
  await page.getByRole('textbox', { name: 'Clave manual o QR' }).fill('PALMAS01');
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page.getByText(/Verificado sin conexión/)).toBeVisible();
  await context.setOffline(false);
});

test('the page links a manifest that names the app, its colours and its icons, and the icons load @phone-only', async ({
  page,
}) => {
  await page.goto(PASS);
  await expect(page.getByTestId('pass-name')).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  // An icon's address is relative to the manifest's, not to the page's.
  const manifestUrl = new URL(href!, page.url());
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Comunidad',
    short_name: 'Comunidad',
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, new URL(icon.src, manifestUrl).href);
    expect(size, icon.src).toBe(icon.sizes);
  }

  // Chromium reads the same manifest without errors.
  const cdp = await page.context().newCDPSession(page);
  const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(read.url).toMatch(/\/manifest\.webmanifest$/);
  expect(read.errors).toEqual([]);
});
