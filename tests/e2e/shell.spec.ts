// The signed-in shell (spec §2.3, §6) with the demo accounts, at desktop and phone size: each role's
// menu, the profile menu, the trial countdown, the sidebar toggle and styles, the top navigation, the
// phone drawer, and the language saved to the profile. Screenshots of the shell go to
// test-results/shell/ for a person to look at.
import type { Page, TestInfo } from '@playwright/test';
import { signedIn } from '../support/e2e/accounts';
import { expect, isPhone, screenshotForPeople, test } from './fixtures';

/** Opens /condominio/comunicacion in the test's saved session (accounts.ts, signed in once per run). */
async function openHome(page: Page) {
  await page.goto('/condominio/comunicacion');
  // Employees have no Comunicación: they land on their panel.
  await expect(page.getByRole('heading', { level: 1, name: /^(Hola, .*|Panel del empleado)$/ })).toBeVisible();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** The menu landmark, opening the drawer first on phones (and letting it finish sliding in). */
async function openMainMenu(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(mainNav(page)).toBeInViewport();
    await page
      .getByRole('dialog')
      .evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
    // Slid in all the way: an administrator's menu is taller than a phone, so it scrolls rather than fits.
    expect((await mainNav(page).boundingBox())?.x).toBeGreaterThanOrEqual(0);
  }
  await expect(mainNav(page)).toBeVisible();
  return mainNav(page);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await screenshotForPeople(page, { path: `test-results/shell/${testInfo.project.name}-${name}.png` });
}

/** Requests to the administrator open their own screen (issue 13), the name cut at 30 characters. */
const REQUESTS: [RegExp, string] = [/^Solicitudes a la administraci…$/, '/condominio/comunicacion/tickets-administrador/2'];
/** Interpersonal messages too; the entry's text ends with the unread count when there is one. */
const MESSAGES: [RegExp, string] = [/^Comunicación entre vecinos\d*$/, '/condominio/comunicacion/comunicacion-interpersonal/5'];

/** Surveys and votes (EN, issue 14): for those with COM-ENC (not the guard); the badge counts open polls to vote in. */
const SURVEYS: [RegExp, string] = [/^Encuestas y votaciones\d*$/, '/condominio/comunicacion/encuestas'];

/** Facility reservations (RI, issue 15): for those with COM-RES (not the guard); administrators' entry ends with
 * the requests waiting for their approval. */
const RESERVATIONS: [RegExp, string] = [/^Reservación de áreas comunes\d*$/, '/condominio/comunicacion/instalaciones'];
/** The events calendar (EV, issue 15): no view permission of its own, so the guard has it too. */
const CALENDAR: [string, string] = ['Calendario de eventos', '/condominio/comunicacion/calendario-eventos'];

/** The neighbours' open board, a plain section (the generic screen). */
const BOARD: [string, string] = ['Tablón de vecinos', '/condominio/comunicacion/seccion/11'];

/** Exactly the links each role's menu has today (the screens that exist), in order. */
const MENUS: [email: string, condo: string | undefined, links: [name: string | RegExp, href: string][]][] = [
  [
    'consejo@demo.mx',
    undefined,
    [
      ['Comunicación', '/condominio/comunicacion'],
      // Plain sections open the generic section screen (issue 6): the notices, the board's and the
      // committee this board member belongs to.
      ['Avisos de la administración', '/condominio/comunicacion/seccion/1'],
      REQUESTS,
      RESERVATIONS,
      SURVEYS,
      MESSAGES,
      CALENDAR,
      ['Asuntos del consejo', '/condominio/comunicacion/seccion/7'],
      ['Comité de jardinería', '/condominio/comunicacion/seccion/9'],
      BOARD,
      ['Financiero', '/condominio/financiero'],
      ['Estado de cuenta', '/condominio/estado-cta'],
      ['Linea del tiempo', '/condominio/welcome'],
      ['Documentos', '/condominio/others'],
      ['Mis invitados', '/condominio/mis-invitados'],
      ['Mis visitas', '/condominio/bitacora-movimientos'],
      ['Mis paquetes', '/condominio/paqueteria?vista=mios'],
      ['Asambleas', '/condominio/asambleas'],
      ['Control gerencial', '/condominio/control-gerencial'],
      ['Historial', '/condominio/historial'],
    ],
  ],
  [
    'guardia@demo.mx',
    undefined,
    [
      ['Comunicación', '/condominio/comunicacion'],
      // Not the requests: the guard's COM-SOL is inactive (spec §6).
      ['Avisos de la administración', '/condominio/comunicacion/seccion/1'],
      MESSAGES,
      CALENDAR,
      BOARD,
      ['Linea del tiempo', '/condominio/welcome'],
      ['Documentos', '/condominio/others'],
      ['Panel del empleado', '/condominio/panel-del-empleado'],
      ['Caseta', '/condominio/caseta'],
      ['Bitácora de movimientos', '/condominio/bitacora-movimientos'],
      ['Paquetería', '/condominio/paqueteria'],
      ['Recorridos', '/condominio/recorridos'],
    ],
  ],
  [
    'empleado@demo.mx',
    undefined,
    [
      ['Linea del tiempo', '/condominio/welcome'],
      ['Panel del empleado', '/condominio/panel-del-empleado'],
    ],
  ],
  [
    'admin@demo.mx',
    'Residencial Las Palmas',
    [
      ['Comunicación', '/condominio/comunicacion'],
      ['Avisos de la administración', '/condominio/comunicacion/seccion/1'],
      REQUESTS,
      RESERVATIONS,
      SURVEYS,
      MESSAGES,
      CALENDAR,
      BOARD,
      ['Financiero', '/condominio/financiero'],
      ['Estado de cuenta', '/condominio/estado-cta'],
      ['Linea del tiempo', '/condominio/welcome'],
      ['Documentos', '/condominio/others'],
      ['Mis invitados', '/condominio/mis-invitados'],
      ['Mis paquetes', '/condominio/paqueteria?vista=mios'],
      ['Panel del administrador', '/condominio/panel-del-administrador'],
      ['Panel del empleado', '/condominio/panel-del-empleado'],
      ['Caseta', '/condominio/caseta'],
      ['Bitácora de movimientos', '/condominio/bitacora-movimientos'],
      ['Paquetería', '/condominio/paqueteria'],
      ['Dispositivos', '/condominio/dispositivos'],
      ['Recorridos', '/condominio/recorridos'],
      ['Asambleas', '/condominio/asambleas'],
      ['Panel del supervisor', '/condominio/recorridos-supervisor'],
      ['Configuración de blogs', '/condominio/listado-blogs'],
      ['Configuración', '/condominio/configuracion'],
      ['Control gerencial', '/condominio/control-gerencial'],
      ['Factura Comunidad', '/condominio/control-gerencial/modulos-adicionales/factura-comunidad'],
      ['Historial', '/condominio/historial'],
    ],
  ],
];

// A board member unless a test says otherwise: the saved sessions of accounts.ts.
test.use({ storageState: signedIn('consejo@demo.mx') });

test.describe('each role sees exactly its menu', () => {
  for (const [email, condo, links] of MENUS) {
    test.describe(() => {
      test.use({ storageState: signedIn(email, condo) });
      test(`${email}${condo ? ` in ${condo}` : ''}`, async ({ page }, testInfo) => {
        await openHome(page);
        const nav = await openMainMenu(page, testInfo);
        await expect(nav.getByRole('link')).toHaveText(links.map(([name]) => name));
        for (const [index, [, href]] of links.entries()) {
          await expect(nav.getByRole('link').nth(index)).toHaveAttribute('href', href);
        }
        if (links.some(([name]) => name === 'Comunicación')) {
          await expect(nav.getByRole('link', { name: 'Comunicación', exact: true })).toHaveAttribute('aria-current', 'page');
        }
        // Nothing of later issues: no legacy links; the admin panel for administrators only; the reports live in
        // the profile menu.
        if (email !== 'admin@demo.mx') await expect(page.getByText('Panel del administrador')).toHaveCount(0);
        await expect(page.getByText('Reportes Financieros')).toHaveCount(0);
      });
    });
  }
});

test('the profile menu: Mi Perfil, Reportes Financieros, the directory, the languages and sign-out', async ({
  page,
}, testInfo) => {
  await openHome(page);
  await page.getByRole('button', { name: 'Menú de Carlos Ramírez Soto' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Mi Perfil' })).toHaveAttribute('href', '/condominio/mi-perfil');
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Español', 'English', 'Français']);
  await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Mi Perfil',
    'Reportes Financieros',
    'Cargos automáticos',
    // Las Palmas shows R: the residents' directory (issue 16).
    'Directorio de residentes',
    'Cerrar sesión',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Directorio de residentes' })).toHaveAttribute(
    'href',
    '/condominio/directorio-principal',
  );
  await expect(menu.getByRole('menuitem', { name: 'Reportes Financieros' })).toHaveAttribute(
    'href',
    '/condominio/panel-financiero',
  );
  await expect(menu.getByRole('menuitem', { name: 'Cargos automáticos' })).toHaveAttribute(
    'href',
    '/condominio/cargos-automaticos',
  );
  await screenshot(page, testInfo, 'profile-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the menu and the profile menu open their pages, marking the current one', async ({ page }, testInfo) => {
  await openHome(page);
  const nav = await openMainMenu(page, testInfo);
  await nav.getByRole('link', { name: 'Linea del tiempo' }).click();
  await expect(page).toHaveURL(/\/condominio\/welcome$/);
  // Focus goes to the page, so keyboard and screen-reader users start reading it.
  await expect(page.getByRole('main')).toBeFocused();
  const again = await openMainMenu(page, testInfo);
  await expect(again.getByRole('link', { name: 'Linea del tiempo' })).toHaveAttribute('aria-current', 'page');
  await expect(again.getByRole('link', { name: 'Comunicación', exact: true })).not.toHaveAttribute('aria-current', 'page');
  if (isPhone(testInfo)) await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Menú de Carlos Ramírez Soto' }).click();
  await page.getByRole('menuitem', { name: 'Mi Perfil' }).click();
  await expect(page).toHaveURL(/\/condominio\/mi-perfil$/);
});

test.describe('the header', () => {
  test('shows the condominium cut at 20 characters and the tab title with the product name', async ({ page }) => {
    await openHome(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('heading', { name: 'Residencial Las Pal…' })).toHaveAttribute(
      'title',
      'Residencial Las Palmas',
    );
    await expect(page).toHaveTitle('Residencial Las Palmas > Comunicación | Comunidad');
    // The name ends before the header's first button (at 390 px it ran under the search icon: issue 28 #6).
    const name = await banner.getByRole('heading', { name: 'Residencial Las Pal…' }).boundingBox();
    const buttons = await banner
      .locator('button, a[href], input')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).filter((box) => box.width > 0));
    const rightOfName = buttons.filter((box) => box.left > name!.x);
    expect(rightOfName.length).toBeGreaterThan(0);
    expect(name!.x + name!.width).toBeLessThanOrEqual(Math.min(...rightOfName.map((box) => box.left)));
  });

  test.describe(() => {
    test.use({ storageState: signedIn('admin@demo.mx', 'Torres del Bosque') });
    test('shows administrators of a condominium in trial the days left, and no one else', async ({ page }, testInfo) => {
      await openHome(page);
      await expect(page.getByText('30 días de prueba restantes')).toBeVisible();
      await screenshot(page, testInfo, 'admin-bosque-trial');
      if (isPhone(testInfo)) {
        await openMainMenu(page, testInfo);
        await screenshot(page, testInfo, 'admin-bosque-drawer');
      }
    });
  });

  test.describe(() => {
    test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });
    test('shows no countdown in Las Palmas (not in trial)', async ({ page }, testInfo) => {
      await openHome(page);
      await expect(page.getByText(/días de prueba/)).toHaveCount(0);
      await screenshot(page, testInfo, 'admin-palmas');
    });
  });

  test.describe(() => {
    test.use({ storageState: signedIn('empleado@demo.mx') });
    test('the employee', async ({ page }, testInfo) => {
      await openHome(page);
      await expect(page.getByText(/días de prueba/)).toHaveCount(0);
      await screenshot(page, testInfo, 'employee');
      if (isPhone(testInfo)) {
        await openMainMenu(page, testInfo);
        await screenshot(page, testInfo, 'employee-drawer');
      }
    });
  });
});

// Phones always use the drawer.
test.describe('desktop layout', { tag: '@desktop-only' }, () => {
  test('the menu toggle hides and shows the sidebar, and the choice survives a reload', async ({ page }) => {
    await openHome(page);
    const toggle = page.getByRole('button', { name: 'Ocultar menú lateral' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(mainNav(page)).toHaveCount(0);
    const show = page.getByRole('button', { name: 'Mostrar menú lateral' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hola, Carlos' })).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostrar menú lateral' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Comunicación', exact: true })).toBeVisible();
  });

  test.describe(() => {
    test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });
    test('the sidebar styles: compact shows icons named for screen readers, compact-big short names', async ({
      page,
    }, testInfo) => {
      await openHome(page);
      const layout = page.getByRole('button', { name: 'Diseño del menú' });
      await layout.click();
      await page.getByRole('menuitemradio', { name: 'Compacto', exact: true }).click();
      await page.keyboard.press('Escape');
      const nav = mainNav(page);
      await expect(nav).toHaveCSS('width', '72px');
      await expect(nav.getByRole('link', { name: 'Comunicación', exact: true })).toBeVisible();
      await expect(nav.getByText('Comunicación', { exact: true })).toHaveCount(0);
      await screenshot(page, testInfo, 'admin-palmas-compact');

      await layout.click();
      await page.getByRole('menuitemradio', { name: 'Compacto grande' }).click();
      await page.keyboard.press('Escape');
      await expect(nav).toHaveCSS('width', '112px');
      await expect(nav.getByText('Comunicación', { exact: true })).toBeVisible();
      await screenshot(page, testInfo, 'admin-palmas-compact-big');

      await layout.click();
      await page.getByRole('menuitemradio', { name: 'Completo' }).click();
      await page.keyboard.press('Escape');
      await expect(nav).toHaveCSS('width', '272px');
    });
  });

  test('the navigation across the top', async ({ page }, testInfo) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Diseño del menú' }).click();
    await page.getByRole('menuitemradio', { name: 'Superior' }).click();
    await page.keyboard.press('Escape');
    const nav = mainNav(page);
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    // Thirteen entries: at most four in the header, in the menu's order, as many as fit beside the header's
    // controls (two at 1440 px for the board's long section names), the rest under 'Más'; no sidebar toggle.
    await expect(nav.getByRole('button', { name: 'Más' })).toHaveCount(1);
    const shown = await nav.getByRole('link').allTextContents();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.length).toBeLessThanOrEqual(4);
    expect(shown.slice(0, 2)).toEqual(['Comunicación', 'Avisos de la administración']);
    if (shown[2]) expect(shown[2]).toMatch(REQUESTS[0]);
    await expect(page.getByRole('button', { name: /menú lateral/ })).toHaveCount(0);
    await screenshot(page, testInfo, 'board-top-nav');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  });

  test.describe(() => {
    test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });
    test('the top navigation shows only the entries that fit beside the header’s controls (issue 28 #1) @desktop-only', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openHome(page);
      await page.getByRole('button', { name: 'Diseño del menú' }).click();
      await page.getByRole('menuitemradio', { name: 'Superior' }).click();
      await page.keyboard.press('Escape');
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Menú principal' });
      await expect(nav.getByRole('button', { name: 'Más' })).toBeVisible();
      const search = await page.getByRole('banner').getByRole('searchbox').boundingBox();
      const boxes = await nav
        .locator('ul:not([aria-hidden]) > li')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right));
      expect(boxes.length).toBeGreaterThan(1);
      expect(boxes.length).toBeLessThanOrEqual(5);
      // Every entry, and Más, ends before the search box begins.
      for (const right of boxes) expect(right).toBeLessThanOrEqual(search!.x);
    });
  });

  test('a keyboard user can skip to the content', async ({ page }) => {
    await openHome(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test.describe(() => {
    test.use({ storageState: signedIn('supervisor@demo.mx') });
    test('the language switch saves to the profile and the app follows it', async ({ page }) => {
      // supervisor@demo.mx is used by no other browser test, so switching its language disturbs none.
      await openHome(page);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/--sesiones/language') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Menú de Sofía Vargas Peña' }).click();
      await page.getByRole('menuitemradio', { name: 'English' }).click();
      expect((await saved).status()).toBe(200);
      const englishNav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(englishNav.getByRole('link', { name: 'Timeline' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.reload();
      await expect(englishNav.getByRole('link', { name: 'Timeline' })).toBeVisible();
      await page.getByRole('button', { name: "Sofía Vargas Peña's menu" }).click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await expect(mainNav(page).getByRole('link', { name: 'Linea del tiempo' })).toBeVisible();
    });
  });
});

// The drawer is for phones.
test.describe('phone layout', { tag: '@phone-only' }, () => {
  test.describe(() => {
    test.use({ storageState: signedIn('guardia@demo.mx') });
    test('the burger opens the menu in a drawer; Escape closes it and gives focus back', async ({ page }, testInfo) => {
      await openHome(page);
      await expect(mainNav(page)).toHaveCount(0);
      const burger = page.getByRole('button', { name: 'Abrir menú' });
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await openMainMenu(page, testInfo);
      const drawer = page.getByRole('dialog', { name: 'Residencial Las Palmas' });
      await expect(drawer.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
      await screenshot(page, testInfo, 'guard-drawer');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(burger).toBeFocused();
    });
  });

  test('choosing a link closes the drawer and takes focus to the page', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await mainNav(page).getByRole('link', { name: 'Comunicación', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('offers no layout control: the phone layout is fixed', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('button', { name: 'Diseño del menú' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /menú lateral/ })).toHaveCount(0);
  });
});
