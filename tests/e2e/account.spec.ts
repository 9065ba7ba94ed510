// The account screens of issue 3 in Chromium against the real server, at desktop and phone size: forgot
// password (the confirmation, too many attempts, an unreachable server), reset-password with a refused
// link, the login-redirect bridge (logout=1, a refused antkn, a good one), mi-perfil (name, photo,
// language, password rules) and the welcome timeline. Screenshots go to test-results/account/ for a
// person to look at.
//
// Demo data is shared with the other specs, which run at the same time: what changes an account (name,
// photo, language) uses a neighbour no other spec signs in as, one per project, and puts it back. What
// ends a session (sign-out, the bridge) signs in on its own; the rest uses the saved sessions of
// accounts.ts. Sign-in through the page stays only where it is what the test is about (after a refused
// bridge link). What does not depend on the layout runs at one size (@desktop-only).
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { signedIn, signedInAfresh, signedInByProject } from '../support/e2e/accounts';
import { DEMO_PASSWORD, expect, main, screenshotForPeople, submitSignIn, test } from './fixtures';

/** Neighbours of Las Palmas (demo data) that only this spec changes: one per project, so the two never meet. */
const NEIGHBOUR: Record<string, string> = { desktop: 'vecino030@demo.mx', phone: 'vecino031@demo.mx' };
const neighbourOf = (testInfo: TestInfo) => NEIGHBOUR[testInfo.project.name] ?? 'vecino032@demo.mx';

/** A token of the right shape that the server never issued. */
const UNKNOWN_TOKEN = 'NoEmitidoPorElServidor_0123456789abcdef';

async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await screenshotForPeople(page, { path: `test-results/account/${testInfo.project.name}-${name}.png`, fullPage });
}

/** Signing in hashes a password on the server, which takes a while when the whole suite runs at once. */
const SIGN_IN_TIMEOUT = { timeout: 15_000 };

/** Comunicación in the test's session; answers its token. */
async function openHome(page: Page): Promise<string> {
  await page.goto('/condominio/comunicacion');
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  return token!;
}

/** A condo session through the API, as the legacy app would hold one: its app-token. */
async function apiSession(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/api/--sesiones/sign-in', { data: { username: email, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const { token, condos } = (await signIn.json()) as { token: string; condos: { CondoId: number; UserId: number }[] };
  const condo = condos[0]!;
  const login = await request.post('/api/--sesiones/condo-login', {
    data: { CondoId: condo.CondoId, UserId: condo.UserId, token },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A language of mi-perfil's switch, by the label the user clicks. */
const languageOption = (page: Page, name: string) =>
  main(page)
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) });

const sessionToken = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem('app-token') ?? window.localStorage.getItem('app-token'));

test.describe('forgot password', () => {
  test('linked under the password; the same confirmation whatever the address', async ({ page }, testInfo) => {
    await page.goto('/sessions/signin');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await screenshot(page, testInfo, 'signin-with-forgot-link');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/sessions\/forgot-password$/);
    await expect(page).toHaveTitle('Autenticacion > Recuperar contraseña | Comunidad');
    await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();

    const email = page.getByLabel('Correo electrónico');
    const submit = page.getByRole('button', { name: 'Enviar enlace' });
    await expect(submit).toBeDisabled();
    await email.fill('consejo@demo');
    await email.blur();
    await expect(page.getByText('Por favor ingresa un email válido')).toBeVisible();
    await expect(submit).toBeDisabled();
    await screenshot(page, testInfo, 'forgot-invalid');

    // A registered address: the server mails a link (to its outbox, which a browser cannot read).
    await email.fill(neighbourOf(testInfo));
    await submit.click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Revisa tu correo' });
    await expect(confirmation).toContainText('Si el correo está registrado, te enviaremos un enlace');
    await expect(confirmation).toContainText('El enlace vence en 60 minutos.');
    const registered = (await confirmation.textContent()) ?? '';
    await screenshot(page, testInfo, 'forgot-sent');

    // An address without an account gets exactly the same words.
    await page.getByRole('button', { name: 'Usar otro correo' }).click();
    await email.fill(`nadie-${testInfo.project.name}@example.com`);
    await submit.click();
    await expect(confirmation).toHaveText(registered);
    await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/sessions\/signin$/);
  });

  test('too many requests are refused clearly', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
    // The server's 429 (its limits are exercised by the server suite; here, what the page makes of one).
    await page.route('**/api/--sesiones/forgot-password', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        json: {
          success: false,
          code: 'TOO_MANY_REQUESTS',
          message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
        },
      }),
    );
    await page.goto('/sessions/forgot-password');
    await page.getByLabel('Correo electrónico').fill(`limite-${testInfo.project.name}@example.com`);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Demasiados intentos' })).toContainText(
      'Espera unos minutos y vuelve a intentarlo.',
    );
    await expect(page.getByText('Revisa tu correo')).toHaveCount(0);
    await screenshot(page, testInfo, 'forgot-too-many');
  });

  test('an unreachable server is said so, and trying again works', { tag: '@desktop-only' }, async ({ page }, testInfo) => {
    await page.route('**/api/--sesiones/forgot-password', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.goto('/sessions/forgot-password');
    await page.getByLabel('Correo electrónico').fill(`red-${testInfo.project.name}@example.com`);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor' });
    await expect(alert).toBeVisible();
    await screenshot(page, testInfo, 'forgot-unreachable');
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Revisa tu correo')).toBeVisible();
  });
});

test.describe('reset password', () => {
  test('shows the rule as the user types, and a refused link leads to a new one', async ({ page }, testInfo) => {
    await page.goto(`/sessions/reset-password?token=${UNKNOWN_TOKEN}`);
    await expect(page).toHaveTitle('Autenticacion > Nueva contraseña | Comunidad');
    const password = page.getByRole('textbox', { name: 'Contraseña nueva', exact: true });
    const confirmation = page.getByRole('textbox', { name: 'Confirma la contraseña nueva', exact: true });
    const submit = page.getByRole('button', { name: 'Guardar contraseña' });
    await expect(submit).toBeDisabled();
    await password.fill('corta1');
    await expect(page.getByText('La contraseña debe tener entre 8 y 200 caracteres.')).toBeVisible();
    await password.fill('soloLetrasAqui');
    await expect(page.getByText('La contraseña debe tener al menos una letra y un número.')).toBeVisible();
    await password.fill('Nueva1234');
    await confirmation.fill('Nueva123');
    await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await screenshot(page, testInfo, 'reset-rules');
    await confirmation.fill('Nueva1234');
    await expect(submit).toBeEnabled();
    await submit.click();

    const refused = page.getByRole('alert').filter({ hasText: 'El enlace no es válido' });
    await expect(refused).toContainText('El enlace para restablecer la contraseña no es válido o ya expiró.');
    await screenshot(page, testInfo, 'reset-invalid');
    await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
    await expect(page).toHaveURL(/\/sessions\/forgot-password$/);
  });
});

// Sessions and redirects: the same at every size.
// The tests that end their session have one of their own (a saved one would be revoked under others).
test.describe('login redirect bridge', { tag: '@desktop-only' }, () => {
  test.describe(() => {
    test.use({ storageState: signedInAfresh('consejo@demo.mx') });

    test('logout=1 signs out and opens sign-in with the logout flag', async ({ page, request }, testInfo) => {
      const token = await openHome(page);
      await page.goto('/login-redirect?logout=1');
      await expect(page).toHaveURL(/\/sessions\/signin\?logout=1$/);
      await expect(page.getByRole('status').filter({ hasText: 'Cerraste tu sesión.' })).toBeVisible();
      await screenshot(page, testInfo, 'signin-after-logout');
      expect(await sessionToken(page)).toBeNull();
      const after = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': token } });
      expect(after.status()).toBe(401);
    });
  });

  test('a refused antkn goes to sign-in with a clear message, then to the page asked for', async ({ page }, testInfo) => {
    await page.goto(`/login-redirect?redirectURL=_condominio_welcome&antkn=${UNKNOWN_TOKEN}`);
    await expect(page).toHaveURL(/\/sessions\/signin\?bridge=refused&returnUrl=%2Fcondominio%2Fwelcome$/);
    await expect(page.getByRole('alert')).toHaveText(
      'El enlace de acceso no es válido o ya venció. Inicia sesión para continuar.',
    );
    await screenshot(page, testInfo, 'signin-bridge-refused');
    await submitSignIn(page, 'consejo@demo.mx');
    await expect(page).toHaveURL(/\/condominio\/welcome$/, SIGN_IN_TIMEOUT);
  });

  test.describe(() => {
    test.use({ storageState: signedInAfresh('guardia@demo.mx') });

    test('a good antkn ends the current session and opens the decoded page in the new one', async ({
      page,
      request,
    }, testInfo) => {
      // The page is signed in as one person; the link carries another's one-time token.
      const before = await openHome(page);
      const legacy = await apiSession(request, 'consejo@demo.mx');
      const bridge = await request.post('/api/--sesiones/bridge-token', { headers: { 'app-token': legacy } });
      const { token: antkn } = (await bridge.json()) as { token: string };

      // The exchange waits until the bridge's own screen has been seen.
      let screenSeen!: () => void;
      const seen = new Promise<void>((resolve) => {
        screenSeen = resolve;
      });
      await page.route('**/api/--sesiones/change-condo-session', async (route) => {
        await seen;
        await route.continue();
      });
      await page.goto(`/login-redirect?redirectURL=_condominio_welcomeh1sinicio&antkn=${antkn}`);
      await expect(page.getByRole('heading', { name: 'Redirigiendo...' })).toBeVisible();
      await expect(page).toHaveTitle('Redirigiendo... | Comunidad');
      await screenshot(page, testInfo, 'redirecting');
      screenSeen();

      await expect(page).toHaveURL(/\/condominio\/welcome#inicio$/, SIGN_IN_TIMEOUT);
      await expect(page.getByRole('heading', { name: 'Bienvenido - Linea del tiempo' })).toBeVisible();
      await page.goto('/condominio/mi-perfil');
      await expect(page.getByText('consejo@demo.mx')).toBeVisible();
      // The guard's session was signed out first; the token was single use.
      const old = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': before } });
      expect(old.status()).toBe(401);
      const again = await request.post('/api/--sesiones/change-condo-session', { data: { antkn } });
      expect(again.status()).toBe(401);
    });
  });

  test('without a token it goes to sign-in', async ({ page }) => {
    await page.goto('/login-redirect?redirectURL=_condominio_welcome');
    await expect(page).toHaveURL(/\/sessions\/signin$/);
  });
});

test.describe('mi-perfil', () => {
  // This project's own neighbour, unless a test says otherwise.
  test.use({ storageState: signedInByProject({ desktop: [NEIGHBOUR.desktop!], phone: [NEIGHBOUR.phone!] }) });

  test.describe(() => {
    test.use({ storageState: signedIn('consejo@demo.mx') });
    test('shows a board member who they are, under its three addresses', async ({ page }, testInfo) => {
      for (const path of ['/condominio/profile/overview', '/condominio/profile/settings', '/condominio/mi-perfil']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
      }
      await expect(page).toHaveTitle('Residencial Las Palmas > Mi Perfil | Comunidad');
      await expect(main(page).getByText('Carlos Ramírez Soto', { exact: true })).toBeVisible();
      await expect(page.getByText('consejo@demo.mx')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Mis viviendas' })).toHaveText('Torre B - 502');
      await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
      await screenshot(page, testInfo, 'profile', true);

      // The password rules are the reset page's; nothing is sent while they fail.
      await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill('12345678');
      await expect(page.getByText('La contraseña debe tener al menos una letra y un número.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
      await page.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill('equivocada');
      await page.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill('Nueva1234');
      await page.getByRole('textbox', { name: 'Confirma la contraseña nueva', exact: true }).fill('Nueva1234');
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(page.getByText('La contraseña actual es incorrecta.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).not.toHaveAttribute('data-loading');
      await screenshot(page, testInfo, 'profile-password-wrong', true);
    });
  });

  test('name, photo and language: changed, seen, and put back', async ({ page, request }, testInfo) => {
    const email = neighbourOf(testInfo);
    await page.goto('/condominio/mi-perfil');
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const token = await sessionToken(page);
    const userName = async () => {
      const answer = await request.get('/api/--sesiones/session-data', { headers: { 'app-token': token ?? '' } });
      return ((await answer.json()) as { data: { usuario: { UserName: string } } }).data.usuario.UserName;
    };
    const original = await userName();
    await expect(main(page).getByText(original, { exact: true })).toBeVisible();
    const changed = `${original} Prueba`;
    try {
      // The name.
      await page.getByRole('button', { name: 'Editar nombre' }).click();
      const field = page.getByRole('textbox', { name: 'Nombre' });
      await field.fill('  ');
      await expect(page.getByText('El nombre es requerido.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toBeDisabled();
      await field.fill(changed);
      await screenshot(page, testInfo, 'profile-name-editing');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Nombre actualizado.')).toBeVisible();
      await expect(main(page).getByText(changed, { exact: true })).toBeVisible();
      expect(await userName()).toBe(changed);

      // The photo: a file too large is refused here; a real PNG is sent, shown, and removed.
      await page.getByLabel('Elegir foto de perfil').setInputFiles({
        name: 'grande.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(1_600_000, 1),
      });
      await expect(page.getByRole('alert')).toHaveText('La foto pesa más de 1.5 MB. Elige una más ligera.');
      await page.getByLabel('Elegir foto de perfil').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
      const photo = main(page).getByRole('img', { name: `Foto de perfil de ${changed}` });
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
      await screenshot(page, testInfo, 'profile-with-photo');
      await page.getByRole('button', { name: 'Quitar foto' }).click();
      await expect(photo).toHaveCount(0);

      // The language: the app follows the profile, and back.
      await languageOption(page, 'English').click();
      // Saved, the session data refreshed, the other language's messages downloaded: give it time.
      await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible({ timeout: 15_000 });
      await screenshot(page, testInfo, 'profile-english');
      await languageOption(page, 'Español').click();
      await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible({ timeout: 15_000 });
    } finally {
      // Put the account back even when a step failed.
      const headers = { 'app-token': token ?? '' };
      await request.post('/api/--perfil/update-name', { headers, data: { UserName: original } });
      await request.post('/api/--perfil/delete-photo', { headers });
      await request.post('/api/--sesiones/language', { headers, data: { language: 'es' } });
    }
    await page.reload();
    await expect(main(page).getByText(original, { exact: true })).toBeVisible();
  });
});

// Paging through the server's answers: the same at every size.
test.describe('welcome timeline', { tag: '@desktop-only' }, () => {
  test.use({ storageState: signedIn('consejo@demo.mx') });

  test('shows what happened, newest first, a page at a time', async ({ page }, testInfo) => {
    await page.goto('/condominio/welcome');
    await expect(page).toHaveTitle('Residencial Las Palmas > Bienvenido - Linea del tiempo | Comunidad');
    await expect(page.getByRole('heading', { name: 'Bienvenido - Linea del tiempo' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Bienvenido - Linea del tiempo' }).getByRole('listitem');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText('se unió a la comunidad.');
    await expect(items.first()).toContainText(/\d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2}/);
    const count = page.getByText(/^Mostrando 20 de \d+$/);
    await expect(count).toBeVisible();
    const total = Number((await count.innerText()).split(' de ')[1]);
    expect(total).toBeGreaterThan(20);
    await screenshot(page, testInfo, 'welcome', true);

    // Page by page to the oldest: the condominium's own beginning.
    for (let shown = 20; shown < total; shown += 20) {
      await page.getByRole('button', { name: 'Cargar más' }).click();
      await expect(items).toHaveCount(Math.min(total, shown + 20));
    }
    await expect(items.last()).toContainText('Residencial Las Palmas comenzó a usar la plataforma.');
    await expect(page.getByText(`Mostrando ${total} de ${total}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);
  });
});

/** A 16×16 PNG, a real image for the server's byte check and for the browser to decode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABvklEQVR4nAXBkQGFQAAA0D9OAzRAAwThYRCEhw+C8DAIwsMgCA+DIGyAhvnv/SpP7Wk8rSd4Bk/0TJ7kWT3Zc3iK5/a8ns/zq1y1q3G1ruAaXNE1uZJrdWXX4Squ2/W6PtevUmqlUVolKIMSlUlJyqpk5VCKciuv8im/ylk7G2frDM7BGZ2TMzlXZ3YezuK8na/zc/4qe21v7K092Ad7tE/2ZF/t2X7Yi/22v/bP/qvkWm7kVg7yIEd5kpO8ylk+5CLf8it/8q+y1bbG1tqCbbBF22RLttWWbYet2G7ba/tsv8pSWxpLawmWwRItkyVZVku2HJZiuS2v5bP8KqmWGqmVgjRIUZqkJK1Slg6pSLf0Sp/0q8y1uTG35mAezNE8mZN5NWfzYS7m2/yaP/OvoqahJTAQmUisZA4KNy8fv0qsxUZsxSAOYhQnMYmrmMVDLOItvuIn/ipjbWyMrTEYB2M0TsZkXI3ZeBiL8Ta+xs/4q/S1vtG3+qAf9FE/6ZN+1Wf9oS/6W//qP/2vEmqhEVohCIMQhUlIwipk4RCKcAuv8Am/SlfrGl2rC7pBF3WTLulWXdYduqK7da/u0/0B2r6GEKvUmf8AAAAASUVORK5CYII=',
  'base64',
);
