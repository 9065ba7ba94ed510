// mi-perfil's "Sesiones activas" in Chromium against the real server, at desktop and phone size: a neighbour
// signs in on this browser and on an iPhone (another browser context with its user agent), sees both in
// mi-perfil with this one marked, ends the iPhone's after a confirmation and sees it gone, and the iPhone is
// sent to the sign-in page on its next load; then a third session elsewhere, and "Cerrar las demás
// sesiones". Screenshots go to test-results/sessions/ for a person to look at.
//
// Demo data is shared with the other specs: this one signs in only as vecino060 (desktop) and vecino061
// (phone), whom no other spec uses.
import type { Browser, Page, TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, expect, submitSignIn, test } from './fixtures';

const NEIGHBOUR: Record<string, string> = { desktop: 'vecino060@demo.mx', phone: 'vecino061@demo.mx' };
const neighbourOf = (testInfo: TestInfo) => NEIGHBOUR[testInfo.project.name] ?? 'vecino062@demo.mx';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signing in hashes a password on the server, which takes a while when the whole suite runs at once. */
const SIGN_IN_TIMEOUT = { timeout: 15_000 };

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await page.screenshot({ path: `test-results/sessions/${testInfo.project.name}-${name}.png`, fullPage });
}

async function signIn(page: Page, email: string) {
  await page.goto('/sessions/signin');
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/condominio\/comunicacion$/, SIGN_IN_TIMEOUT);
}

/** Another device: its own browser context, with an iPhone's user agent. */
async function iphone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, userAgent: IPHONE, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  return { context, page: await context.newPage() };
}

const card = (page: Page) => page.getByRole('list', { name: 'Sesiones activas' });
const sessionRows = (page: Page) => card(page).getByRole('listitem');

test.describe.configure({ timeout: 60_000 });

test(
  'a neighbour ends the session of another device, and then all the others',
  { tag: '@phone-only' },
  async ({ page, browser, baseURL }, testInfo) => {
    const email = neighbourOf(testInfo);
    await signIn(page, email);
    const other = await iphone(browser, baseURL!);
    try {
      await signIn(other.page, email);

      await page.goto('/condominio/mi-perfil');
      await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
      await expect(sessionRows(page)).toHaveCount(2);
      const mine = sessionRows(page).first();
      await expect(mine).toContainText('Esta sesión');
      await expect(mine.getByRole('button')).toHaveCount(0);
      const phone = sessionRows(page).filter({ hasText: 'Safari en iOS' });
      await expect(phone).toContainText('Teléfono');
      await expect(phone).toContainText('Residencial Las Palmas');
      await expect(phone).toContainText(/Desde \S+ · Residencial Las Palmas/);
      await phone.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'two-sessions');

      await phone.getByRole('button', { name: /^Cerrar la sesión de Safari en iOS/ }).click();
      const dialog = page.getByRole('dialog', { name: '¿Cerrar la sesión de Safari en iOS?' });
      await expect(dialog).toContainText('Esa sesión terminará de inmediato');
      await screenshot(page, testInfo, 'confirm-one');
      await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Cerramos esa sesión.' })).toBeVisible();
      await expect(sessionRows(page)).toHaveCount(1);
      await expect(page.getByText('Solo esta sesión está abierta.')).toBeVisible();
      await screenshot(page, testInfo, 'one-session');

      // The iPhone's session ended at once: its next load finds no session and asks to sign in.
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/sessions\/signin/);
      await expect(other.page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

      // Two more sessions elsewhere, then "all the others" from the keyboard.
      await signIn(other.page, email);
      const api = await page.request.post('/api/--sesiones/sign-in', { data: { username: email, password: DEMO_PASSWORD } });
      expect(api.status()).toBe(200);
      const { token, condos } = (await api.json()) as { token: string; condos: { CondoId: number; UserId: number }[] };
      const login = await page.request.post('/api/--sesiones/condo-login', {
        data: { CondoId: condos[0]!.CondoId, UserId: condos[0]!.UserId, token },
      });
      expect(login.status()).toBe(200);
      await page.reload();
      await expect(sessionRows(page)).toHaveCount(3);
      const others = page.getByRole('button', { name: 'Cerrar las demás sesiones' });
      await others.focus();
      await page.keyboard.press('Enter');
      const confirmOthers = page.getByRole('dialog', { name: '¿Cerrar las demás sesiones?' });
      await expect(confirmOthers).toContainText('Esta sesión sigue abierta.');
      await confirmOthers.getByRole('button', { name: 'Cerrar las demás' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Cerramos tus demás sesiones.' })).toBeVisible();
      await expect(sessionRows(page)).toHaveCount(1);
      await expect(sessionRows(page).first()).toContainText('Esta sesión');
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/sessions\/signin/);
      // This browser is still signed in.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
      await screenshot(page, testInfo, 'profile', true);
    } finally {
      await other.context.close();
    }
  },
);
