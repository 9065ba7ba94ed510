// The browser hardening headers (server/plugins/securityHeaders.ts, OWASP ASVS 5 V3.4) on every kind of
// answer: pages with their Content-Security-Policy and its per-answer style nonce, the build's files, API
// answers (JSON, errors, a PDF, a signed image), and HSTS only over TLS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASS_QR } from '../../server/db/seed/guests';
import { allowedMapUrl } from '../../server/infra/mapSanitizer';
import { NONCE_PLACEHOLDER } from '../../src/api/pageNonce';
import { POSTS_PATHS } from '../../src/api/posts';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** index.html as the build writes it (vite.config.ts, html.cspNonce): the placeholder on three tags. */
const INDEX = [
  '<!doctype html><html><head>',
  `<style nonce="${NONCE_PLACEHOLDER}">.boot{display:flex}</style>`,
  `<meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">`,
  `<script type="module" crossorigin src="/assets/index-1.js" nonce="${NONCE_PLACEHOLDER}"></script>`,
  '</head><body><div id="root"></div></body></html>',
].join('');
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'src/views/guest/GuestRegistrationPage.tsx': { file: 'assets/Guest-2.js', imports: ['index.html'] },
  'src/views/pass/PassPage.tsx': { file: 'assets/Pass-3.js', imports: ['index.html'] },
  'src/views/public/PublicPage.tsx': { file: 'assets/Public-4.js', imports: ['index.html'] },
};

const MAP_ORIGINS = [
  'https://www.google.com',
  'https://google.com',
  'https://maps.google.com',
  'https://www.openstreetmap.org',
  'https://openstreetmap.org',
];
const pagePolicy = (nonce: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${MAP_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";
const PERMISSIONS = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

function nonceOf(policy: string | string[] | number | undefined): string {
  const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(String(policy))?.[1];
  if (!nonce) throw new Error(`no nonce in ${String(policy)}`);
  return nonce;
}

describe(`security headers (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  let palmas: number;
  let residente: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-headers-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'index-1.js'), 'console.log("app");');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dir, '.vite', 'i18n.json'), JSON.stringify({ version: 'v1', languages: ['es', 'en', 'fr'] }));
    t = await createTestApp({ env: { STATIC_DIR: dir } });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    residente = await signInAs(t.app, 'residente@demo.mx');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** One of each kind of answer the server gives. */
  async function answers() {
    const post = await t.app.db
      .selectFrom('posts')
      .select('id')
      .where('title', '=', 'Mantenimiento de elevadores')
      .executeTakeFirstOrThrow();
    const shown = (await call(t.app, 'GET', `/api${POSTS_PATHS.post(post.id)}`, { token: residente })).json();
    return {
      page: await get('/condominio/inicio'),
      'visitor page': await get(`/invitacion/${palmas}/${DEMO_PASS_QR}`),
      script: await get('/assets/index-1.js'),
      icon: await get('/favicon.svg'),
      'missing asset': await get('/assets/old-9.js'),
      'API answer': await call(t.app, 'GET', '/api/--sesiones/session-data', { token: residente }),
      'public API answer': await get(`/api/--pagina-publica/condo/${palmas}`),
      'API 401': await get('/api/--sesiones/session-data'),
      'API 404': await get('/api/--nada/nada?x=1'),
      'API 400': await t.app.inject({
        method: 'POST',
        url: '/api/--sesiones/sign-in',
        payload: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      'pass PDF': await get(`/api/--invitados/pase-pdf/${palmas}/${DEMO_PASS_QR}`),
      'signed image': await get(shown.post.adjuntos[0].url),
    };
  }

  it('gives a page a policy whose style nonce is fresh in each answer and is the one its HTML carries', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/', '/index.html', '/sessions/reset-password?token=abc', `/invitacion/${palmas}/${DEMO_PASS_QR}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const nonce = nonceOf(res.headers['content-security-policy']);
      expect(res.headers['content-security-policy'], url).toBe(pagePolicy(nonce));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body, url).not.toContain(NONCE_PLACEHOLDER);
      expect(res.body.split(`nonce="${nonce}"`).length - 1, url).toBe(3);
      // Never reused from a cache with an old nonce: no validator to revalidate against.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['last-modified'], url).toBeUndefined();
      seen.add(nonce);
    }
    expect(seen.size).toBe(5);
  });

  it('frames exactly the map hosts a Mapa may name, the demo condominium’s among them', async () => {
    const res = await get('/');
    const frameSrc = /frame-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(frameSrc).toEqual(MAP_ORIGINS);
    for (const origin of frameSrc) {
      const embed = allowedMapUrl(`${origin}/maps/embed?pb=1`) ?? allowedMapUrl(`${origin}/export/embed.html?bbox=1`);
      expect(embed, origin).not.toBeNull();
    }
    const mapa = (await get(`/api/--pagina-publica/condo/${palmas}`)).json().data.Mapa as string;
    expect(frameSrc).toContain(new URL(mapa).origin);
  });

  it('sends nosniff, the referrer policy, no framing and the permissions policy on every answer', async () => {
    for (const [kind, res] of Object.entries(await answers())) {
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], kind).toBe('DENY');
      expect(res.headers['permissions-policy'], kind).toBe(PERMISSIONS);
      expect(res.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it('keeps every API answer out of caches, unless the route chose otherwise', async () => {
    const all = await answers();
    for (const kind of ['API answer', 'public API answer', 'API 401', 'API 404', 'API 400', 'pass PDF'] as const) {
      expect(all[kind].headers['cache-control'], kind).toBe('no-store');
    }
    // The bytes behind a signed link never change while it lives: the browser of its holder keeps them.
    expect(all['signed image'].statusCode).toBe(200);
    expect(all['signed image'].headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(all.script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets nothing load in an answer that is not a page, and leaves a PDF to the browser’s viewer', async () => {
    const all = await answers();
    for (const kind of ['script', 'icon', 'missing asset', 'API answer', 'API 401', 'API 404', 'API 400'] as const) {
      expect(all[kind].headers['content-security-policy'], kind).toBe(RESOURCE_POLICY);
    }
    expect(all['signed image'].headers['content-security-policy']).toBe("default-src 'none'");
    expect(all['pass PDF'].headers['content-type']).toBe('application/pdf');
    expect(all['pass PDF'].headers['content-security-policy']).toBeUndefined();
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto from a proxy it does not trust', async () => {
    for (const url of ['/', '/api/health']) {
      expect((await get(url, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe(`HSTS over TLS (${dialect})`, () => {
  const app = (env: Record<string, string>) => createTestApp({ seed: false, env });
  const hsts = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/health', headers }).then((res) => res.headers['strict-transport-security']);

  it('is a year with subdomains behind a trusted proxy that says https, none when it says http', async () => {
    const t = await app({ TRUST_PROXY: 'true' });
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(t, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(t)).toBeUndefined();
  });

  it('follows an https PUBLIC_URL and HSTS_MAX_AGE, and HSTS_MAX_AGE=0 turns it off', async () => {
    expect(await hsts(await app({ PUBLIC_URL: 'https://app.condominio.test', HSTS_MAX_AGE: '600' }))).toBe(
      'max-age=600; includeSubDomains',
    );
    const off = await app({ PUBLIC_URL: 'https://app.condominio.test', TRUST_PROXY: 'true', HSTS_MAX_AGE: '0' });
    expect(await hsts(off, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
