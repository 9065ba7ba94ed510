// The header's search in Chromium (issue 16): the administrator finds a resident by a name typed without
// accents and a post, from the box in the header (an icon that opens it on the phone), and opens the post; a
// resident finds a post and gets no residents at all.
//
// Accounts (accounts.ts lists who uses which): admin@demo.mx in Las Palmas (saved session, read only), and
// vecino058 (desktop) / vecino059 (phone), read only.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn, signedInByProject } from '../support/e2e/accounts';
import { expect, test } from './fixtures';

/** Types the text into the header's box (opening it first on a phone) and presses Enter. */
async function searchFromHeader(page: Page, testInfo: TestInfo, text: string) {
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Abrir la búsqueda' }).click();
  const box = page.getByRole('search', { name: 'Buscar' }).getByRole('searchbox', { name: 'Buscar' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/condominio/search\\?q=${encodeURIComponent(text)}$`));
  await expect(page.getByRole('heading', { name: `Resultados para “${text}”`, level: 1 })).toBeVisible();
}

test.describe('as the administrator', () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas'), locale: 'es-MX' });

  test('finds a resident typed without accents, and a post it opens', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
    await page.goto('/condominio/comunicacion');
    await searchFromHeader(page, testInfo, 'hernandez');
    const residents = page.getByRole('region', { name: 'Residentes' });
    await expect(residents.getByRole('link', { name: 'Rosa Hernández Díaz' })).toBeVisible();

    await searchFromHeader(page, testInfo, 'fumigacion');
    const posts = page.getByRole('region', { name: 'Publicaciones' });
    await posts.getByRole('link', { name: 'Fumigación de áreas comunes' }).click();
    await expect(page).toHaveURL(/\/condominio\/comunicacion\/ver-publicacion\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Fumigación de áreas comunes' })).toBeVisible();
  });
});

test.describe('as a resident', () => {
  test.use({
    storageState: signedInByProject({ desktop: ['vecino058@demo.mx'], phone: ['vecino059@demo.mx'] }),
    locale: 'es-MX',
  });

  test('finds a post, and never residents', { tag: '@phone-only' }, async ({ page }, testInfo) => {
    await page.goto('/condominio/comunicacion');
    await searchFromHeader(page, testInfo, 'fumigacion');
    await expect(
      page.getByRole('region', { name: 'Publicaciones' }).getByRole('link', { name: 'Fumigación de áreas comunes' }),
    ).toBeVisible();
    await searchFromHeader(page, testInfo, 'hernandez');
    await expect(page.getByText('No encontramos nada para “hernandez”.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Residentes' })).toHaveCount(0);
  });
});
