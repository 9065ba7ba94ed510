// Money in Chromium (issue 5): as the demo administrator, a year's statements for every dwelling of Las
// Palmas come out in 3 batches with the progress dialog reaching the end, each batch a real PDF whose text
// shows each dwelling's balance; the reports show their titles and figures; the §6 guards send each role
// where the spec says; a resident sees their own statement. Screenshots go to test-results/finance/.
//
// Each person is a saved session of accounts.ts: the administrator unless a test says otherwise. The year of
// PDFs is checked once, at desktop size: what it checks is the server's output, and bulkStatementsMachine's
// walk drives the same screen on a phone.
import type { Page } from '@playwright/test';
import { formatMoney, type Statement } from '../../src/api/finance';
import { savedToken, signedIn } from '../support/e2e/accounts';
import { pdfText } from '../support/pdfText';
import { expect, shotsIn, test } from './fixtures';

const ADMIN = ['admin@demo.mx', 'Residencial Las Palmas'] as const;
test.use({ storageState: signedIn(...ADMIN) });

const shot = shotsIn('test-results/finance');

test('the administrator generates a year of statements for every dwelling in 3 batches of real PDFs @desktop-only', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = savedToken(...ADMIN);
  await page.goto('/condominio/estado-cuenta-masivo');
  await expect(page.getByRole('heading', { name: 'Estados de cuenta', exact: true })).toBeVisible({ timeout: 30_000 });
  const year = new Date().getFullYear();

  // The §5 messages first.
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(page.getByText('Selecciona un tipo')).toBeVisible();
  await expect(page.getByText('Elige una opción')).toBeVisible();
  await page.getByText('Por año', { exact: true }).click();
  await expect(page.getByText('Seleccione el año')).toBeVisible();
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: String(year) }).click();
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Descargar archivos' }).click();
  await page.getByRole('button', { name: /^Todas \(\d+\)$/ }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('260 viviendas seleccionadas');
  await shot(page, testInfo, 'bulk-form');

  const opened: Page[] = [];
  page.context().on('page', (p) => opened.push(p));
  await page.getByRole('button', { name: 'Generar' }).click();
  const progress = page.getByRole('dialog', { name: 'Generando estados de cuenta' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('status')).toHaveText(/Lote [123] de 3/);
  const success = page.getByRole('dialog', { name: 'Exito' });
  await expect(success).toBeVisible({ timeout: 60_000 });
  await expect(success.getByText('Se han descargado los archivos')).toBeVisible();
  await expect(progress).toBeHidden();
  const links = success.getByRole('link', { name: /^Archivo \d$/ });
  await expect(links).toHaveCount(3);
  await shot(page, testInfo, 'bulk-done');
  // One new tab per batch.
  await expect.poll(() => opened.length).toBe(3);

  const texts: string[] = [];
  for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    texts.push(pdfText(await res.body()));
  }
  const all = texts.join('\n');
  expect(all.match(/Estado de cuenta - /g)).toHaveLength(260);
  expect(texts.map((t) => (t.match(/Estado de cuenta - /g) ?? []).length)).toEqual([100, 100, 60]);

  // Each dwelling's closing balance, as the statement API gives it, is in its part of the PDF text.
  const dwellings = (await (
    await page.request.get('/api/--financiero/viviendas', { headers: { 'app-token': token } })
  ).json()) as {
    data: { ApartmentId: number; AptName: string; TorreName: string | null }[];
  };
  const parts = new Map(
    all
      .split('Estado de cuenta - ')
      .slice(1)
      .map((part) => [part.split('\n')[0]!.trim(), part]),
  );
  let inArrears = 0;
  for (const d of dwellings.data) {
    const name = d.TorreName ? `${d.TorreName} - ${d.AptName}` : d.AptName;
    const res = await page.request.get(
      `/api/--financiero/estado-cuenta?ApartmentId=${d.ApartmentId}&fechaInicio=${year}-01-01&fechaFin=${year}-12-31`,
      { headers: { 'app-token': token } },
    );
    const statement = ((await res.json()) as { data: Statement }).data;
    const part = parts.get(name);
    expect(part, name).toBeDefined();
    expect(part!, name).toContain(`Saldo final\n${formatMoney(statement.saldoFinal)}`);
    if (statement.saldoFinal > 0) inArrears += 1;
  }
  expect(inArrears).toBeGreaterThan(10);
});

test(
  'reports show their titles and figures; the guards send each role where §6 says',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto('/condominio/panel-financiero');
    await expect(page.getByRole('heading', { name: 'Reportes Financieros' })).toBeVisible({ timeout: 20_000 });
    for (const title of ['Ingresos', 'Egresos', 'Presupuestos', 'Bancos y cajas', 'Fondos', 'Consolidado', 'Morosos']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${title}`) }).first()).toBeVisible();
    }
    await shot(page, testInfo, 'panel');
    await page.getByRole('link', { name: /^Consolidado/ }).click();
    await expect(page).toHaveURL(/ver-reporte\?Clave=IngEg&Nombre=Consolidado$/);
    await expect(page.getByRole('heading', { name: 'Consolidado' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Consolidado: Resultado/ })).toBeVisible();
    await expect(page.getByTestId('total-0')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^IngEg-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
    await shot(page, testInfo, 'report-consolidado');

    await page.goto('/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    await expect(page.getByRole('heading', { name: 'Morosos' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Antigüedad (días)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Torre A - 104' })).toBeVisible();
    await shot(page, testInfo, 'report-morosos');

    await page.goto('/condominio/panel-financiero/listado-de-bancos');
    await expect(page.getByRole('cell', { name: 'BBVA Cuenta operativa' })).toBeVisible({ timeout: 20_000 });
    await shot(page, testInfo, 'banks');
  },
);

test.describe(() => {
  test.use({ storageState: signedIn('vecino020@demo.mx') });
  test('a resident sees only the reports and the statement the rules give them', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto('/condominio/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    await expect(page).toHaveURL(/\/condominio\/comunicacion\?sinPermiso=1$/);
    await page.goto('/condominio/panel-financiero/listado-de-fondos');
    await expect(page).toHaveURL(/\/condominio\/comunicacion\?sinPermiso=1$/);
    await page.goto('/condominio/estado-cuenta-masivo');
    await expect(page).toHaveURL(/\/condominio\/comunicacion\?sinPermiso=1$/);
    await page.goto('/condominio/estado-cta');
    await expect(page.getByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeVisible();
    await expect(page.getByTestId('summary-closing')).toContainText('$');
    await shot(page, testInfo, 'statement');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^estado-de-cuenta-.*\.pdf$/);
  });
});

test.describe(() => {
  test.use({ storageState: signedIn('empleado@demo.mx') });
  test('employees go to the employee panel @desktop-only', async ({ page }) => {
    await page.goto('/condominio/panel-financiero');
    await expect(page).toHaveURL(/\/condominio\/panel-del-empleado$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
  });
});
