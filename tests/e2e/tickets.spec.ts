// A request to the administrator in Chromium (issue 13), its whole lifecycle across four people: a resident
// files it with a photo, the administrator (told by the bell) assigns it to the employee, the employee (told
// by the bell) starts and resolves it, and the resident (told by the bell) rates it. Each step's notification
// opens the request. Desktop and phone each file their own request; screenshots go to /tmp/tickets-shots.
//
// The residents are this spec's own (vecino010 desktop, vecino011 phone): accounts.ts lists who uses which.
import type { Browser, Page } from '@playwright/test';
import { signedIn, signedInByProject } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/tickets-shots';

const shot = shotsIn(SHOTS);

/** A tiny real PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the bell and the notification of this kind about this request; lands on the request. */
async function openFromBell(page: Page, titleOfNotice: string, request: string) {
  await page.goto('/condominio/comunicacion');
  await page.getByRole('button', { name: /^Notificaciones, / }).click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  await panel
    .getByRole('listitem', { name: new RegExp(`^${titleOfNotice}\\..*${escapeRegExp(request)}`) })
    .first()
    .click();
}

async function pageAs(browser: Browser, viewport: { width: number; height: number } | null, email: string, condo?: string) {
  const context = await browser.newContext({
    storageState: signedIn(email, condo),
    viewport: viewport ?? { width: 1440, height: 900 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  return context.newPage();
}

test.use({ storageState: signedInByProject({ desktop: ['vecino010@demo.mx'], phone: ['vecino011@demo.mx'] }) });

test(
  'a request goes from the resident to the administrator, the employee and back, each step told',
  { tag: '@phone-only' },
  async ({ page, browser, viewport }, testInfo) => {
    test.setTimeout(120_000);
    const title = `Foco fundido en el pasillo (${testInfo.project.name} ${Date.now() % 100000})`;

    // The resident files it from the menu's section, with a photo.
    await page.goto('/condominio/comunicacion');
    await page.getByRole('link', { name: 'Solicitudes a la administración' }).first().click();
    await expect(page.getByRole('heading', { name: 'Solicitudes a la administración', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Nueva solicitud' }).click();
    const form = page.getByRole('form', { name: 'Nueva solicitud' });
    await form.getByLabel('Categoría').selectOption({ label: 'Mantenimiento' });
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Descripción').fill('El foco frente a mi puerta no enciende desde ayer.');
    await form.locator('input[type=file]').setInputFiles({ name: 'foco.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('foco.png')).toBeVisible();
    await shot(page, testInfo, 'new-request');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Solicitud enviada' });
    await expect(sent).toBeVisible();
    // The section's confirmation message, and the copy by e-mail (EnviarCopia).
    await expect(sent).toContainText('Recibimos tu solicitud.');
    await expect(sent).toContainText('Te enviamos una copia por correo electrónico.');
    await shot(page, testInfo, 'sent');
    await page.getByRole('link', { name: 'Ver solicitud' }).click();
    const request = page.getByRole('article', { name: new RegExp(`^#\\d+ ${escapeRegExp(title)}$`) });
    await expect(request).toBeVisible();
    // The photo is served behind its signed link.
    const photo = request.getByRole('link', { name: /foco\.png/ });
    const href = await photo.getAttribute('href');
    expect((await page.request.get(href!)).headers()['content-type']).toBe('image/png');
    const ticketUrl = page.url();
    expect(ticketUrl).toMatch(/tickets-administrador\/\d+\?ticket=\d+$/);

    // The administrator: the bell opens it; they assign it to the employee.
    const admin = await pageAs(browser, viewport, 'admin@demo.mx', 'Residencial Las Palmas');
    await openFromBell(admin, 'Nueva solicitud', title);
    await expect(admin).toHaveURL(ticketUrl);
    const adminView = admin.getByRole('article', { name: new RegExp(escapeRegExp(title)) });
    const actions = adminView.getByRole('region', { name: 'Acciones' });
    await actions.getByLabel('Asignar a').selectOption({ label: 'Emilio Torres Vega' });
    await actions.getByRole('button', { name: 'Asignar' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Solicitud actualizada.' })).toBeVisible();
    await expect(adminView.getByRole('region', { name: 'Historial' })).toContainText('Emilio Torres Vega');
    await shot(admin, testInfo, 'assigned');
    await admin.context().close();

    // The employee: the bell opens it (in their task list's drawer or the section); they start and resolve it.
    const employee = await pageAs(browser, viewport, 'empleado@demo.mx');
    await employee.goto('/condominio/panel-del-empleado');
    await employee.getByRole('button', { name: /^Notificaciones, / }).click();
    await employee
      .getByRole('dialog', { name: 'Notificaciones' })
      .getByRole('listitem', { name: new RegExp(`^Se te asignó una solicitud\\..*${escapeRegExp(title)}`) })
      .first()
      .click();
    const work = employee.getByRole('article', { name: new RegExp(escapeRegExp(title)) });
    await expect(work).toBeVisible();
    await work.getByRole('button', { name: 'Iniciar trabajo' }).click();
    await expect(work.getByRole('button', { name: 'Marcar como resuelta' })).toBeVisible();
    await work.getByRole('button', { name: 'Marcar como resuelta' }).click();
    await expect(work.getByRole('button', { name: 'Marcar como resuelta' })).toHaveCount(0);
    await expect(work).toContainText('Resuelto');
    await shot(employee, testInfo, 'resolved');
    // Their task list has it too.
    await employee.goto('/condominio/panel-del-empleado');
    await expect(employee.getByRole('region', { name: 'Mis tareas' })).toContainText(title);
    await employee.context().close();

    // The resident: the bell says it is resolved and opens it; they rate it.
    await openFromBell(page, 'Tu solicitud está resuelta', title);
    await expect(page).toHaveURL(ticketUrl);
    const mine = page.getByRole('article', { name: new RegExp(escapeRegExp(title)) });
    const rate = mine.getByRole('region', { name: 'Califica la atención' });
    await rate.getByRole('radio', { name: '5 estrellas' }).check();
    await rate.getByLabel('Comentario (opcional)').fill('Rápido y amable.');
    await rate.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gracias por tu calificación.' })).toBeVisible();
    await expect(mine).toContainText('Calificación: 5 de 5');
    // The resolution is answered within 7 days: confirm it.
    await mine.getByRole('button', { name: 'Confirmar solución' }).click();
    await expect(mine).toContainText('Cerrado');
    await shot(page, testInfo, 'rated');
  },
);
