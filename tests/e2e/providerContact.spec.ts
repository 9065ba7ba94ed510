// The payment-provider intro and contact dialog (spec §2.4, §3.3, §5, §6, §8) in Chromium at desktop
// size: the administrator reaches Panel del administrador from the menu; 'llamar' keeps Enviar disabled
// until nombre, a 10-digit telefono, the preference, a day and a time are given, and the dialog closes on
// 'Éxito'; 'agendar' picks a day on the calendar; a failed call closes on 'Error'. Other roles never see
// the panel. Screenshots go to /tmp/charges-shots.
//
// At desktop size only (@desktop-only): providerContactMachine's walk fills and sends the same dialog on a
// phone, path by path. The administrator is a saved session of accounts.ts.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, screenshotForPeople, test } from './fixtures';

// Each test fills a long form on a shared, busy machine: more room than the default 30 s.
test.describe.configure({ timeout: 60_000 });
test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  screenshotForPeople(page, { path: `/tmp/charges-shots/${testInfo.project.name}-${name}.png`, fullPage: false });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Contacto con el proveedor de pagos' });

/** Today in the browser's (Mexico City) calendar, as the calendar shows it. */
const todayNumber = (page: Page) => page.evaluate(() => String(new Date().getDate()));

/** The bodies of the contact calls the page sends, read as the browser lets them through. */
async function recordContactCalls(page: Page): Promise<Record<string, unknown>[]> {
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/--proveedor-pagos/contacto', async (route) => {
    bodies.push(JSON.parse(route.request().postData() ?? 'null'));
    await route.continue();
  });
  return bodies;
}

async function openPanel(page: Page, testInfo: TestInfo) {
  await page.goto('/condominio/comunicacion');
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Panel del administrador' }).click();
  await expect(page).toHaveURL(/\/condominio\/panel-del-administrador$/);
  await expect(page.getByRole('heading', { name: 'Cobra las cuotas en línea' })).toBeVisible();
  await expect(page).toHaveTitle('Residencial Las Palmas > Panel del administrador | Comunidad');
}

async function chooseToday(page: Page) {
  const day = await todayNumber(page);
  await dialog(page)
    .locator('table button:not([data-outside]):not([disabled])')
    .filter({ hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

test('the administrator asks for a WhatsApp message: Enviar waits for a valid form, then Éxito @desktop-only', async ({
  page,
}, testInfo) => {
  await openPanel(page, testInfo);
  await shot(page, testInfo, 'admin-panel');
  await page.getByRole('button', { name: 'Que me contacten' }).click();
  const form = dialog(page);
  await expect(form.getByRole('tab', { name: 'WhatsApp o llamada' })).toHaveAttribute('aria-selected', 'true');
  const send = form.getByRole('button', { name: 'Enviar' });
  await expect(form.getByLabel('Nombre')).toHaveValue('Ana Martínez Ruiz');
  await expect(send).toBeDisabled();

  await form.getByLabel('Teléfono (10 dígitos)').fill('55 1234-567');
  await expect(form.getByLabel('Teléfono (10 dígitos)')).toHaveValue('551234567');
  await expect(form.getByText('El teléfono debe tener exactamente 10 dígitos.')).toBeVisible();
  await form.getByRole('radio', { name: 'WhatsApp' }).check();
  await form.getByRole('radio', { name: '10:00' }).check();
  await form.getByLabel('Fecha de contacto').click();
  const day = await todayNumber(page);
  await page
    .locator('.mantine-Popover-dropdown table button:not([data-outside]):not([disabled])')
    .filter({ hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
  await expect(send).toBeDisabled();
  await form.getByLabel('Teléfono (10 dígitos)').fill('5512345678');
  await expect(form.getByText('El teléfono debe tener exactamente 10 dígitos.')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await form.getByLabel('Nombre').fill('');
  await expect(send).toBeDisabled();
  await form.getByLabel('Nombre').fill('Ana Martínez');
  await shot(page, testInfo, 'contact-llamar');

  const bodies = await recordContactCalls(page);
  await send.click();
  await expect.poll(() => bodies.length).toBe(1);
  const body = bodies[0]!;
  expect(body).toMatchObject({
    tab: 'llamar',
    nombre: 'Ana Martínez',
    telefono: '5512345678',
    prefieresContacto: 'whatsapp',
    horarioTentativo: '10:00',
  });
  expect(body.fechaContacto).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const result = page.getByRole('dialog', { name: 'Éxito' });
  await expect(result.getByText('Información recibida con éxito')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await shot(page, testInfo, 'contact-success');
  await result.getByRole('button', { name: 'Aceptar' }).click();
  await expect(result).toHaveCount(0);
});

test('the administrator books a meeting on the calendar; a failure closes the dialog on Error @desktop-only', async ({
  page,
}, testInfo) => {
  // The way there is the test above's; this one starts on the panel.
  await page.goto('/condominio/panel-del-administrador');
  await expect(page.getByRole('heading', { name: 'Cobra las cuotas en línea' })).toBeVisible();
  await page.getByRole('button', { name: 'Agendar una reunión' }).click();
  const form = dialog(page);
  await expect(form.getByRole('tab', { name: 'Agendar' })).toHaveAttribute('aria-selected', 'true');
  await chooseToday(page);
  await form.getByRole('radio', { name: '9:00' }).check();
  await form.getByLabel('Teléfono (10 dígitos)').fill('3312345678');
  await shot(page, testInfo, 'contact-agendar');
  await page.route('**/api/--proveedor-pagos/contacto', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Enviar' }).click();
  const result = page.getByRole('dialog', { name: 'Error' });
  await expect(result.getByText('Ocurrió un error inesperado')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await shot(page, testInfo, 'contact-error');
  await result.getByRole('button', { name: 'Aceptar' }).click();

  // Opened again, the form starts over; switching tabs keeps what is common to both.
  await page.unroute('**/api/--proveedor-pagos/contacto');
  await page.getByRole('button', { name: 'Agendar una reunión' }).click();
  await expect(form.getByLabel('Teléfono (10 dígitos)')).toHaveValue('');
  await form.getByLabel('Teléfono (10 dígitos)').fill('3312345678');
  await form.getByRole('tab', { name: 'WhatsApp o llamada' }).click();
  await expect(form.getByLabel('Teléfono (10 dígitos)')).toHaveValue('3312345678');
  await form.getByRole('tab', { name: 'Agendar' }).click();
  await chooseToday(page);
  await form.getByRole('radio', { name: '11:00' }).check();
  const bodies = await recordContactCalls(page);
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]).toMatchObject({ tab: 'agendar', prefieresContacto: null, horarioTentativo: '11:00' });
  await expect(page.getByRole('dialog', { name: 'Éxito' })).toBeVisible();
});

test.describe(() => {
  test.use({ storageState: signedIn('consejo@demo.mx') });
  test('other roles have no administrator panel, and are sent to the communication area @desktop-only', async ({ page }) => {
    await page.goto('/condominio/panel-del-administrador');
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: 'Cobra las cuotas en línea' })).toHaveCount(0);
  });
});
