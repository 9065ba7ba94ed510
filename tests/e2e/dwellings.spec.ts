// Towers and dwellings in configuracion (issue 16), as admin@demo.mx in Torres del Bosque (Las Palmas's
// dwellings are counted by other specs): a CSV of 20 dwellings with one bad row is previewed (the row shown with
// its message, Importar disabled), the fixed file is imported, the dwellings are listed, and one dwelling's share
// is edited. Desktop and phone run side by side, each with a tower named after its project and the run.
// Screenshots go to /tmp/dwellings-shots.
import { signedIn } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/dwellings-shots';
const shot = shotsIn(SHOTS);

function csvOf(tower: string, badRow: number | null): Buffer {
  const lines = ['Torre,Vivienda,Indiviso'];
  for (let n = 1; n <= 20; n++) lines.push(`${tower},${n},${n === badRow ? 'abc' : '0.05'}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

test.describe('towers and dwellings', () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Torres del Bosque') });

  test(
    'imports 20 dwellings from a CSV (a bad row first, then fixed) and edits a share',
    { tag: '@desktop-only' },
    async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const tower = `Torre ${testInfo.project.name} ${Date.now().toString(36)}`;
      await page.goto('/condominio/configuracion?tab=viviendas');
      await expect(page.getByRole('tab', { name: 'Torres y viviendas' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('table', { name: 'Torres' })).toContainText('Torre Norte');

      await page.getByRole('button', { name: 'Importar archivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar viviendas' });
      await expect(dialog).toContainText('Torre, Vivienda e Indiviso');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'viviendas.csv', mimeType: 'text/csv', buffer: csvOf(tower, 7) });
      const preview = dialog.getByRole('table', { name: 'Importar viviendas' });
      await expect(preview.getByRole('row')).toHaveCount(21);
      const bad = preview.locator('tr[data-problem]');
      await expect(bad).toHaveCount(1);
      await expect(bad).toContainText('Indiviso no válido («abc»)');
      await expect(dialog.getByText('1 fila tiene un problema')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Importar 19 filas' })).toBeDisabled();
      await shot(page, testInfo, 'import-problem');

      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'viviendas.csv', mimeType: 'text/csv', buffer: csvOf(tower, null) });
      await expect(preview.locator('tr[data-problem]')).toHaveCount(0);
      await expect(dialog.getByText('20 viviendas nuevas')).toBeVisible();
      await dialog.getByRole('button', { name: 'Importar 20 filas' }).click();
      await expect(dialog.getByText('Listo: 20 viviendas creadas y 0 actualizadas.')).toBeVisible();
      await shot(page, testInfo, 'import-done');
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await expect(dialog).toHaveCount(0);

      await expect(page.getByRole('table', { name: 'Torres' })).toContainText(tower);
      await page.getByRole('searchbox', { name: 'Buscar torre o vivienda' }).fill(tower);
      await expect(page.getByText('1–20 de 20')).toBeVisible();
      const table = page.getByRole('table', { name: 'Viviendas' });
      await expect(table.getByRole('row')).toHaveCount(21);
      await expect(table.getByRole('row').nth(20)).toContainText('20');

      await page.getByRole('button', { name: `Editar ${tower} - 5` }).click();
      const editor = page.getByRole('dialog', { name: 'Editar vivienda' });
      await expect(editor.getByLabel(/Indiviso/)).toHaveValue('0.05');
      await editor.getByLabel(/Indiviso/).fill('0,25');
      await editor.getByRole('button', { name: 'Guardar' }).click();
      await expect(editor).toHaveCount(0);
      const row5 = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '5', exact: true }) });
      await expect(row5).toContainText('0.25 %');
      await shot(page, testInfo, 'list');
    },
  );
});
