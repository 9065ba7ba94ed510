// Factura Comunidad (issue 17) walked in Chromium as admin@demo.mx in Las Palmas (desktop only: one issuer per
// RFC and condominium): the issuer is set up with the synthetic CSD (a FIEL is refused first, in words), a
// dwelling's charges are invoiced to its linked client, the stamped XML downloaded from the screen validates
// against the SAT's XSDs and carries the UUID shown, the CFDI is in listado-cfdis and is cancelled there with
// reason 02, and switching the issuer to mode A takes 'Crear factura' out of the module's navigation.
// Screenshots go to /tmp/invoicing-shots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { INVOICING_SCREENS } from '../../src/api/invoicing';
import { validateCfdi } from '../support/satValidation';
import { signedIn } from './accounts';
import { expect, screenshotForPeople, test } from './fixtures';

const SHOTS = '/tmp/invoicing-shots';
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  screenshotForPeople(page, { path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
const CSD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/csd');
const RFC = 'EKU9003173C9';

async function uploadCsd(page: Page, name: 'fiel' | 'csd') {
  const dialog = page.getByRole('dialog', { name: `Subir el CSD de ${RFC}` });
  const files = dialog.locator('input[type=file]');
  await files.nth(0).setInputFiles(path.join(CSD_DIR, `${name}.cer`));
  await files.nth(1).setInputFiles(path.join(CSD_DIR, `${name}.key`));
  await dialog.getByLabel('Contraseña de la llave').fill('12345678a');
  await dialog.getByRole('button', { name: 'Subir CSD' }).click();
  return dialog;
}

test.describe('e-invoicing @desktop-only', () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

  test('sets up the issuer, invoices a dwelling, downloads a valid XML, cancels it, and mode A hides Crear factura', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(INVOICING_SCREENS.generalData);
    await expect(page.getByRole('heading', { name: 'Emisores' })).toBeVisible();
    await page.getByRole('button', { name: 'Configurar emisor' }).click();
    const form = page.getByRole('form', { name: 'Agregar emisor' });
    await form.getByLabel('RFC').fill(RFC);
    await form.getByLabel('Razón social').fill('ESCUELA KEMPER URGATE');
    await form.getByLabel('Régimen fiscal').selectOption('601');
    await form.getByLabel('Lugar de expedición (CP)').fill('42501');
    await form.getByLabel('Serie').fill('F');
    await form.getByRole('button', { name: /Guardar/ }).click();
    const card = page.getByRole('region', { name: RFC });
    await expect(card).toContainText('Sin CSD');
    await expect(card).toContainText('20 timbres disponibles');

    await card.getByRole('button', { name: 'Subir CSD' }).click();
    const dialog = await uploadCsd(page, 'fiel');
    await expect(dialog.getByRole('alert')).toContainText('Ese certificado es una e.firma (FIEL), no un CSD.');
    await uploadCsd(page, 'csd');
    await expect(dialog.getByText('CSD guardado. Ya puedes timbrar con este RFC.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(card).toContainText('Certificado 30001000000500003416');
    await shot(page, testInfo, 'issuer');

    // A dwelling's charges, to the client linked to it (Rosa Hernández, Torre A - 101, seeded).
    await page.getByRole('link', { name: 'Crear factura' }).click();
    await page.getByText('Cargos de una vivienda').click();
    await page.getByRole('combobox', { name: 'Vivienda' }).fill('101');
    await page.getByRole('option', { name: 'Torre A - 101', exact: true }).click();
    await expect(page.getByText('Cuota de mantenimiento noviembre 2026 (2026-11-01)')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('ROSA HERNANDEZ DIAZ').first()).toBeVisible();
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await expect(page.getByText('Total', { exact: true }).first()).toBeVisible();
    await shot(page, testInfo, 'review');
    await page.getByRole('button', { name: 'Timbrar' }).click();
    await expect(page.getByText('Factura timbrada', { exact: true })).toBeVisible();
    await expect(page.getByText('19 timbres restantes')).toBeVisible();
    const uuid = (await page.locator('code').first().textContent())?.trim() ?? '';
    expect(uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    await shot(page, testInfo, 'stamped');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar XML' }).click();
    const xml = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(xml).toContain(`UUID="${uuid}"`);
    expect(xml).toContain('Rfc="HEDR850312QX4"');
    expect(await validateCfdi(xml)).toEqual([]);

    // listado-cfdis: the CFDI, then its cancellation with reason 02.
    await page.getByRole('link', { name: 'Listado de CFDI' }).click();
    await page.getByRole('button', { name: 'Ver el detalle de F-1' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText(uuid);
    await detail.getByRole('button', { name: 'Cancelar CFDI' }).click();
    await detail.getByLabel('Motivo de cancelación (SAT)').selectOption('02');
    await detail.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(detail.getByText('CFDI cancelado.')).toBeVisible();
    await shot(page, testInfo, 'cancelled');
    await page.keyboard.press('Escape');

    // Mode A: each recorded payment is invoiced by a job, and 'Crear factura' leaves the navigation (spec §4).
    await page.getByRole('link', { name: 'Datos generales' }).click();
    await card.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Automático: cada pago se factura solo').check();
    await page
      .getByRole('form', { name: 'Editar' })
      .getByRole('button', { name: /Guardar/ })
      .click();
    await expect(card).toContainText('Automático');
    const nav = page.getByRole('navigation', { name: 'Secciones de facturación' });
    await expect(nav.getByRole('link', { name: 'Listado de CFDI' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Crear factura' })).toHaveCount(0);
  });
});
