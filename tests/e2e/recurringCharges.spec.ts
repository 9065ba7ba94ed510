// Cargos automáticos from the profile menu (spec §2.3, §2.4, §6) in Chromium, desktop and phone: the entry
// opens the dialog over the communication area with the member's charges in MXN; an edit shows the
// amount field and is dropped again; the cancellation question is asked and declined; closing goes back.
// Nothing is saved here (the walk does that, one neighbour per path). Screenshots go to /tmp/charges-shots.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, screenshotForPeople, test } from './fixtures';

test.use({ storageState: signedIn('consejo@demo.mx') });

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  screenshotForPeople(page, { path: `/tmp/charges-shots/${testInfo.project.name}-${name}.png` });

test('the board member opens Cargos automáticos from the profile menu, edits without saving and declines a cancellation', async ({
  page,
}, testInfo) => {
  await page.goto('/condominio/comunicacion');
  await page.getByRole('button', { name: 'Menú de Carlos Ramírez Soto' }).click();
  await page.getByRole('menuitem', { name: 'Cargos automáticos' }).click();
  await expect(page).toHaveURL(/\/condominio\/cargos-automaticos$/);
  const dialog = page.getByRole('dialog', { name: 'Cargos automáticos' });
  const maintenance = dialog.getByRole('article', { name: 'Cuota de mantenimiento Torre B - 502' });
  await expect(maintenance.getByTestId('monto')).toHaveText('$1,850.00');
  await expect(dialog.getByRole('article', { name: 'Fondo de reserva Torre B - 502' }).getByTestId('monto')).toHaveText(
    '$350.00',
  );
  await expect(page).toHaveTitle('Residencial Las Palmas > Cargos automáticos | Comunidad');
  await shot(page, testInfo, 'charges-list');

  await maintenance.getByRole('button', { name: 'Editar monto' }).click();
  const field = maintenance.getByRole('textbox');
  await field.fill('1999,9');
  await field.blur();
  await expect(field).toHaveValue('1999.90');
  await field.fill('0');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Ingresa un monto válido mayor a 0');
  await shot(page, testInfo, 'charges-editing');
  await maintenance.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await expect(maintenance.getByTestId('monto')).toHaveText('$1,850.00');

  await maintenance.getByRole('button', { name: 'Cancelar domiciliación' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar domiciliación' });
  await expect(confirm.getByText('Deseas cancelar esta domiciliación?')).toBeVisible();
  await shot(page, testInfo, 'charges-confirm');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByRole('article')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
});
