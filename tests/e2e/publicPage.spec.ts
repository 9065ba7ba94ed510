// /pagina-publica in Chromium at both sizes (spec §2.5, §3.3, §5, §8): Las Palmas by ?id= with its colour,
// phones, map frame and banner; the sign-in card signs the board member in; the cards' logic loads only once a
// card is used, and what is typed meanwhile (or a press of Ingresar) carries over; a contact request solves the
// real ALTCHA captcha and is accepted; the access form shows the spec's messages and gives the focus back to its
// button; unknown → not found.
//
// What does not depend on the layout (the captcha's work, the host name, not found) runs at desktop size.
import type { Page } from '@playwright/test';
import { expect, screenshotForPeople, submitSignIn, test } from './fixtures';

async function palmasId(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const res = await request.get('/api/--pagina-publica/CondoXid/palmas');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { CondoId: number } }).data.CondoId;
}

// The spec's Spanish messages: the visitor picked Español (fixtures.ts keptLanguage).
test.use({ keptLanguage: 'es' });

/** The cards' logic (src/views/public/onDemand.ts): the sign-in flow, the contact dialogs, and xstate under both. */
const CARDS_LOGIC = /\/assets\/(PublicLoginFlow|ContactDialogs|xstate)[^/]*\.js$/;
const SIGN_IN_LOGIC = /\/assets\/PublicLoginFlow-[^/]*\.js$/;

/** The scripts of the cards' logic the page asked for, and a gate on the sign-in flow's own chunk. */
async function watchCardsLogic(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (CARDS_LOGIC.test(new URL(r.url()).pathname)) asked.push(new URL(r.url()).pathname);
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SIGN_IN_LOGIC, async (route) => {
    await held;
    await route.continue();
  });
  return { asked, release };
}

/** Until the browser is idle after painting: what a page does by itself once shown, it has started by then. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 }))));

test.describe('public condo page', () => {
  test('shows Las Palmas by ?id= with its colour, phones, map and banner', async ({ page, request }, testInfo) => {
    const id = await palmasId(request);
    await page.goto(`/pagina-publica?id=${id}`);
    await expect(page.getByRole('heading', { name: 'Residencial Las Palmas' })).toBeVisible();
    await expect(page).toHaveTitle('Pagina Publica > Residencial Las Palmas | Comunidad');
    const main = page.locator('main');
    await expect(main).toHaveAttribute('data-background', 'verde');
    expect(await main.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('rgb(47, 158, 68)');
    await expect(page.getByText('Av. de las Palmas 1200').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '+52 33 1234 5678' })).toHaveAttribute('href', 'tel:+523312345678');
    await expect(page.getByRole('link', { name: '+52 33 9876 5432' })).toBeVisible();
    await expect(page.getByText('Oficina de administración abierta de lunes a viernes')).toBeVisible();
    const map = page.locator('iframe[title="Mapa de Residencial Las Palmas"]');
    await expect(map).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\/embed\?pb=/);
    await expect(map).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(page.getByText('Pinturas y mantenimiento Occidente')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Solicitar acceso' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contactar admin' })).toBeVisible();
    await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/sessions/forgot-password',
    );
    await screenshotForPeople(page, { path: testInfo.outputPath(`pagina-publica-${testInfo.project.name}.png`), fullPage: true });
  });

  test('the sign-in card signs the board member in and opens the communication area', async ({ page, request }) => {
    await page.goto(`/pagina-publica?id=${await palmasId(request)}`);
    await page.getByRole('button', { name: 'Mostrar contraseña' }).waitFor();
    await submitSignIn(page, 'consejo@demo.mx');
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: 'Hola, Carlos' })).toBeVisible();
  });

  test('the cards load their logic only once used, and what is typed before it arrives stays', async ({ page, request }) => {
    const logic = await watchCardsLogic(page);
    await page.goto(`/pagina-publica?id=${await palmasId(request)}`);
    await expect(page.getByRole('button', { name: 'Contactar admin' })).toBeVisible();
    await settled(page);
    expect(logic.asked).toEqual([]);

    const email = page.getByRole('textbox', { name: 'Correo electrónico' });
    await email.click();
    await expect.poll(() => logic.asked.some((path) => SIGN_IN_LOGIC.test(path))).toBe(true);
    // Only the sign-in card's: the contact dialogs wait for their own card.
    expect(logic.asked.some((path) => path.includes('ContactDialogs'))).toBe(false);
    await email.pressSequentially('consejo@demo');
    const typedIn = await email.elementHandle();
    logic.release();
    // The flow's form takes the card's place with what was typed, the focus in the same field, the caret at its end.
    await expect.poll(() => typedIn?.evaluate((field) => field.isConnected)).toBe(false);
    await expect(email).toBeFocused();
    await page.keyboard.type('.mx');
    await expect(email).toHaveValue('consejo@demo.mx');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
  });

  test('Ingresar pressed before the sign-in logic arrives spins, and signs in once it is in', async ({ page, request }) => {
    const logic = await watchCardsLogic(page);
    await page.goto(`/pagina-publica?id=${await palmasId(request)}`);
    await page.getByLabel('Correo electrónico').fill('consejo@demo.mx');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Demo1234!');
    const submit = page.getByRole('button', { name: 'Ingresar' });
    await submit.click();
    await expect(submit).toHaveAttribute('data-loading', 'true');
    await expect(page).toHaveURL(/\/pagina-publica/);
    logic.release();
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: 'Hola, Carlos' })).toBeVisible();
  });

  test(
    'a contact request solves the real captcha and is accepted',
    { tag: '@desktop-only' },
    async ({ page, request }, testInfo) => {
      await page.goto(`/pagina-publica?id=${await palmasId(request)}`);
      await page.getByRole('button', { name: 'Contactar admin' }).click();
      const form = page.getByRole('dialog', { name: 'Contactar admin' });
      await form.getByLabel('Nombre completo').fill('Lucía Ramírez');
      await form.getByLabel('Correo electrónico').fill('lucia@example.com');
      await form.getByLabel('Teléfono').fill('33 1234 5678');
      await form.getByLabel('Comentarios').fill('¿Cuánto es la cuota de mantenimiento?');
      await screenshotForPeople(page, { path: testInfo.outputPath(`contactar-admin-${testInfo.project.name}.png`) });
      await form.getByRole('button', { name: 'Enviar' }).click();
      const result = page.getByRole('dialog', { name: 'Éxito' });
      await expect(result.getByText('Tu mensaje fue enviado a la administración. Te responderán a tu correo.')).toBeVisible({
        timeout: 20_000,
      });
      await expect(form).toBeHidden();
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await expect(result).toBeHidden();
    },
  );

  test('the access form shows the spec’s messages, needs the dwelling, gives the focus back', async ({ page, request }) => {
    await page.goto(`/pagina-publica?id=${await palmasId(request)}`);
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    const form = page.getByRole('dialog', { name: 'Solicitar acceso' });
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('El nombre completo es requerido.')).toBeVisible();
    await expect(form.getByText('Por favor, ingresa un correo electrónico válido.')).toBeVisible();
    await expect(form.getByText('El teléfono es requerido.')).toBeVisible();
    await expect(form.getByText('Los comentarios son requeridos.')).toBeVisible();
    await expect(form.getByText('La vivienda es requerida.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Solicitar acceso' })).toBeFocused();
  });

  test('on its subdomain the page finds Las Palmas without ?id=, and an access request goes through', {
    tag: '@desktop-only',
  }, async ({ page, baseURL }) => {
    // Chromium resolves every *.localhost name to this machine: palmas.demo.localhost names "palmas".
    const url = new URL('/pagina-publica', baseURL);
    url.hostname = 'palmas.demo.localhost';
    await page.goto(url.href);
    await expect(page.getByRole('heading', { name: 'Residencial Las Palmas' })).toBeVisible();
    await page.getByRole('button', { name: 'Solicitar acceso' }).click();
    const form = page.getByRole('dialog', { name: 'Solicitar acceso' });
    await form.getByLabel('Nombre completo').fill('Mario Núñez');
    await form.getByLabel('Correo electrónico').fill('mario@example.com');
    await form.getByLabel('Teléfono').fill('3398765432');
    await form.getByLabel('Comentarios').fill('Soy el nuevo inquilino.');
    await form.getByLabel('Vivienda').fill('Torre B - 204');
    await form.getByRole('button', { name: 'Enviar' }).click();
    const result = page.getByRole('dialog', { name: 'Éxito' });
    await expect(result.getByText('Tu solicitud de acceso fue enviada a la administración.', { exact: false })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('an unknown condominium, or none named by the host, is not found', { tag: '@desktop-only' }, async ({ page }) => {
    for (const url of ['/pagina-publica?id=999999', '/pagina-publica?id=abc', '/pagina-publica']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: 'Condominio no encontrado' })).toBeVisible();
    }
  });
});
