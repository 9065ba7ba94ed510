// Sign-in through the page with the demo accounts of DESIGN.md §6, the guard with its return URL, the
// top-level redirects, and sign-out making the old token useless.
//
// At desktop size only: on a phone, loginMachine's, privacyGateMachine's and sessionMachine's walks sign in,
// choose condominiums, decline the notice and sign out through the same page, path by path.
import { DEMO_PASSWORD, expect, submitSignIn, test } from './fixtures';

test.describe('top-level routes', { tag: '@desktop-only' }, () => {
  test('the empty path opens the sign-in page, titled Autenticacion', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sessions\/signin$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Autenticacion > Iniciar sesión | Comunidad');
  });

  test('an unknown path goes to /sessions/404', async ({ page }) => {
    await page.goto('/no/existe');
    await expect(page).toHaveURL(/\/sessions\/404$/);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });

  test('a guarded page sends a signed-out visitor to sign-in and back to it afterwards', async ({ page }) => {
    await page.goto('/condominio/comunicacion?desde=correo');
    await expect(page).toHaveURL(/\/sessions\/signin\?returnUrl=%2Fcondominio%2Fcomunicacion%3Fdesde%3Dcorreo$/);
    await submitSignIn(page, 'consejo@demo.mx');
    await expect(page).toHaveURL(/\/condominio\/comunicacion\?desde=correo$/);
    await expect(page.getByRole('heading', { name: 'Hola, Carlos' })).toBeVisible();
  });
});

test.describe('sign-in form', { tag: '@desktop-only' }, () => {
  test('submit stays disabled until the e-mail is valid and a password is typed', async ({ page }) => {
    await page.goto('/sessions/signin');
    const submit = page.getByRole('button', { name: 'Ingresar' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Correo electrónico').fill('residente@demo');
    await page.getByLabel('Correo electrónico').blur();
    await expect(page.getByText('Por favor ingresa un email válido')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('residente@demo.mx');
    await expect(submit).toBeDisabled();
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('x');
    await expect(submit).toBeEnabled();
  });

  test('wrong credentials are shown under the password', async ({ page }) => {
    await page.goto('/sessions/signin');
    await submitSignIn(page, 'residente@demo.mx', 'incorrecta');
    await expect(page.getByText('Usuario o Contraseña incorrecta')).toBeVisible();
    await expect(page).toHaveURL(/\/sessions\/signin$/);
  });

  test('an account without an active condominium is told so', async ({ page }) => {
    await page.goto('/sessions/signin');
    await submitSignIn(page, 'inactivo@demo.mx');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Al parecer no tienes ningún condominio activo.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('demo accounts', { tag: '@desktop-only' }, () => {
  test('the resident meets the privacy notice first; declining signs out and keeps it unaccepted', async ({ page }) => {
    await page.goto('/sessions/signin');
    await submitSignIn(page, 'residente@demo.mx');
    const notice = page.getByRole('dialog', { name: 'Aviso de privacidad' });
    await expect(notice.getByText(/derechos ARCO/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Hola, / })).toHaveCount(0);
    await notice.getByRole('button', { name: 'Rechazar y salir' }).click();
    await expect(page).toHaveURL(/\/sessions\/signin/);
    // Still not accepted: the next sign-in asks again.
    await submitSignIn(page, 'residente@demo.mx');
    await expect(page.getByRole('dialog', { name: 'Aviso de privacidad' })).toBeVisible();
  });

  test('the administrator chooses among three condominiums; the one in error explains itself', async ({ page }) => {
    await page.goto('/sessions/signin');
    await submitSignIn(page, 'admin@demo.mx');
    const selector = page.getByRole('dialog', { name: 'Selecciona un condominio' });
    await expect(selector.getByRole('button', { name: /Residencial Las Palmas/ })).toBeVisible();
    await expect(selector.getByRole('button', { name: /Torres del Bosque/ })).toBeVisible();
    await selector.getByRole('button', { name: /Villas del Mar/ }).click();
    const error = page.getByRole('dialog', { name: 'No es posible ingresar' });
    await expect(error.getByText('Villas del Mar: Suscripción vencida')).toBeVisible();
    await error.getByRole('button', { name: 'Aceptar' }).click();
    await selector.getByRole('button', { name: /Torres del Bosque/ }).click();
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: 'Torres del Bosque' })).toBeVisible();
  });

  test('signing out returns to sign-in and the old token no longer works', async ({ page, request }) => {
    await page.goto('/sessions/signin');
    await page.getByLabel('Recordarme').check();
    await submitSignIn(page, 'guardia@demo.mx');
    await expect(page.getByRole('heading', { name: 'Hola, Gabriel' })).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('app-token'));
    expect(token).toBeTruthy();
    const before = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': token ?? '' } });
    expect(before.status()).toBe(200);

    await page.getByRole('button', { name: 'Menú de Gabriel Flores Luna' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/sessions\/signin/);
    expect(await page.evaluate(() => window.localStorage.getItem('app-token'))).toBeNull();
    const after = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': token ?? '' } });
    expect(after.status()).toBe(401);
  });

  test('a remembered session survives a reload', async ({ page }) => {
    await page.goto('/sessions/signin');
    await page.getByLabel('Recordarme').check();
    await submitSignIn(page, 'empleado@demo.mx');
    // Employees have no Comunicación: they land on their panel.
    await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
    await expect(page).toHaveURL(/\/condominio\/panel-del-empleado$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Panel del empleado' })).toBeVisible();
    expect(DEMO_PASSWORD).toBe('Demo1234!');
  });
});
