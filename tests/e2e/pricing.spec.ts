// The pricing and plans page (/precios-y-planes) in Chromium against the real server, at desktop and
// phone size: a visitor compares the demo plans in MXN, monthly and yearly; a failed load offers a retry;
// the administrator of Torres del Bosque (trial) follows the shell's countdown here and sees the trial
// banner. Screenshots go to test-results/pricing/ for a person to look at.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, screenshotForPeople, test } from './fixtures';

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await screenshotForPeople(page, { path: `test-results/pricing/${testInfo.project.name}-${name}.png`, fullPage });
}

const plans = (page: Page) => page.getByRole('main').getByRole('article');
const plan = (page: Page, name: string) => page.getByRole('article', { name });
const subjectOf = async (page: Page, name: string) => {
  const href = await plan(page, name)
    .getByRole('link', { name: `Contratar el plan ${name}` })
    .getAttribute('href');
  expect(href).toMatch(/^mailto:ventas@comunidad\.mx\?subject=/);
  return decodeURIComponent(new URL(href!).searchParams.get('subject') ?? '');
};

test.describe('pricing page', () => {
  test('a visitor compares the three plans in pesos, monthly and yearly', async ({ page }, testInfo) => {
    await page.goto('/precios-y-planes');
    await expect(page).toHaveTitle('Precios y planes | Comunidad');
    await expect(page.getByRole('heading', { level: 1, name: 'Precios y planes' })).toBeVisible();
    await expect(plans(page)).toHaveCount(3);
    await expect(plans(page).getByRole('heading')).toHaveText(['Básico', 'Profesional', 'Corporativo']);
    await expect(plan(page, 'Básico')).toContainText('$990.00');
    await expect(plan(page, 'Profesional')).toContainText('$2,490.00');
    await expect(plan(page, 'Corporativo')).toContainText('$5,990.00');
    await expect(plan(page, 'Básico')).toContainText('MXN al mes');
    await expect(plan(page, 'Corporativo')).toContainText('Viviendas ilimitadas');
    await expect(page.getByText(/periodo de prueba/)).toHaveCount(0);
    expect(await subjectOf(page, 'Profesional')).toBe('Contratar el plan Profesional (mensual)');
    await screenshot(page, testInfo, 'visitor-monthly');

    await page.getByRole('radiogroup', { name: 'Periodo de pago' }).getByText('Anual').click();
    await expect(plan(page, 'Básico')).toContainText('$9,900.00');
    await expect(plan(page, 'Básico')).toContainText('MXN al año');
    await expect(plan(page, 'Profesional')).toContainText('$24,900.00');
    await expect(plan(page, 'Profesional')).toContainText('Ahorras $4,980.00 al año');
    await expect(plan(page, 'Corporativo')).toContainText('$59,900.00');
    expect(await subjectOf(page, 'Corporativo')).toBe('Contratar el plan Corporativo (anual)');
    await screenshot(page, testInfo, 'visitor-yearly');
  });

  test('a failed load says so and loads again on retry', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
    await page.route('**/api/--planes/list', (route) => route.abort('connectionrefused'));
    await page.goto('/precios-y-planes');
    const alert = page.getByRole('alert').filter({ hasText: 'No pudimos cargar los planes' });
    await expect(alert).toBeVisible();
    await expect(plans(page)).toHaveCount(0);
    await screenshot(page, testInfo, 'failed', false);
    await page.unroute('**/api/--planes/list');
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(plans(page)).toHaveCount(3);
    await expect(alert).toHaveCount(0);
  });

  test.describe(() => {
    test.use({ storageState: signedIn('admin@demo.mx', 'Torres del Bosque') });
    test('the administrator of a condominium in trial follows the countdown to the plans', async ({ page }, testInfo) => {
      await page.goto('/condominio/comunicacion');
      const countdown = page.getByRole('link', { name: /^\d+ días de prueba restantes$/ });
      await expect(countdown).toBeVisible();
      const days = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
      expect(days).toBeGreaterThanOrEqual(29);
      await screenshot(page, testInfo, 'admin-shell-countdown', false);

      await countdown.click();
      await expect(page).toHaveURL(/\/precios-y-planes$/);
      await expect(page).toHaveTitle('Precios y planes | Comunidad');
      await expect(page.getByText(`Tu periodo de prueba termina en ${days} días`)).toBeVisible();
      await expect(page.getByText('Elige un plan para Torres del Bosque')).toBeVisible();
      await expect(plans(page)).toHaveCount(3);
      await screenshot(page, testInfo, 'admin-trial');
      await page.getByRole('link', { name: 'Volver a mi condominio' }).click();
      await expect(page).toHaveURL(/\/condominio\/comunicacion$/);

      // Contratar pays the plan through the product's provider (the built-in sandbox here): the administrator
      // leaves for its page with the plan's price. Not paid here: Torres del Bosque stays in trial for the others.
      await page.goto('/precios-y-planes');
      await plan(page, 'Básico').getByRole('button', { name: 'Contratar el plan Básico' }).click();
      await expect(page).toHaveURL(/\/pago-sandbox\/plan_sbx_[0-9a-f]{32}$/);
      await expect(page.getByTestId('sandbox-banner')).toContainText('SANDBOX');
    });
  });
});
