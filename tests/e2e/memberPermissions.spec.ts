// configuracion, tab 'permisos' in Chromium, desktop and phone: a guard without 'Verificar pase' signs in and
// finds no pass check on the employee panel; the administrator finds them in 'Personal y permisos', switches
// on "ACC-PAS · Verificar pase" and saves; the guard signs in again and now checks passes. Screenshots go to
// test-results/permissions/.
//
// Demo data is shared with the other specs: this one changes only vigilante1@demo.mx (desktop) and
// vigilante2@demo.mx (phone), guards no other spec uses. The administrator's own roles are never touched here
// (the last-administrator refusal is tests/server/memberPermissions.test.ts's).
import type { Browser, TestInfo } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, shotsIn, submitSignIn, test } from './fixtures';

test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

const GUARD: Record<string, { email: string; name: string }> = {
  desktop: { email: 'vigilante1@demo.mx', name: 'Víctor Navarro Ríos' },
  phone: { email: 'vigilante2@demo.mx', name: 'Verónica Salas Campos' },
};
const guardOf = (testInfo: TestInfo) => {
  const guard = GUARD[testInfo.project.name];
  if (!guard) throw new Error(`no guard for the project ${testInfo.project.name}`);
  return guard;
};
const shot = shotsIn('test-results/permissions');

/** Signing in hashes a password on the server, which takes a while when the whole suite runs at once. */
const SIGN_IN_TIMEOUT = { timeout: 30_000 };

/** The guard, signed in through the sign-in page in a browser of their own, on the employee panel. */
async function guardPanel(browser: Browser, baseURL: string, email: string, testInfo: TestInfo) {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  const device = Object.fromEntries(
    Object.entries({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  // Signed out: not the administrator's saved session this file uses.
  const context = await browser.newContext({ ...device, baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/sessions/signin');
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/condominio\//, SIGN_IN_TIMEOUT);
  await page.goto('/condominio/panel-del-empleado');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
  await expect(page.getByText('Guardia', { exact: true })).toBeVisible();
  return { context, page };
}

test(
  'the administrator gives a guard Verificar pase, and the guard then checks passes',
  { tag: '@desktop-only' },
  async ({ page, browser, baseURL }, testInfo) => {
    const guard = guardOf(testInfo);

    const before = await guardPanel(browser, baseURL!, guard.email, testInfo);
    await expect(before.page.getByRole('region', { name: 'Tus accesos' })).toBeVisible();
    await expect(before.page.getByRole('heading', { name: 'Verificar pase' })).toHaveCount(0);
    await before.context.close();

    await page.goto('/condominio/configuracion?tab=permisos');
    await expect(page.getByRole('tab', { name: 'Personal y permisos', selected: true })).toBeVisible();
    const list = page.getByRole('list', { name: 'Personal y permisos' });
    // Staff first: the administrator leads the list.
    await expect(list.getByRole('listitem').first()).toContainText('Administrador');
    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(guard.email.split('@')[0]!);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await shot(page, testInfo, 'members');
    await list.getByRole('button', { name: new RegExp(guard.name) }).click();

    const editor = page.getByRole('dialog', { name: `Permisos de ${guard.name}` });
    const passCheck = editor.getByRole('switch', { name: 'ACC-PAS · Verificar pase' });
    await expect(passCheck).not.toBeChecked();
    await expect(editor.getByRole('switch', { name: 'Guardia' })).toBeChecked();
    await expect(editor.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await passCheck.check({ force: true });
    await expect(editor.getByText('Tienes cambios sin guardar.')).toBeVisible();
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await expect(editor.getByText(/Permisos guardados/)).toBeVisible();
    await expect(passCheck).toBeChecked();
    await shot(page, testInfo, 'editor-saved');

    const after = await guardPanel(browser, baseURL!, guard.email, testInfo);
    await expect(after.page.getByRole('heading', { name: 'Verificar pase' })).toBeVisible();
    await expect(after.page.getByRole('textbox', { name: 'Clave manual o QR' })).toBeVisible();
    await shot(after.page, testInfo, 'guard-can-check');
    await after.context.close();
  },
);
