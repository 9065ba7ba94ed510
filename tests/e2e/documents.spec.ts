// The document library (issue 32) in Chromium: admin@demo.mx uploads a PDF for the owners into Contratos at
// condominio/others; an owner of Las Palmas (vecino050, read only) finds it by name and opens its versions; a member
// who holds no dwelling as owner (empleado@demo.mx, read only) finds the reglamento, for everyone, but not it.
import { openSignedIn } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a document the administrator uploads for the owners is seen by an owner and not by someone else', async ({
  page,
  browser,
}) => {
  const name = `Contrato de jardinería ${Date.now().toString(36)}`;
  await openSignedIn(page, 'admin@demo.mx', '/condominio/others', 'Residencial Las Palmas');
  await expect(page.getByRole('heading', { name: 'Documentos del condominio' })).toBeVisible();
  await page.getByRole('button', { name: 'Subir documento' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('combobox', { name: 'Carpeta' }).selectOption({ value: 'contratos' });
  await form.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await form.getByRole('combobox', { name: 'Quién lo ve' }).selectOption({ label: 'Propietarios' });
  await form
    .getByLabel('Archivo (PDF o imagen)')
    .setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Documento guardado.')).toBeVisible();
  await expect(page.locator('[data-testid^="document-"]').filter({ hasText: name })).toBeVisible();

  const owner = await browser.newContext({ locale: 'es-MX' });
  const theirs = await owner.newPage();
  await openSignedIn(theirs, 'vecino050@demo.mx', '/condominio/others');
  await theirs.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(name);
  const card = theirs.locator('[data-testid^="document-"]').filter({ hasText: name });
  await expect(card.getByText('Propietarios')).toBeVisible();
  await card.getByRole('button', { name: 'Versiones' }).click();
  await expect(theirs.getByRole('dialog').getByRole('link', { name: 'contrato.pdf' })).toBeVisible();
  await owner.close();

  const other = await browser.newContext({ locale: 'es-MX' });
  const staff = await other.newPage();
  await openSignedIn(staff, 'empleado@demo.mx', '/condominio/others');
  await expect(staff.getByText('Reglamento interno del condominio')).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Buscar por nombre' }).fill(name);
  await expect(staff.getByText('Ningún documento coincide con', { exact: false })).toBeVisible();
  await other.close();
});
