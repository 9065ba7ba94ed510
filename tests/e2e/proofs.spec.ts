// A proof of payment in Chromium (issue 27, comprobantes-de-pago) across two people: a resident who paid by
// transfer sends the proof (a real PNG through the file chooser) from their phone; the administrator, on a desktop,
// opens it from the queue and accepts it; the resident then sees it accepted and downloads its receipt, a PDF with
// the amount. The money reaching the statement, duplicates, rejection and every role are the server tests'.
import fs from 'node:fs';
import { formatMoney } from '../../src/api/finance';
import { signedIn } from '../support/e2e/accounts';
import { pdfText } from '../support/pdfText';
import { expect, main, test } from './fixtures';

const RESIDENT = 'vecino064@demo.mx';
/** A tiny real PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ storageState: signedIn(RESIDENT) });

test('a resident sends a transfer’s proof, the administrator accepts it, and the resident gets the receipt @phone-only', async ({
  page,
  browser,
}) => {
  const reference = `SPEI ${Date.now().toString().slice(-8)}`;
  await page.goto('/condominio/comprobantes-de-pago');
  await main(page).getByRole('button', { name: 'Enviar comprobante' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar comprobante' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByLabel('Archivo del comprobante').click();
  // Bytes of its own after the image's end: the same file twice would be flagged as a duplicate (by its hash).
  const file = Buffer.concat([PNG, Buffer.from(reference)]);
  await (await chooser).setFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: file });
  await expect(dialog.getByText('Archivo: transferencia.png')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Monto pagado ($)' }).fill('1850');
  const today = await dialog.getByLabel('Fecha de pago').getAttribute('max');
  await dialog.getByLabel('Fecha de pago').fill(today!);
  await dialog.getByRole('combobox', { name: 'Banco' }).selectOption('BBVA');
  await dialog.getByRole('textbox', { name: 'Referencia o folio' }).fill(reference);
  await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(dialog.getByText('Tu comprobante se envió. La administración lo revisará y te avisará.')).toBeVisible();

  // The administrator, at a desk, accepts it from the queue.
  const admin = await browser.newContext({
    storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas'),
    viewport: { width: 1440, height: 900 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const desk = await admin.newPage();
  await desk.goto('/condominio/comprobantes-de-pago');
  const card = main(desk).getByRole('listitem').filter({ hasText: reference });
  await expect(card).toContainText(formatMoney(185_000));
  await card.getByRole('button', { name: 'Revisar' }).click();
  const review = desk.getByRole('dialog');
  await review.getByRole('button', { name: 'Aceptar y registrar pago' }).click();
  await expect(review.getByText(/^Comprobante aceptado/)).toBeVisible();
  await admin.close();

  // The resident sees it accepted, and its receipt.
  await page.reload();
  const mine = main(page).getByRole('listitem').filter({ hasText: reference });
  await expect(mine.getByText('Aceptado')).toBeVisible();
  await mine.getByRole('button', { name: 'Ver detalle' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Descargar recibo' }).click();
  const text = pdfText(fs.readFileSync(await (await download).path()));
  expect(text).toContain(formatMoney(185_000));
});
