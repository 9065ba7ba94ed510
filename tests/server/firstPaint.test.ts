// A guest registration and a pass come with their first screen painted by the server (server/infra/firstPaint.ts,
// src/views/app/firstPaint.tsx): the browser's own page rendered from the API's own answer, carried in the HTML
// for the app, with the app's scripts fetched once it is painted, and a policy that allows exactly the painted
// style attributes. Anything else, or a refusal, is served as before. The build is a stand-in: its index.html
// has the boot loader's marks, as the real one (index.html) has.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKENS, DEMO_PASS_QR } from '../../server/db/seed/guests';
import { NONCE_PLACEHOLDER } from '../../src/api/pageNonce';
import { call, createTestApp, dialect, type TestApp } from '../support/testApp';

const ENTRY = '/assets/index-1.js';
const INDEX = `<!doctype html><html lang="es" data-mantine-color-scheme="light"><head><title>Comunidad</title><style nonce="${NONCE_PLACEHOLDER}">.boot{}</style><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}"><script type="module" crossorigin src="${ENTRY}" nonce="${NONCE_PLACEHOLDER}"></script><link rel="modulepreload" crossorigin href="/assets/runtime-2.js" nonce="${NONCE_PLACEHOLDER}"><link rel="stylesheet" crossorigin href="/assets/index-3.css" nonce="${NONCE_PLACEHOLDER}"></head><body><div id="root"><!-- boot --><div class="boot"></div><!-- /boot --></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-2.js'], css: ['assets/index-3.css'] },
  '_runtime-2.js': { file: 'assets/runtime-2.js' },
  'src/views/guest/GuestRegistrationPage.tsx': {
    file: 'assets/GuestRegistrationPage-4.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/Anchor-5.css'],
  },
  'src/views/pass/PassPage.tsx': { file: 'assets/PassPage-6.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/views/public/PublicPage.tsx': { file: 'assets/PublicPage-7.js', isDynamicEntry: true, imports: ['index.html'] },
};

function writeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, '.vite', 'i18n.json'), JSON.stringify({ version: 'v7', languages: ['es', 'en', 'fr'] }));
}

const jsonBlock = (html: string, id: string) => {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as unknown) : undefined;
};
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#x27);/g,
    (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" })[e]!,
  );

describe(`visitor pages painted by the server (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-paint-'));
    writeBuild(dir);
    // On the real clock: the page judges the event's cut-off by the time it opens, and the seed's dates are
    // relative to its own clock.
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string, language = 'en-US,en;q=0.9', method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { 'accept-language': language } });

  it('paints the event of a guest link in the browser’s language, with the API’s answer for the app', async () => {
    const res = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.open}`, 'fr-CA,fr;q=0.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/accept-language/i);
    const root = rootOf(res.body);
    expect(root).not.toContain('class="boot"');
    expect(root).toContain('Inscription des invités');
    expect(root).toContain('Celebración en el salón de usos múltiples. Trae tu identificación.');
    expect(res.body).toContain('<html lang="fr" data-mantine-color-scheme="light">');
    // The tab's title is the one the page sets (useDocumentTitle), not the app's name alone.
    expect(res.body).toContain('<title>Formulaire | Comunidad</title>');
    // The answer the screen was painted from is the API's, byte for byte as JSON.
    const api = await call(t.app, 'GET', `/api/--invitados/formulario/${DEMO_GUEST_TOKENS.open}`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(jsonBlock(res.body, 'page-answers')).toEqual({ [`/--invitados/formulario/${DEMO_GUEST_TOKENS.open}`]: api.json() });
  });

  it('paints in the language the visitor picked (its cookie) over the browser’s, and fetches that catalog', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/registro-invitados/${DEMO_GUEST_TOKENS.open}`,
      headers: { 'accept-language': 'en-US', cookie: 'x=1; language=es' },
    });
    expect(rootOf(res.body)).toContain('Registro de invitados');
    expect(res.body).toContain('<html lang="es"');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect((jsonBlock(res.body, 'after-paint') as { fetch: string[] }).fetch).toEqual(['/assets/i18n/es.visitor.json?v=v7']);
  });

  it('paints in the language the address asks for (the switch before the app runs), and keeps it as a pick', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/registro-invitados/${DEMO_GUEST_TOKENS.open}?lang=fr`,
      headers: { 'accept-language': 'en-US', cookie: 'language=es' },
    });
    expect(rootOf(res.body)).toContain('Inscription des invités');
    expect(res.headers['set-cookie']).toBe('language=fr; Path=/; Max-Age=31536000; SameSite=Lax');
    // The switch's form goes back to the same page.
    expect(rootOf(res.body)).toContain(`<form action="/registro-invitados/${DEMO_GUEST_TOKENS.open}" method="get">`);
    const plain = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.open}?lang=de`);
    expect(rootOf(plain.body)).toContain('Guest registration');
    expect(plain.headers['set-cookie']).toBeUndefined();
  });

  it('fetches the app once painted: no entry script or preload in the HTML, the after-paint list instead', async () => {
    const res = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.open}`);
    expect(res.body).not.toContain(`src="${ENTRY}"`);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('<script type="module" src="/after-paint.js"></script>');
    expect(jsonBlock(res.body, 'after-paint')).toEqual({
      entry: ENTRY,
      preload: ['/assets/runtime-2.js', '/assets/GuestRegistrationPage-4.js'],
      fetch: ['/assets/i18n/en.visitor.json?v=v7'],
    });
    // The painted screen's styles come now, the entry's and its chunk's.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css"');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/Anchor-5.css">');
  });

  it('allows the painted style attributes by their hashes, and its <style>s by the answer’s nonce', async () => {
    const res = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.open}`);
    const policy = String(res.headers['content-security-policy']);
    const styleSrc = /style-src ([^;]*)/.exec(policy)![1]!.split(' ');
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(res.body).not.toContain(NONCE_PLACEHOLDER);
    const styleElements = [...res.body.matchAll(/<style([^>]*)>/g)].map((m) => m[1]);
    expect(styleElements.length).toBeGreaterThan(1);
    for (const attributes of styleElements) expect(attributes).toContain(`nonce="${nonce}"`);
    const attributes = [...new Set([...rootOf(res.body).matchAll(/\sstyle="([^"]*)"/g)].map((m) => decode(m[1]!)))];
    expect(attributes.length).toBeGreaterThan(3);
    expect(styleSrc).toContain("'unsafe-hashes'");
    for (const value of attributes) {
      expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(value).digest('base64')}'`);
    }
    expect(styleSrc).not.toContain("'unsafe-inline'");
  });

  it('paints the pass with its QR, and the unpainted pages keep the plain policy', async () => {
    const condo = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('name', '=', 'Residencial Las Palmas')
      .executeTakeFirstOrThrow();
    const res = await page(`/invitacion/${condo.id}/${DEMO_PASS_QR}`);
    const root = rootOf(res.body);
    expect(root).toContain('Access pass');
    expect(root).toContain('Laura Gómez Pineda');
    expect(root).toMatch(/<svg[^>]*role="img"/);
    expect(res.body).toContain('<title>Invitation | Comunidad</title>');
    const other = await page('/sessions/signin');
    expect(other.body).toBe(
      INDEX.replaceAll(NONCE_PLACEHOLDER, /'nonce-([^']+)'/.exec(String(other.headers['content-security-policy']))![1]!),
    );
    expect(String(other.headers['content-security-policy'])).not.toContain('unsafe-hashes');
  });

  it.each([
    ['an unknown link', '/registro-invitados/no-existe'],
    ['a revoked or unknown pass', `/invitacion/1/NO-EXISTE`],
    ['the public page (its first screen is its cards)', '/pagina-publica?id=1'],
  ])('leaves %s to the browser: the boot loader and the hints, as before', async (_, url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('<!-- boot --><div class="boot"></div><!-- /boot -->');
    expect(res.body).toContain(`src="${ENTRY}"`);
    expect(res.body).not.toContain('id="page-answers"');
  });

  it('answers HEAD without painting', async () => {
    const res = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.open}`, 'en', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('keeps what the event’s host wrote as text: no markup, no closing of the answer’s block, no replacement pattern', async () => {
    const name = "</script><script>alert(1)</script><!-- $& $' page-nonce-placeholder";
    const event = await t.app.db
      .selectFrom('guest_links')
      .select('event_id')
      .where('token', '=', DEMO_GUEST_TOKENS.noParking)
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('events').set({ name }).where('id', '=', event.event_id!).execute();
    const res = await page(`/registro-invitados/${DEMO_GUEST_TOKENS.noParking}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)?.length).toBe(3);
    expect(rootOf(res.body)).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- $&amp; $&#x27; page-nonce-placeholder',
    );
    const answers = jsonBlock(res.body, 'page-answers') as Record<string, { data: { Nombre: string } }>;
    expect(answers[`/--invitados/formulario/${DEMO_GUEST_TOKENS.noParking}`]!.data.Nombre).toBe(name);
  });
});
