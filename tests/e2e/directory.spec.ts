// The residents' directory in Chromium (issue 16), read only, as a Las Palmas resident (displaydirectory R):
// vecino056 on desktop, vecino057 on the phone. Searched without accents, it shows the phone Andrés Navarro
// Aguilar of Torre A 603 chose to show (a tel: link) and not the one his namesake of Torre B 803 hides.
import { signedInByProject } from '../support/e2e/accounts';
import { expect, screenshotForPeople, test } from './fixtures';

test.use({ storageState: signedInByProject({ desktop: ['vecino056@demo.mx'], phone: ['vecino057@demo.mx'] }) });

test(
  'a resident searches the residents’ directory and sees only the contacts people chose to show',
  { tag: '@phone-only' },
  async ({ page }, testInfo) => {
    await page.goto('/condominio/directorio-principal');
    await expect(page.getByRole('heading', { name: 'Directorio de residentes', level: 1 })).toBeVisible();
    await page.getByLabel('Buscar por nombre o vivienda').fill('andres navarro');
    const shown = page.getByRole('region', { name: 'Torre A · 603' });
    await expect(shown.getByRole('link', { name: 'Llamar a Andrés Navarro Aguilar' })).toHaveAttribute('href', 'tel:3311112222');
    await expect(shown.getByRole('link', { name: 'Escribir a Andrés Navarro Aguilar' })).toHaveAttribute(
      'href',
      'mailto:vecino018@demo.mx',
    );
    const hidden = page.getByRole('region', { name: 'Torre B · 803' });
    await expect(hidden.getByText('Sin datos de contacto públicos')).toBeVisible();
    await expect(page.getByText('3399998888')).toHaveCount(0);
    await expect(page.getByRole('region', { name: /Torre A · 1/ })).toHaveCount(0);
    await screenshotForPeople(page, { path: testInfo.outputPath(`directorio-${testInfo.project.name}.png`), fullPage: true });
  },
);
