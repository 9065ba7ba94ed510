// A visitor page's HTML names its chunk, translations and first API call (server/infra/visitorHints.ts),
// from the build's manifest; every other page, and a build without a manifest, gets index.html as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedLanguages, loadVisitorHints } from '../../server/infra/visitorHints';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
/** The shape of Vite's manifest: the entry, its shared chunk, and the visitor pages' chunks. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'], css: ['assets/index-3.css'] },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_format-4.js': { file: 'assets/format-4.js', imports: ['_react-2.js', '_qr-5.js'] },
  '_qr-5.js': { file: 'assets/qr-5.js', css: ['assets/qr-6.css'] },
  'src/views/guest/GuestRegistrationPage.tsx': {
    file: 'assets/GuestRegistrationPage-7.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-2.js', '_format-4.js'],
    css: ['assets/Anchor-8.css'],
  },
  'src/views/pass/PassPage.tsx': { file: 'assets/PassPage-9.js', isDynamicEntry: true, imports: ['index.html', '_format-4.js'] },
  'src/views/public/PublicPage.tsx': { file: 'assets/PublicPage-10.js', isDynamicEntry: true, imports: ['index.html'] },
};

function writeBuild(dir: string, { manifest = true }: { manifest?: boolean } = {}) {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (manifest) fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, '.vite', 'i18n.json'), JSON.stringify({ version: 'v42', languages: ['es', 'en', 'fr'] }));
}

const linksOf = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe('acceptedLanguages', () => {
  it('lists the tags by quality, ties in the header’s order, without * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, fr-CA, es-MX;q=0.9, *;q=0.1, de;q=0')).toEqual(['fr-CA', 'es-MX', 'en']);
    expect(acceptedLanguages('es-MX,es;q=0.9,en;q=0.8')).toEqual(['es-MX', 'es', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('loadVisitorHints', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-hints-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is null for a build without a manifest (the page is served as it is)', () => {
    writeBuild(dir, { manifest: false });
    expect(loadVisitorHints(dir)).toBeNull();
  });
});

describe(`visitor pages' HTML (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-hints-app-'));
    writeBuild(dir);
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, language?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: language ? { 'accept-language': language } : {} });

  it('names the guest page’s chunk and the imports the entry lacks, its styles, translations and form info', async () => {
    const res = await get('/registro-invitados/demo_Evento-1', 'fr-CA,fr;q=0.9,en;q=0.8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(linksOf(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/GuestRegistrationPage-7.js">',
      '<link rel="modulepreload" crossorigin href="/assets/format-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/qr-5.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/Anchor-8.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/qr-6.css">',
      '<link rel="preload" as="fetch" crossorigin href="/assets/i18n/fr.visitor.json?v=v42">',
      '<link rel="preload" as="fetch" crossorigin href="/api/--invitados/formulario/demo_Evento-1">',
    ]);
    // The rest of the page is untouched.
    expect(res.body.replace(/<link [^>]*>/g, '')).toBe(INDEX);
  });

  it('names the pass’s call, and English for a browser that speaks none of the three', async () => {
    const res = await get('/invitacion/12/DEMO-PASE-001?x=1', 'de-DE');
    expect(linksOf(res.body).slice(-2)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/assets/i18n/en.visitor.json?v=v42">',
      '<link rel="preload" as="fetch" crossorigin href="/api/--invitados/pase/12/DEMO-PASE-001">',
    ]);
  });

  it('gives the public page its chunk and translations, English for a Spanish browser (spec §1; its calls need the captcha: none is named)', async () => {
    const res = await get('/pagina-publica', 'es-MX');
    expect(linksOf(res.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/PublicPage-10.js">',
      '<link rel="preload" as="fetch" crossorigin href="/assets/i18n/en.visitor.json?v=v42">',
    ]);
  });

  it('names the catalog of the language the visitor picked (its cookie) over the browser’s', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pagina-publica',
      headers: { 'accept-language': 'en', cookie: 'language=es' },
    });
    expect(linksOf(res.body)).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/i18n/es.visitor.json?v=v42">');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it.each([
    '/condominio/comunicacion/blogs',
    '/sessions/signin',
    '/registro-invitados/a%3Cb%3E',
    '/registro-invitados/a/b',
    '/invitacion/x/DEMO',
    `/invitacion/1/${'Q'.repeat(65)}`,
  ])('serves %s as index.html, without hints', async (url) => {
    const res = await get(url, 'es-MX');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('answers HEAD of a visitor page without a body', async () => {
    const res = await get('/registro-invitados/demo', 'es', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
