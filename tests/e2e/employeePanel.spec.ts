// The employee panel in Chromium, desktop and phone: the demo guard, signed in, opens 'Panel del empleado'
// from the menu and checks the demo pass's manual key (its verdict is the one the condominium's clock gives
// now) and an unknown key; the demo employee opening a finance screen lands on the panel; a board member
// opening the panel is sent to communication. Read-only. Screenshots go to test-results/staff/.
//
// Each person is a saved session of accounts.ts, the guard unless a test says otherwise; the board member's
// redirect, the same at every size, runs on desktop.
import { signedIn } from '../support/e2e/accounts';
import { expect, isPhone, shotsIn, test } from './fixtures';

test.use({ storageState: signedIn('guardia@demo.mx') });

/** DEMO-PASE-001 (server/db/seed/guests.ts): from the day the data loads, for 30 days, Monday, Wednesday
 * and Friday, 8:00 AM to 5:30 PM. */
const DEMO_PASS_KEY = 'PALMAS01';
const PASS_DAYS = ['lunes', 'miércoles', 'viernes'];
const PASS_HOURS = { from: '08:00', to: '17:30' };

const shot = shotsIn('test-results/staff');

/** The verdict a guard should read now, worked out here from the pass's facts and Las Palmas' clock. */
function expectedVerdict(at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-MX', {
      timeZone: 'America/Mexico_City',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  if (!PASS_DAYS.includes(String(parts.weekday).toLowerCase())) return 'No válido hoy';
  return time >= PASS_HOURS.from && time <= PASS_HOURS.to ? 'Válido ahora' : 'Fuera de horario';
}

test('the guard opens the panel from the menu and checks the demo pass and an unknown key', async ({ page }, testInfo) => {
  await page.goto('/condominio/comunicacion');
  await expect(page.getByRole('heading', { name: 'Hola, Gabriel' })).toBeVisible();

  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Panel del empleado' }).click();
  await expect(page).toHaveURL(/\/condominio\/panel-del-empleado$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
  await expect(page.getByText('Gabriel Flores Luna · Residencial Las Palmas')).toBeVisible();
  await expect(page.getByText('Guardia', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Residencial Las Palmas > Panel del empleado | Comunidad');
  await shot(page, testInfo, 'guard-panel');

  const field = page.getByRole('textbox', { name: 'Clave manual o QR' });
  await field.fill(DEMO_PASS_KEY.toLowerCase());
  const before = expectedVerdict();
  await page.getByRole('button', { name: 'Verificar' }).click();
  const verdict = page.getByRole('status').filter({ hasText: /Válido ahora|No válido hoy|Fuera de horario|Pase revocado/ });
  await expect(verdict).toBeVisible();
  // The minute may turn between the two readings; either side of it is right.
  expect([before, expectedVerdict()]).toContain(await verdict.getAttribute('aria-label'));
  const details = page.getByLabel('Laura Gómez Pineda');
  for (const text of [
    'Servicio doméstico',
    'PALMAS01',
    'Torre A - 101',
    'Rosa Hernández Díaz',
    '8:00 AM – 5:30 PM',
    'Lunes, Miércoles, Viernes',
  ]) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  await shot(page, testInfo, 'guard-pass-checked');

  await page.getByRole('button', { name: 'Nueva consulta' }).click();
  await expect(field).toHaveValue('');
  await field.fill('ZZZZ9999');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Pase desconocido')).toBeVisible();
  await expect(page.getByText('El pase de acceso no fue encontrado o no es válido.')).toBeVisible();
  await shot(page, testInfo, 'guard-pass-unknown');
});

test.describe(() => {
  test.use({ storageState: signedIn('empleado@demo.mx') });
  test('an employee opening a finance screen lands on the panel, without the pass check', async ({ page }, testInfo) => {
    await page.goto('/condominio/panel-financiero');
    await expect(page).toHaveURL(/\/condominio\/panel-del-empleado$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
    await expect(page.getByText('Empleado', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tus accesos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verificar pase' })).toHaveCount(0);
    await shot(page, testInfo, 'employee-panel');
  });
});

test.describe(() => {
  test.use({ storageState: signedIn('consejo@demo.mx') });
  test('a board member opening the panel is sent to communication @desktop-only', async ({ page }) => {
    await page.goto('/condominio/panel-del-empleado');
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  });
});
