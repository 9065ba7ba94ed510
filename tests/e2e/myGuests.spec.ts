// Mis invitados in Chromium against the real server, at desktop and phone size: a resident finds the screen
// in the menu, creates a pass, copies its link (the clipboard holds it), sees the WhatsApp link, opens the
// pass page, revokes the pass after a confirmation and sees the pass page refuse it; creates a user link and
// an event and cancels it, and the guest form says so. Screenshots go to /tmp/my-guests-shots.
//
// Demo data is shared with the other specs: this one changes only neighbours vecino034 (desktop) and
// vecino035 (phone), whom no other spec uses (docs/decisions.md lists who uses which account).
import type { Page, TestInfo } from '@playwright/test';
import { signedInByProject } from '../support/e2e/accounts';
import { expect, isPhone, main, screenshotForPeople, test } from './fixtures';

// The project's own neighbour, a saved session of accounts.ts.
test.use({ storageState: signedInByProject({ desktop: ['vecino034@demo.mx'], phone: ['vecino035@demo.mx'] }) });

const SHOTS = '/tmp/my-guests-shots';

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await screenshotForPeople(page, { path: `${SHOTS}/${testInfo.project.name}-${name}.png`, fullPage });
}

/** Signed in, from the menu to Mis invitados the way a person gets there. */
async function openMyGuests(page: Page, testInfo: TestInfo) {
  await page.goto('/condominio/comunicacion');
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis invitados' }).click();
  await expect(page).toHaveURL(/\/condominio\/mis-invitados$/);
  await expect(page.getByRole('heading', { name: 'Mis invitados', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo pase' })).toBeEnabled();
}

// Each test is a whole walk (two pages, a dozen calls): more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 60_000 });

test('a resident creates, shares and revokes a pass', async ({ page, context, baseURL }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await openMyGuests(page, testInfo);
  await screenshot(page, testInfo, 'list', true);

  const visitor = `Julia Ramos ${testInfo.project.name}`;
  await page.getByRole('button', { name: 'Nuevo pase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo pase' });
  await expect(dialog).toBeVisible();
  // The rules answer as the resident types: a name is needed, a short phone is refused.
  await dialog.getByRole('button', { name: 'Crear pase' }).click();
  await expect(dialog.getByText('El nombre es requerido.')).toBeVisible();
  await dialog.getByLabel('Teléfono').fill('12345');
  await dialog.getByLabel('Teléfono').blur();
  await expect(dialog.getByText('El teléfono debe tener entre 10 y 15 dígitos.')).toBeVisible();
  await screenshot(page, testInfo, 'pass-form-errors');

  await dialog.getByLabel('Tipo de pase').selectOption('domestico');
  await dialog.getByLabel('Nombre del visitante').fill(visitor);
  await dialog.getByLabel('Teléfono').fill('33 1234 5678');
  await dialog.getByRole('button', { name: 'Crear pase' }).click();
  await expect(dialog.getByText('Elige al menos un día de acceso.')).toBeVisible();
  await dialog.getByText('Lunes', { exact: true }).click();
  await dialog.getByText('Viernes', { exact: true }).click();
  await dialog.getByLabel('Hora de entrada').fill('08:00');
  await dialog.getByLabel('Hora de salida').fill('17:30');
  await screenshot(page, testInfo, 'pass-form');
  await dialog.getByRole('button', { name: 'Crear pase' }).click();
  await expect(dialog).toBeHidden();

  // The share card: copy (with a confirmation and the link in the clipboard), WhatsApp, open.
  const shared = page.getByRole('region', { name: 'Compartir' });
  await expect(shared).toContainText(`Pase creado para ${visitor}`);
  const open = shared.getByRole('link', { name: `Abrir el pase de ${visitor}` });
  const path = await open.getAttribute('href');
  expect(path).toMatch(/^\/invitacion\/\d+\/[A-Za-z0-9_-]+$/);
  const url = `${new URL(baseURL!).origin}${path}`;
  await shared.getByRole('button', { name: 'Copiar link' }).click();
  await expect(shared.getByRole('status')).toHaveText('Link copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const whatsApp = shared.getByRole('link', { name: 'WhatsApp' });
  const href = (await whatsApp.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(
    `Hola ${visitor}, este es tu pase de acceso a Residencial Las Palmas: ${url}`,
  );
  await screenshot(page, testInfo, 'shared', true);

  // The pass is listed first.
  const item = main(page).getByRole('listitem', { name: visitor });
  await expect(item).toContainText('Servicio doméstico');
  await expect(item).toContainText('Lunes, Viernes');
  await expect(item).toContainText('8:00 AM – 5:30 PM');

  // Its pass page, as the visitor opens it.
  const visitorPage = await context.newPage();
  await visitorPage.goto(path!);
  await expect(visitorPage.getByText(visitor, { exact: true })).toBeVisible();
  await expect(visitorPage.getByText('Servicio doméstico')).toBeVisible();
  await screenshot(visitorPage, testInfo, 'pass-page');

  // Revoked after a confirmation; the pass page refuses it at once.
  await item.getByRole('button', { name: 'Revocar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Revocar el pase?' });
  await expect(confirm).toContainText(`El pase de ${visitor} dejará de funcionar de inmediato.`);
  await screenshot(page, testInfo, 'confirm-revoke');
  await confirm.getByRole('button', { name: 'Revocar pase' }).click();
  await expect(confirm).toBeHidden();
  await expect(main(page).getByRole('listitem', { name: visitor })).toHaveCount(0);
  await visitorPage.reload();
  await expect(visitorPage.getByRole('alert')).toHaveText('El pase de acceso no fue encontrado o no es válido.');
  await screenshot(visitorPage, testInfo, 'pass-page-revoked');
});

test('a resident creates a user link and an event, and cancels the event', async ({ page, context }, testInfo) => {
  // The way there is the test above's; this one starts on the screen.
  await page.goto('/condominio/mis-invitados');
  await expect(page.getByRole('button', { name: 'Nuevo pase' })).toBeEnabled();
  await page.getByRole('button', { name: 'Nuevo link de registro' }).click();
  const shared = page.getByRole('region', { name: 'Compartir' });
  await expect(shared).toContainText('Link de registro creado');
  const linkPath = (await shared.getByRole('link', { name: /^Abrir el link/ }).getAttribute('href'))!;
  expect(linkPath).toMatch(/^\/registro-invitados\/[A-Za-z0-9_-]+$/);
  const guest = await context.newPage();
  await guest.goto(linkPath);
  await expect(guest.getByRole('button', { name: 'Registrarme' })).toBeVisible();
  await guest.close();

  const eventName = `Carne asada ${testInfo.project.name}`;
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Nombre del evento').fill(eventName);
  await dialog.getByLabel('Descripción').fill('En el jardín.');
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(/^Fecha/).fill(nextWeek);
  await dialog.getByLabel('Acompañantes por invitado').fill('2');
  await screenshot(page, testInfo, 'event-form');
  await dialog.getByRole('button', { name: 'Crear evento' }).click();
  await expect(dialog).toBeHidden();
  await expect(shared).toContainText(`Evento «${eventName}» creado`);
  const eventPath = (await shared.getByRole('link', { name: /^Abrir el link/ }).getAttribute('href'))!;

  const item = main(page).getByRole('listitem', { name: eventName });
  await expect(item).toContainText('0 de 20 invitados');
  await item.getByRole('button', { name: 'Cancelar evento' }).click();
  await page.getByRole('dialog', { name: '¿Cancelar el evento?' }).getByRole('button', { name: 'Cancelar evento' }).click();
  await expect(item.getByText('Cancelado')).toBeVisible();
  await screenshot(page, testInfo, 'links', true);

  const eventGuest = await context.newPage();
  await eventGuest.goto(eventPath);
  await expect(eventGuest.getByText('El evento fue cancelado, por favor contacta al organizador.')).toBeVisible();
});
