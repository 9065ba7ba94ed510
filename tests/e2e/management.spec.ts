// Management control in Chromium (issue 16): the administrator (desktop) and a board member (phone) read the
// demo condominium's figures (collection this month, arrears by age, bank balances), the charts with their
// tables, and open a figure's detail screen; a resident is sent to the communication area. Read only: every
// account is a saved session of accounts.ts. Screenshots go to test-results/management/.
import type { Page } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const shot = shotsIn('test-results/management');

/** A money figure that is not zero: "$1,234.56" but not "$0.00". */
const NON_ZERO_MONEY = /\$(?!0\.00)[\d,]+\.\d{2}/;

async function readFigures(page: Page) {
  await page.goto('/condominio/control-gerencial');
  await expect(page.getByRole('heading', { name: 'Control gerencial', level: 1 })).toBeVisible({ timeout: 30_000 });
  // Collection this month, with its chart and the table behind it.
  await expect(page.getByTestId('collection-month')).toHaveText(NON_ZERO_MONEY, { timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Cobranza: este mes, mes anterior y presupuesto' })).toBeVisible();
  // Arrears: a total, and more than one age bucket with dwellings in it.
  const arrears = page.getByTestId('card-arrears');
  await expect(page.getByTestId('arrears-total')).toHaveText(/\$[\d,]+\.\d{2} en \d+ viviendas?/);
  const buckets = arrears.getByRole('table', { name: 'Adeudo vencido por antigüedad' }).getByRole('row');
  await expect(buckets).toHaveCount(5);
  const dwellings = await buckets.evaluateAll((rows) =>
    rows.slice(1).map((row) => Number(row.querySelector('td:last-child')?.textContent ?? 0)),
  );
  expect(dwellings.filter((n) => n > 0).length).toBeGreaterThan(1);
  // Bank balances.
  await expect(page.getByTestId('card-banks').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('card-banks-total')).toHaveText(NON_ZERO_MONEY);
  await expect(page.getByTestId('card-modules')).toContainText('Factura Comunidad');
  await expect(page.getByTestId('card-modules')).not.toContainText('llegará con su propia entrega');
}

test.describe('the administrator', () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

  test('reads the figures and opens the arrears report @desktop-only', async ({ page }, testInfo) => {
    await readFigures(page);
    await shot(page, testInfo, 'admin');
    await page.getByRole('link', { name: 'Ver detalle: Morosidad por antigüedad' }).click();
    await expect(page).toHaveURL(/\/condominio\/panel-financiero\/ver-reporte\?Clave=Morosos/);
    await expect(page.getByRole('heading', { name: 'Morosos', level: 1 })).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('a board member', () => {
  test.use({ storageState: signedIn('consejo@demo.mx') });

  test('reads the figures on a phone and opens the bank balances @phone-only', async ({ page }, testInfo) => {
    await readFigures(page);
    // One column: the cards stack.
    const first = await page.getByTestId('card-collection').boundingBox();
    const second = await page.getByTestId('card-arrears').boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
    await shot(page, testInfo, 'board');
    await page.getByRole('link', { name: 'Ver detalle: Bancos y cajas' }).click();
    await expect(page).toHaveURL(/\/condominio\/panel-financiero\/listado-de-bancos$/);
    await expect(page.getByRole('heading', { name: 'Bancos y cajas', level: 1 })).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('a resident', () => {
  test.use({ storageState: signedIn('vecino018@demo.mx') });

  test('is sent to the communication area', { tag: '@desktop-only' }, async ({ page }) => {
    await page.goto('/condominio/control-gerencial');
    await expect(page).toHaveURL(/\/condominio\/comunicacion\?sinPermiso=1$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Control gerencial' })).toHaveCount(0);
  });
});
