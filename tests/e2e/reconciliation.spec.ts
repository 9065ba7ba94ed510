// Bank reconciliation in Chromium (conciliación, issue 27): the demo's administrator downloads the example BBVA
// statement of last month from the screen (server/db/seed/reconciliationDemo.ts, built from this run's database),
// imports it (preview → Importar), and at least 95 % of its deposits match on their own; the part of a cuota that
// waits in the queue is settled with Aceptar on its suggestion; importing the same file again posts nothing.
//
// What it writes to Las Palmas's ledger (the statement's other deposits are payments the ledger has: only
// linked): the October cuota of Torre A - 104, 205 and 306 (three dwellings in arrears, which stay in arrears:
// they owed more than one month, so finance.spec's Morosos still lists Torre A - 104 and counts as many
// dwellings owing) and $1,000.00 to Torre A - 508 (no resident, no other spec reads it). Like checkout.spec's and
// proofs.spec's payments, these change balances that finance.spec's year of statements compares with its PDFs;
// that test reads each balance right after its own PDFs, so it only sees a change made in between.
// Desktop only: the phone's layout of the same screen is checked in tests/views/Reconciliation.test.tsx.
import fs from 'node:fs';
import { signedIn } from '../support/e2e/accounts';
import { expect, main, test } from './fixtures';

test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

const DONE = /Importado: (\d+) movimientos nuevos, (\d+) ya estaban; (\d+) depósitos conciliados solos, (\d+) en revisión\./;

test('the administrator imports the example statement, settles the queue, and importing again posts nothing @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/condominio/panel-financiero/conciliacion');
  await expect(main(page).getByRole('heading', { name: 'Conciliación bancaria', level: 1 })).toBeVisible({ timeout: 20_000 });

  // The example statement, from the screen.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Descargar un estado de cuenta de ejemplo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bbva-las-palmas-\d{4}-\d{2}\.csv$/);
  const statement = await file.path();
  // Its deposits: the lines with an Abono (the cargo column empty).
  const deposits = fs
    .readFileSync(statement, 'utf8')
    .split('\r\n')
    .filter((line) => /,,(?:"[\d,.]+"|[\d.]+),(?:"[\d,.]+"|[\d.]+)$/.test(line)).length;
  expect(deposits).toBeGreaterThan(100);

  // Preview, then Importar into the BBVA account.
  const importOnce = async (seenBefore: boolean) => {
    await main(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: file.suggestedFilename(),
        mimeType: 'text/csv',
        buffer: fs.readFileSync(statement),
      });
    await expect(main(page).getByText(new RegExp(`^BBVA: ${deposits} depósitos`))).toBeVisible({ timeout: 20_000 });
    const already = main(page).getByText(/movimientos ya estaban importados: no se registran otra vez/);
    if (seenBefore) await expect(already).toBeVisible();
    else await expect(already).toBeHidden();
    await main(page).getByLabel('Cuenta del estado de cuenta').selectOption({ label: 'BBVA Cuenta operativa' });
    await main(page).getByRole('button', { name: 'Importar', exact: true }).click();
    const done = main(page).getByText(DONE);
    await expect(done).toBeVisible({ timeout: 45_000 });
    const [, added, repeated, matched, pending] = DONE.exec((await done.textContent())!)!.map(Number);
    return { added: added!, repeated: repeated!, matched: matched!, pending: pending! };
  };
  const first = await importOnce(false);
  expect(first.matched + first.pending).toBe(deposits);
  expect(first.matched / deposits).toBeGreaterThanOrEqual(0.95);

  // The queue: the part of a cuota waits with its dwelling suggested; Aceptar posts it.
  const partial = main(page).getByRole('row', { name: /ABONO PARCIAL TORRE A 508/ });
  await expect(partial).toBeVisible();
  await expect(partial.getByText('Torre A - 508')).toBeVisible();
  await partial.getByRole('button', { name: 'Aceptar' }).click();
  await expect(partial.getByText('Conciliado')).toBeVisible();
  await expect(partial.getByText(/Torre A - 508 · \$1,000\.00 · aceptado/)).toBeVisible();

  // The same file again: every movement was there, nothing is posted.
  await main(page).getByRole('button', { name: 'Subir otro' }).click();
  const again = await importOnce(true);
  expect(again).toEqual({ added: 0, repeated: first.added + first.repeated, matched: 0, pending: 0 });
});
