// The condominium's settings in Chromium (issue 16), as admin@demo.mx in Torres del Bosque: never Las Palmas,
// whose settings every other spec reads. A new colour shows on the public page at once; a new privacy notice
// asks Torres del Bosque's resident (bosque.residente@demo.mx, no other spec uses it) again when they sign in,
// and not the administrator who wrote it (blogs, layoutAndWayBack and pricing work in Bosque as that
// administrator meanwhile). It changes shared demo data, so it runs once, at desktop size; each run picks a
// colour other than the current one and a notice of its own, so a retry changes something again.
import type { APIRequestContext } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, screenshotForPeople, submitSignIn, test } from './fixtures';

test.use({ storageState: signedIn('admin@demo.mx', 'Torres del Bosque') });

async function bosqueId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/--pagina-publica/CondoXid/bosque');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { CondoId: number } }).data.CondoId;
}

test.describe('condominium settings', { tag: '@desktop-only' }, () => {
  test('the administrator changes the colour and the privacy notice; the public page and the resident follow', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/condominio/configuracion?tab=condominio');
    await expect(page.getByLabel('Nombre del condominio')).toHaveValue('Torres del Bosque');
    const colour = page.getByLabel('Color de la página pública');
    const next = (await colour.inputValue()) === 'verde' ? 'naranja' : 'verde';
    await colour.selectOption(next);
    const notice = `Torres del Bosque cuida tus datos personales (versión ${Date.now()}).`;
    await page.getByLabel('Texto del aviso de privacidad').fill(notice);
    const active = page.getByLabel('Pedir a los usuarios que acepten el aviso');
    if (!(await active.isChecked())) await active.check();
    await expect(page.getByText('Al guardar se pedirá a todos los demás usuarios aceptar el aviso de nuevo.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados. Ya se ven en el menú y en la página pública.')).toBeVisible();
    // The administrator who wrote it is not asked.
    await expect(page.getByRole('dialog', { name: 'Aviso de privacidad' })).toHaveCount(0);
    await screenshotForPeople(page, { path: testInfo.outputPath('configuracion-condominio.png'), fullPage: true });

    await page.goto(`/pagina-publica?id=${await bosqueId(request)}`);
    await expect(page.getByRole('heading', { name: 'Torres del Bosque', level: 1 })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('data-background', next);

    // The resident signs in on their own browser and is asked again, with the new text.
    const resident = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const theirs = await resident.newPage();
      await theirs.goto('/sessions/signin');
      await submitSignIn(theirs, 'bosque.residente@demo.mx');
      const dialog = theirs.getByRole('dialog', { name: 'Aviso de privacidad' });
      await expect(dialog.getByText(notice)).toBeVisible();
      await dialog.getByRole('button', { name: 'Aceptar aviso de privacidad' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await resident.close();
    }
  });
});
