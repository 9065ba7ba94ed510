// Factura Comunidad (issue 17) walked in Chromium as admin@demo.mx in Las Palmas (desktop only: one issuer per
// RFC and condominium): the issuer is set up with the synthetic CSD (a FIEL is refused first, in words); a
// dwelling's charges are invoiced to its linked client, the stamped XML downloaded from the screen validates
// against the SAT's XSDs and carries the UUID shown, the CFDI is in listado-cfdis and is cancelled there with
// reason 02; a PPD invoice is paid from its detail and its Pagos 2.0 complement validates too; the stamps run
// out (spent through the API), a client is added and linked to its dwelling, stamping an invoice to it is
// refused before anything reaches the PAC and a package is requested, which the provider credits (its HTTP
// route, with STAMPS_PROVIDER_TOKEN); switching the issuer to mode A takes 'Crear factura' out of the module's
// navigation, and a payment recorded on a dwelling's statement then appears in listado-cfdis as its automatic
// invoice.
// Screenshots go to /tmp/invoicing-shots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  type CfdiList,
  type ClientList,
  INVOICING_PATHS,
  INVOICING_SCREENS,
  type InvoiceDraft,
  type InvoicingGeneralData,
  type StampCredited,
} from '../../src/api/invoicing';
import { TOKEN_HEADER } from '../../src/api/sessions';
import { signedIn } from '../support/e2e/accounts';
import { validateCfdi } from '../support/satValidation';
import { expect, shotsIn, test } from './fixtures';
import { E2E_STAMPS_PROVIDER_TOKEN } from './globalSetup';

const SHOTS = '/tmp/invoicing-shots';
const shot = shotsIn(SHOTS);
const CSD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/csd');
const RFC = 'EKU9003173C9';

/** The signed-in page's session token (src/services/tokenStore.ts keeps it under the header's name). */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key),
    TOKEN_HEADER,
  );
  if (!token) throw new Error('no session token in the page');
  return token;
}

async function apiGet(page: Page, apiPath: string): Promise<string> {
  const answer = await page.request.get(`/api${apiPath}`, { headers: { [TOKEN_HEADER]: await tokenOf(page) } });
  expect(answer.status(), apiPath).toBe(200);
  return answer.text();
}

async function cfdiIdOf(page: Page, serieFolio: string): Promise<string> {
  const list = JSON.parse(await apiGet(page, INVOICING_PATHS.list)) as CfdiList;
  const found = list.items.find((c) => `${c.serie ?? ''}-${c.folio ?? ''}` === serieFolio);
  if (!found) throw new Error(`${serieFolio} is not in listado-cfdis`);
  return String(found.id);
}

/** Stamps `count` small invoices to Rosa through the API, as another administrator's work would. */
async function spendStamps(page: Page, count: number) {
  const headers = { [TOKEN_HEADER]: await tokenOf(page) };
  const general = JSON.parse(await apiGet(page, INVOICING_PATHS.generalData)) as InvoicingGeneralData;
  const issuerId = general.data[0]!.enterprise.id;
  const clients = JSON.parse(await apiGet(page, `${INVOICING_PATHS.clients}?q=HEDR850312QX4`)) as ClientList;
  const clientId = clients.clients[0]!.id;
  for (let i = 0; i < count; i++) {
    const draft: InvoiceDraft = {
      issuerId,
      clientId,
      metodoPago: 'PUE',
      formaPago: '03',
      moneda: 'MXN',
      concepts: [
        {
          claveProdServ: '80131500',
          claveUnidad: 'E48',
          unidad: 'Servicio',
          descripcion: `Uso de sala de juntas ${i + 1}`,
          cantidad: '1',
          valorUnitarioCents: 10_000,
          objetoImp: '02',
          iva: 'tasa16',
        },
      ],
    };
    const answer = await page.request.post(`/api${INVOICING_PATHS.stamp}`, {
      headers,
      data: { draft, draftKey: `e2e-spend-${Date.now()}-${i}` },
    });
    expect(answer.status(), `stamping ${i + 1} of ${count}`).toBe(200);
  }
}

/** The stamps provider credits a request over HTTP with its token (README: STAMPS_PROVIDER_TOKEN). */
async function creditAsTheProvider(page: Page, requestId: string): Promise<StampCredited> {
  const answer = await page.request.post(`/api${INVOICING_PATHS.providerCredit.replace(':id', requestId)}`, {
    headers: { authorization: `Bearer ${E2E_STAMPS_PROVIDER_TOKEN}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as StampCredited;
}

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

  test('the catalogue shows its badges whole in a narrow column (issue 28 #6: PREDETERMINADO was cut)', async ({ page }) => {
    await page.goto(INVOICING_SCREENS.catalogues);
    const badges = page.locator('.mantine-Badge-root');
    await expect(badges.filter({ hasText: 'Predeterminado' }).first()).toBeVisible();
    // Cut: the badge or its label holds more than it shows (Mantine ends a cut label with an ellipsis).
    const cut = await badges.evaluateAll((nodes) =>
      nodes
        .filter((node) => [node, ...node.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1))
        .map((node) => node.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('sets up the issuer, invoices, pays a PPD invoice, runs out of stamps, and in mode A a payment invoices itself', async ({
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

    // A PPD invoice (Torre B - 502's charges, to Carlos), then its payment: the Pagos 2.0 complement.
    await page.getByRole('link', { name: 'Crear factura' }).click();
    await page.getByText('Cargos de una vivienda').click();
    await page.getByRole('combobox', { name: 'Vivienda' }).fill('502');
    await page.getByRole('option', { name: 'Torre B - 502', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('CARLOS').first()).toBeVisible();
    await page.getByLabel('Método de pago').selectOption('PPD');
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByRole('button', { name: 'Timbrar' }).click();
    await expect(page.getByText('Factura timbrada', { exact: true })).toBeVisible();
    await expect(page.getByText('18 timbres restantes')).toBeVisible();
    await page.getByRole('link', { name: 'Listado de CFDI' }).click();
    await page.getByRole('button', { name: 'Ver el detalle de F-2' }).click();
    await detail.getByRole('button', { name: 'Registrar pago', exact: true }).click();
    const payment = detail.getByRole('form', { name: 'Registrar pago' });
    await payment.getByLabel('Referencia').fill('SPEI 0042');
    await payment.getByRole('button', { name: 'Registrar pago y timbrar complemento' }).click();
    await expect(detail.getByText(/Pago registrado\. Complemento de pago timbrado/)).toBeVisible();
    await shot(page, testInfo, 'complement');
    await page.keyboard.press('Escape');
    const complementRow = page.getByRole('row', { name: /F-3/ });
    await expect(complementRow).toContainText('P');
    const complementXml = await apiGet(page, INVOICING_PATHS.xml.replace(':id', await cfdiIdOf(page, 'F-3')));
    expect(complementXml).toContain('pago20:Pagos');
    expect(await validateCfdi(complementXml)).toEqual([]);

    // Out of stamps: the remaining 17 are spent through the API, then stamping on the screen is refused before
    // anything reaches the PAC, and a package is requested; the provider credits it and the page shows it.
    await spendStamps(page, 17);

    // A new client in catalago-clientes, linked to its dwelling: the receiver of the next invoice.
    await page.getByRole('link', { name: 'Catálogo de clientes' }).click();
    await page.getByRole('button', { name: 'Agregar cliente' }).click();
    const clientDialog = page.getByRole('dialog', { name: 'Agregar cliente' });
    await clientDialog.getByLabel('RFC').fill('GOPL900101AB1');
    await clientDialog.getByLabel('Nombre o razón social').fill('LAURA GOMEZ PEREZ');
    await clientDialog.getByLabel('Régimen fiscal').selectOption('612');
    await clientDialog.getByLabel('Código postal del domicilio fiscal').fill('44100');
    await clientDialog.getByLabel('Uso del CFDI').selectOption('G03');
    await clientDialog.getByLabel('Correo electrónico').fill('laura.gomez@ejemplo.mx');
    await clientDialog.getByRole('combobox', { name: 'Viviendas' }).fill('102');
    await page.getByRole('option', { name: 'Torre A - 102', exact: true }).click();
    await clientDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(clientDialog).toBeHidden();
    await expect(page.getByText('LAURA GOMEZ PEREZ').first()).toBeVisible();
    await expect(page.getByText('Torre A - 102').first()).toBeVisible();
    await shot(page, testInfo, 'client');

    await page.getByRole('link', { name: 'Crear factura' }).click();
    await page.getByLabel('Producto o servicio').selectOption({ label: 'Cuota de mantenimiento' });
    await page.getByLabel('Precio unitario').fill('1500');
    await page.getByRole('button', { name: 'Agregar concepto' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Buscar cliente por RFC o nombre').fill('GOPL900101AB1');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('radio', { name: /LAURA GOMEZ PEREZ/ }).check();
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByRole('button', { name: 'Timbrar' }).click();
    const noStamps = page.getByRole('alert').filter({ hasText: 'Sin timbres' });
    await expect(noStamps).toContainText('Ya no quedan timbres para este RFC. Solicita más para seguir facturando.');
    await shot(page, testInfo, 'no-stamps');
    await noStamps.getByRole('link', { name: 'Solicitar timbres' }).click();
    await page.getByLabel('Paquete', { exact: true }).selectOption('100');
    await page.getByLabel('Nota (opcional)').fill('Para el cierre del año');
    await page.getByRole('button', { name: 'Solicitar', exact: true }).click();
    await expect(page.getByText('Solicitud enviada. Te avisaremos cuando se acrediten los timbres.')).toBeVisible();
    const requests = page.getByRole('region', { name: 'Solicitudes anteriores' });
    const requestCard = requests.locator('.mantine-Card-root').filter({ hasText: '100 timbres' });
    await expect(requestCard).toContainText('Pendiente de acreditar');
    const requestId = /Solicitud n\.º (\d+)/.exec((await requestCard.textContent()) ?? '')?.[1] ?? '';
    expect(await creditAsTheProvider(page, requestId)).toEqual({
      requestId: Number(requestId),
      rfc: RFC,
      quantity: 100,
      available: 100,
    });
    await page.reload();
    await expect(requestCard).toContainText('Acreditada');
    await shot(page, testInfo, 'stamps');

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

    // In mode A a payment recorded on a dwelling's statement is invoiced on its own, to the dwelling's client.
    await page.goto('/condominio/estado-cta');
    await page.getByRole('combobox', { name: 'Vivienda' }).fill('Torre A - 101');
    await page.getByRole('option', { name: 'Torre A - 101', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Torre A - 101' })).toBeVisible();
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const record = page.getByRole('form', { name: 'Registrar pago' });
    await record.getByLabel('Monto').fill('1750');
    await record.getByLabel('Cuenta').selectOption({ label: 'BBVA Cuenta operativa' });
    await record.getByLabel('Referencia').fill('SPEI 7781');
    await record.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(page.getByText('Se facturará automáticamente al cliente de la vivienda.')).toBeVisible();
    await expect(page.getByText('Pago SPEI 7781').first()).toBeVisible();
    await shot(page, testInfo, 'payment-recorded');
    await page.goto(INVOICING_SCREENS.report);
    const automatic = page.getByRole('row').filter({ hasText: '$1,750.00' }).filter({ hasText: 'HEDR850312QX4' });
    // The stamp comes from the job runner, so the list is read again until it shows; each reading waits for
    // the page to load (seconds on a loaded machine, where a 1 s wait never saw the rows).
    await expect(async () => {
      await page.reload();
      await expect(automatic).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, testInfo, 'automatic-invoice');
  });
});
