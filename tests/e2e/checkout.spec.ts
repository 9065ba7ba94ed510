// Paying online in Chromium (issue 27), against the sandbox provider built into the app: a resident opens
// Pagar from the statement, pays an amount by card, is taken to the sandbox provider's own page (marked as one,
// where a test card decides and the number never reaches our server), comes back to the result page, which
// says the payment was received and gives its receipt as a PDF, and the statement and the money home
// (financiero) show the payment at once.
// Run on a phone, where residents pay; the commission and the choice of charges are checked in the view and
// server tests.
import fs from 'node:fs';
import { formatMoney } from '../../src/api/finance';
import { signedIn } from '../support/e2e/accounts';
import { pdfText } from '../support/pdfText';
import { expect, main, test } from './fixtures';

const PAYER = 'vecino085@demo.mx';
test.use({ storageState: signedIn(PAYER) });

test('a resident pays an amount by card through the sandbox, and gets the receipt @phone-only', async ({ page }) => {
  await page.goto('/condominio/estado-cta');
  await main(page).getByRole('link', { name: 'Pagar en línea' }).click();
  await expect(main(page).getByRole('heading', { name: 'Pagar', level: 1 })).toBeVisible();

  // Another amount: $1,500.00 by card (the first method), its commission shown before paying.
  const other = main(page).getByRole('radio', { name: 'Otro monto' });
  if (await other.count()) await other.click();
  await main(page)
    .getByRole('textbox', { name: /Monto a pagar/ })
    .fill('1500');
  await expect(main(page).getByText('Comisión (IVA incluido)')).toBeVisible();
  const pay = main(page).getByRole('button', { name: /^Pagar \$/ });
  const total = (await pay.textContent())!.replace('Pagar ', '');
  await pay.click();

  // The provider's page, marked as a sandbox; a card that is not a test card decides nothing.
  await expect(page).toHaveURL(/\/pago-sandbox\/sbx_[0-9a-f]{32}$/);
  await expect(page.getByTestId('sandbox-banner')).toContainText('SANDBOX');
  await expect(page.getByTestId('sandbox-total')).toHaveText(total);
  const card = page.getByRole('textbox', { name: /Número de tarjeta de prueba/ });
  await card.fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: `Pagar ${total}` }).click();
  await expect(page.getByText('Usa una de las tarjetas de prueba.')).toBeVisible();
  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pagar ${total}` }).click();

  // Back on the condominium's result page: received, with its receipt.
  await expect(page).toHaveURL(/\/condominio\/financiero\/pago\/\d+$/);
  await expect(main(page).getByText('¡Pago recibido!')).toBeVisible();
  await expect(main(page).getByText(`Registramos ${formatMoney(150_000)} en tu estado de cuenta.`)).toBeVisible();
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Descargar recibo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recibo-\d{6}\.pdf$/);
  const text = pdfText(fs.readFileSync(await file.path()));
  expect(text).toContain(formatMoney(150_000));
  expect(text).toContain('Tarjeta');

  // The statement shows it at once.
  await main(page).getByRole('link', { name: 'Volver al estado de cuenta' }).click();
  await expect(main(page).getByText(/^Pago En línea TARJETA [0-9a-f]{8}$/)).toBeVisible();
  // The money home (financiero) lists it among the dwelling's last payments, with its receipt.
  await main(page).getByRole('link', { name: 'Financiero' }).click();
  await expect(main(page).getByRole('heading', { name: 'Financiero', level: 1 })).toBeVisible();
  const latest = main(page).getByRole('listitem').filter({ hasText: 'Tarjeta' }).first();
  await expect(latest).toContainText(formatMoney(150_000));
  await expect(latest.getByRole('button', { name: /recibo/i })).toBeVisible();
});
