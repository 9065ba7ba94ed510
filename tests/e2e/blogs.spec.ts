// listado-blogs in Chromium (spec §2.2, §4, §5): an administrator creates a blog with the new-blog dialog's
// rules, toggles it, moves it, edits it (conditional fields, exclusivity, the resident selector) and
// saves; the session data follows at once (Comunicación lists the sections in their new order and
// names). Desktop works in Torres del Bosque and the phone in Las Palmas, each on blogs it creates itself,
// so the two runs never touch the same rows. Residents are refused the screen.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn, signedInByProject } from '../support/e2e/accounts';
import { expect, isPhone, screenshotForPeople, test } from './fixtures';

/** Comunicación in the test's saved session (accounts.ts). */
async function openHome(page: Page) {
  await page.goto('/condominio/comunicacion');
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
}

async function openFromMenu(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Configuración de blogs' }).click();
  await expect(page).toHaveURL(/\/condominio\/listado-blogs$/);
  await expect(page.getByRole('heading', { name: 'Configuración de blogs' })).toBeVisible();
}

const blogList = (page: Page) => page.getByRole('list', { name: 'Blogs' });
const editor = (page: Page) => page.getByRole('region', { name: 'Editar blog' });
const names = (page: Page) => blogList(page).getByRole('listitem').getByRole('button');

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await screenshotForPeople(page, { path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

async function createBlog(page: Page, name: string) {
  await page.getByRole('button', { name: '+ Blog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo blog' });
  await expect(dialog.getByLabel('Estatus')).toHaveValue('A');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('El nombre del blog es requerido')).toBeVisible();
  await dialog.getByLabel('Nombre del blog').fill('x'.repeat(40));
  await expect(dialog.getByText('El nombre del blog debe tener menos de 40 caracteres')).toBeVisible();
  await dialog.getByLabel('Autorización de publicaciones').selectOption('');
  await expect(dialog.locator('.mantine-InputWrapper-error').filter({ hasText: 'Elige una opción' })).toBeVisible();
  await dialog.getByLabel('Autorización de publicaciones').selectOption('B');
  await dialog.getByLabel('Nombre del blog').fill(name);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(blogList(page).getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  await expect(editor(page).getByLabel('Nombre del blog')).toHaveValue(name);
  await expect(editor(page).getByLabel('Autorización de publicaciones')).toHaveValue('B');
}

async function saveAndConfirm(page: Page, name: string) {
  await editor(page).getByRole('button', { name: 'Guardar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Guardar cambios' });
  await expect(confirm.getByText(`¿Deseas guardar los cambios del blog ${name}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Blog guardado' })).toBeVisible();
  // The saved message goes after 3000 ms.
  await expect(page.getByRole('status').filter({ hasText: 'Blog guardado' })).toHaveCount(0, { timeout: 6000 });
}

const sectionsOnHome = (page: Page) => page.getByRole('list', { name: 'Secciones de tu condominio' }).getByRole('listitem');

test.describe('blog configuration', () => {
  test.use({
    storageState: signedInByProject({
      'blogs-desktop': ['admin@demo.mx', 'Torres del Bosque'],
      'blogs-phone': ['admin@demo.mx', 'Residencial Las Palmas'],
    }),
  });

  test('the administrator creates, toggles, moves and edits a blog, and the sections follow', async ({ page }, testInfo) => {
    // A long walk with two 3-second saved messages.
    test.setTimeout(90_000);
    const name = isPhone(testInfo) ? 'Blog del teléfono' : 'Deportes';
    await openHome(page);
    await openFromMenu(page, testInfo);
    await expect(names(page).first()).toContainText('Avisos de la administración');
    await shot(page, testInfo, 'blogs-list');

    await createBlog(page, name);
    const row = blogList(page).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('0 publicaciones');

    // Active toggle: sent at once, kept after a reload.
    const active = page.getByRole('switch', { name: `${name} activo` });
    await expect(active).toBeChecked();
    await active.click({ force: true });
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: `${name} activo` })).not.toBeChecked();
    await page.getByRole('switch', { name: `${name} activo` }).click({ force: true });
    await expect(page.getByRole('switch', { name: `${name} activo` })).toBeChecked();

    if (!isPhone(testInfo)) {
      // Position: the new blog goes first, the others shift down by one and keep their order.
      const before = (await names(page).allTextContents()).map((t) => t.split(/\d+ publicaci/)[0]);
      await page.getByRole('combobox', { name: `Posición de ${name}` }).selectOption('1');
      await expect(names(page).first()).toContainText(name);
      await page.reload();
      await expect(names(page).first()).toContainText(name);
      const after = (await names(page).allTextContents()).map((t) => t.split(/\d+ publicaci/)[0]);
      expect(after).toEqual([before.at(-1), ...before.slice(0, -1)]);
    }

    // Edit: the conditional fields, exclusivity and the residents.
    await row.getByRole('button').click();
    await expect(editor(page).getByLabel('Nombre del blog')).toHaveValue(name);
    await expect(editor(page).getByLabel('Vista por torre')).toBeVisible();
    await editor(page).getByLabel('Exclusivo para algunos residentes').selectOption('Y');
    await expect(editor(page).getByLabel('Vista por torre')).toHaveCount(0);
    await expect(editor(page).getByRole('status', { name: 'Selecciona los residentes' })).toHaveText(
      '0 residentes seleccionados',
    );
    await editor(page).getByRole('button', { name: 'Selecciona los residentes' }).click();
    const selector = page.getByRole('dialog', { name: 'Selecciona los residentes' });
    const residents = selector.getByRole('group', { name: 'Selecciona los residentes' }).getByRole('checkbox');
    if (isPhone(testInfo)) {
      await selector.getByLabel('Torre', { exact: true }).selectOption({ label: 'Torre B' });
      await selector.getByLabel('Buscar por nombre o vivienda').fill('torre b - 50');
      // The search applies after its 500 ms debounce: wait until every dwelling shown matches it.
      const dwellings = selector.getByRole('group').locator('.mantine-Checkbox-description');
      await expect
        .poll(async () => {
          const texts = await dwellings.allTextContents();
          return texts.length > 0 && texts.every((text) => text.toLowerCase().includes('torre b - 50'));
        })
        .toBe(true);
      await expect(residents).not.toHaveCount(0);
      // Typing keeps the tower filter.
      await expect(selector.getByLabel('Torre', { exact: true }).locator('option:checked')).toHaveText('Torre B');
    } else {
      await selector.getByLabel('Buscar por nombre o vivienda').fill('nadie se llama así');
      await expect(selector.getByText('Ningún residente coincide con la búsqueda.')).toBeVisible();
      await selector.getByLabel('Buscar por nombre o vivienda').fill('');
    }
    await residents.first().check();
    await expect(selector.getByRole('status')).toHaveText('1 residente seleccionado');
    await shot(page, testInfo, 'blogs-selector');
    await selector.getByRole('button', { name: 'Listo' }).click();
    await expect(editor(page).getByRole('status', { name: 'Selecciona los residentes' })).toHaveText('1 residente seleccionado');

    // Guardar is off while the name is empty.
    await editor(page).getByLabel('Nombre del blog').fill('');
    await expect(editor(page).getByText('El nombre del blog es requerido')).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    const renamed = `${name} y más`;
    await editor(page).getByLabel('Nombre del blog').fill(renamed);
    await shot(page, testInfo, 'blogs-editor');
    await saveAndConfirm(page, renamed);
    const renamedRow = blogList(page).getByRole('listitem').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('1 residente');

    // Public again: no residents, the per-tower view is back.
    await editor(page).getByLabel('Exclusivo para algunos residentes').selectOption('N');
    await expect(editor(page).getByLabel('Vista por torre')).toHaveValue('1');
    await saveAndConfirm(page, renamed);
    await expect(renamedRow).not.toContainText('residente');

    // The session data was refreshed: Comunicación lists the renamed blog (first on desktop) without a reload.
    if (isPhone(testInfo)) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Comunicación', exact: true })
      .click();
    if (isPhone(testInfo)) await expect(sectionsOnHome(page).filter({ hasText: renamed })).toHaveCount(1);
    else await expect(sectionsOnHome(page).first().getByRole('link')).toHaveText(renamed);
  });

  test('the surveys blog shows its own fields and offers no approval', async ({ page }, testInfo) => {
    await page.goto('/condominio/listado-blogs');
    await blogList(page)
      .getByRole('button', { name: /Encuestas y votaciones/ })
      .click();
    await expect(editor(page)).toContainText('Código: EN');
    const posting = editor(page).getByLabel('Autorización de publicaciones');
    await expect(posting.locator('option')).toHaveText(['Abierto', 'Solo administradores']);
    await expect(editor(page).getByLabel('Mensaje de confirmación')).toHaveValue('Gracias por tu voto.');
    await expect(editor(page).getByLabel('Visibilidad de resultados').locator('option')).toHaveText([
      'Solo administradores',
      'Después de votar',
      'Siempre',
    ]);
    // TiempoMoroso is days of arrears (issue 14): Torres del Bosque (desktop) lets dwellings in arrears vote;
    // Las Palmas (phone) bars debts older than 60 days (its demo votación refuses one).
    const arrears = editor(page).getByLabel('Voto de viviendas con adeudo');
    await expect(arrears).toHaveValue(testInfo.project.name === 'blogs-desktop' ? '0' : '60');
    await expect(arrears.locator('option')).toHaveText([
      'Pueden votar aunque tengan adeudo',
      'Sin voto con adeudo de más de 30 días',
      'Sin voto con adeudo de más de 60 días',
      'Sin voto con adeudo de más de 90 días',
    ]);
    await expect(editor(page).getByLabel('Comentarios')).toHaveCount(0);
    await expect(editor(page).getByLabel('Comunicación privada')).toHaveCount(0);
    await editor(page).getByLabel('Mensaje de confirmación').fill('x'.repeat(101));
    await expect(editor(page).getByText('El mensaje de confirmación debe tener máximo 100 caracteres')).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await shot(page, testInfo, 'blogs-surveys');
  });

  test.describe(() => {
    test.use({ storageState: signedIn('consejo@demo.mx') });
    test('residents have no entry and are sent back to Comunicación', async ({ page }, testInfo) => {
      await openHome(page);
      if (isPhone(testInfo)) await page.getByRole('button', { name: 'Abrir menú' }).click();
      await expect(page.getByRole('link', { name: 'Configuración de blogs' })).toHaveCount(0);
      await page.goto('/condominio/listado-blogs');
      await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
      await page.goto('/condominio/listado-blogs/otra-cosa');
      await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    });
  });
});
