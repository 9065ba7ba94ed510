// The visitor pass page (invitacion/{CondoId}/{QR}, spec §2.7, §8, §9) with the demo pass, a code that does
// not exist, and a pass a guest just registered for. The pass runs at both sizes; what does not depend on the
// layout runs at desktop size, and guestRegistrationMachine's walk registers guests on a phone.
import fs from 'node:fs';
import { pdfText } from '../support/pdfText';
import { expect, test } from './fixtures';

// The spec's Spanish messages: the visitor picked Español (fixtures.ts keptLanguage).
test.use({ keptLanguage: 'es' });

test.describe('visitor pass', () => {
  test('shows every field of the demo pass, the 300 px QR, and links that open', async ({ page, request }) => {
    await page.goto('/invitacion/1/DEMO-PASE-001');
    await expect(page).toHaveTitle(/^Invitacion \| /);
    await expect(page.getByTestId('pass-name')).toHaveText('Laura Gómez Pineda');
    await expect(page.getByRole('img', { name: 'Código QR del pase' })).toHaveAttribute('width', '300');
    await expect(page.getByTestId('pass-key')).toHaveText('PALMAS01');
    for (const text of [
      'laura.gomez@correo.mx',
      '3312345678',
      'Residencial Las Palmas',
      'Torre A - 101',
      'Residente: Rosa Hernández Díaz',
      'De 8:00 AM a 5:30 PM',
      'Lunes, Miércoles, Viernes',
      'Presenta una identificación oficial en la caseta.',
      'Acceso principal',
      'Acceso peatonal Fresno',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^Del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    const maps = page.getByRole('link', { name: 'Abrir en el mapa' });
    await expect(maps).toHaveCount(2);
    await expect(maps.first()).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=20.710112%2C-103.410358');
    const regulation = page.getByRole('link', { name: 'Reglamento del condominio (PDF)' });
    const pdf = await request.get((await regulation.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test.describe('a visitor who has picked no language', () => {
    test.use({ keptLanguage: null });

    test('reads the pass in English on a Spanish browser (spec §1), and Español is one tap away and kept', async ({ page }) => {
      await page.goto('/invitacion/1/DEMO-PASE-001');
      await expect(page.getByRole('heading', { level: 1, name: 'Access pass' })).toBeVisible();
      const languages = page.getByRole('navigation', { name: 'Language' });
      await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
      await languages.getByRole('button', { name: 'Español' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pase de acceso' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await page.goto('/registro-invitados/demo-evento');
      await expect(page.getByRole('navigation', { name: 'Idioma' }).getByRole('button', { name: 'Español' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    test('paints the pass and the guest form on the server: the app takes them over without asking the API again', {
      tag: '@desktop-only',
    }, async ({ page }) => {
      for (const [address, call, text] of [
        ['/invitacion/1/DEMO-PASE-001', '/api/--invitados/pase/1/DEMO-PASE-001', 'Laura Gómez Pineda'],
        ['/registro-invitados/demo-evento', '/api/--invitados/formulario/demo-evento', 'Cumpleaños de Rosa'],
      ] as const) {
        const requested: string[] = [];
        const listener = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
        page.on('request', listener);
        const html = await (await page.goto(address))!.text();
        // The screen and the answer it was painted from are in the HTML; the app's scripts and the visitor
        // catalog (English for this Spanish browser, spec §1) come once it is painted.
        expect(html).toContain(text);
        expect(html).toContain('<script type="application/json" id="page-answers">');
        expect(html).toMatch(/"fetch":\["\/assets\/i18n\/en\.visitor\.json\?v=[^"]+"\]/);
        expect(html).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The app is running (its language switch answers) and took the page's answer instead of asking.
        await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByText(text)).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        expect(requested.filter((path) => path === call)).toHaveLength(0);
        expect(requested.filter((path) => path === '/assets/i18n/en.visitor.json')).toHaveLength(1);
        // Only the visitor catalog: the whole one is for the app's other pages.
        expect(requested.filter((path) => path === '/assets/i18n/en.json')).toHaveLength(0);
        page.off('request', listener);
      }
    });

    test.describe('on a phone whose scripts have not run (or never will)', () => {
      test.use({ javaScriptEnabled: false });

      test('the pass and the guest’s event are there to read', { tag: '@desktop-only' }, async ({ page }) => {
        await page.goto('/invitacion/1/DEMO-PASE-001');
        await expect(page.getByRole('heading', { level: 1, name: 'Access pass' })).toBeVisible();
        await expect(page.getByTestId('pass-name')).toHaveText('Laura Gómez Pineda');
        await expect(page.getByRole('img', { name: "The pass's QR code" })).toBeVisible();
        await expect(page.getByTestId('pass-key')).toHaveText('PALMAS01');
        await page.goto('/registro-invitados/demo-evento');
        await expect(page.getByRole('heading', { level: 1, name: 'Guest registration' })).toBeVisible();
        await expect(page.getByTestId('event-name')).toHaveText('Cumpleaños de Rosa');
      });

      test('the language switch still switches, through the server, and the choice is kept', { tag: '@desktop-only' }, async ({
        page,
      }) => {
        await page.goto('/invitacion/1/DEMO-PASE-001');
        await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Pase de acceso' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
        await page.goto('/registro-invitados/demo-evento');
        await expect(page.getByRole('heading', { level: 1, name: 'Registro de invitados' })).toBeVisible();
      });
    });
  });

  test('refuses a code that does not exist with the spec’s message', { tag: '@desktop-only' }, async ({ page }) => {
    await page.goto('/invitacion/1/NO-EXISTE');
    await expect(page.getByRole('alert')).toHaveText('El pase de acceso no fue encontrado o no es válido.');
    await page.goto('/invitacion/abc/%20');
    await expect(page.getByRole('alert')).toHaveText('El pase de acceso no fue encontrado o no es válido.');
  });

  test('a guest registers through the resident’s link and opens the pass', { tag: '@desktop-only' }, async ({ page }) => {
    await page.goto('/registro-invitados/demo-usuario');
    await expect(page.getByText('Te invita Rosa Hernández Díaz')).toBeVisible();
    await page.getByLabel(/^Nombre completo/).fill('Pedro Salinas');
    await page.getByLabel(/^Correo electrónico/).fill('pedro@correo.mx');
    await page.getByLabel(/^Confirma tu correo electrónico/).fill('pedro@correo.mx');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    const key = await page.getByTestId('manual-key').textContent();
    await expect(page.getByRole('link', { name: 'Descargar pase en PDF' })).toHaveAttribute(
      'href',
      /^\/api\/--invitados\/pase-pdf\/1\//,
    );
    await page.getByRole('link', { name: 'Ver mi pase' }).click();
    await expect(page.getByTestId('pass-name')).toHaveText('Pedro Salinas');
    await expect(page.getByTestId('pass-key')).toHaveText(key!);
    await expect(page.getByText('Preautorizado')).toBeVisible();
    // The PDF of the pass: downloaded from the page, a PDF that opens.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar PDF' }).click();
    const file = await (await download).path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('(Pase de acceso - Pedro Salinas)');
  });

  test.describe('in the language the visitor picked, not the browser’s', () => {
    test.use({ locale: 'fr-FR' });

    test('the guest form asks the API, and the pass PDF comes, in that language', async ({ page, request }) => {
      await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
      const posts: (string | undefined)[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/')) posts.push(r.headers()['accept-language']);
      });
      await page.goto('/registro-invitados/demo-usuario');
      await expect(page.getByText('Rosa Hernández Díaz invites you')).toBeVisible();
      await page.getByLabel(/^Full name/).fill('Pierre Martin');
      await page.getByLabel(/^Email/).fill('pierre@correo.mx');
      await page.getByLabel(/^Confirm your email/).fill('pierre@correo.mx');
      await page.getByRole('button', { name: 'Register' }).click();
      const link = page.getByRole('link', { name: 'Download the pass as PDF' });
      await expect(link).toHaveAttribute('href', /^\/api\/--invitados\/pase-pdf\/1\/[^?]+\?lang=en$/);
      // Refusals of these calls would come in English: the page says so in every request.
      expect(posts).toEqual(['en']);
      // The download carries the browser's French Accept-Language; the link's ?lang= wins.
      const pdf = await request.get((await link.getAttribute('href'))!, { headers: { 'accept-language': 'fr-FR' } });
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = pdfText(await pdf.body());
      expect(text).toContain('Access pass');
      expect(text).toContain('Pierre Martin');
    });
  });
});
