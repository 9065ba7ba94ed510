// Incidents (issue 31) in Chromium: guardia@demo.mx raises an incident with a photo at a round's checkpoint (the form
// the round screen opens, ?punto=); the administrator of Las Palmas finds it among the open incidents, turns it into
// a request with one action, and opens the request it became.
import { openSignedIn } from '../support/e2e/apiSignIn';
import { expect, test } from './fixtures';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an incident with a photo raised by the guard becomes the administrator’s request', async ({ page, browser }) => {
  const place = `Bomba ${Date.now().toString(36)}`;
  await openSignedIn(page, 'guardia@demo.mx', '/condominio/recorridos-supervisor/incidentes/nuevo?punto=4');
  await expect(page.getByText('Punto de control #4')).toBeVisible();
  await page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Mantenimiento' });
  await page.getByRole('combobox', { name: 'Gravedad' }).selectOption({ label: 'Alta' });
  await page.getByRole('textbox', { name: 'Lugar' }).fill(place);
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Fuga de agua en la bomba del cuarto de máquinas.');
  await page.getByLabel('Fotos').setInputFiles({ name: 'fuga.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('1 foto')).toBeVisible();
  await page.getByRole('button', { name: 'Reportar incidente' }).click();
  await expect(page.getByText('Incidente reportado.')).toBeVisible();

  const admin = await browser.newContext({ locale: 'es-MX' });
  const theirs = await admin.newPage();
  await openSignedIn(theirs, 'admin@demo.mx', '/condominio/recorridos-supervisor/incidentes', 'Residencial Las Palmas');
  const card = theirs.locator('[data-testid^="incident-"]').filter({ hasText: place });
  await expect(card.getByRole('img', { name: 'Foto 1 del incidente' })).toBeVisible();
  await card.getByRole('button', { name: 'Convertir en solicitud' }).click();
  await expect(theirs.getByText(/Se creó la solicitud #\d+\./)).toBeVisible();
  // The list shows open incidents: once the live refresh comes, the one just turned into a request may leave it.
  await theirs.getByLabel('Estado').selectOption('');
  await card.getByRole('link', { name: /Solicitud #\d+/ }).click();
  await expect(theirs).toHaveURL(/\/condominio\/comunicacion\/tickets-administrador\/\d+\?ticket=\d+/);
  await expect(theirs.getByText(`Incidente #`).first()).toBeVisible();
  await admin.close();
});
