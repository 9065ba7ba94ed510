// The built browser app (server/plugins/spa.ts): index.html for every page path, never cached; hashed
// assets cached for good; the API and non-GET requests keep their JSON 404.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc.js"></script></body></html>';
const SCRIPT = 'console.log("condo app");';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A bundle the build wrote with its .br and .gz beside it (vite.config.ts, precompress). */
const BUNDLE = `export const words = ${JSON.stringify('hola '.repeat(400))};`;

describe(`browser app serving (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'assets', 'bundle-def.js'), BUNDLE);
    fs.writeFileSync(path.join(dir, 'assets', 'bundle-def.js.br'), brotliCompressSync(BUNDLE));
    fs.writeFileSync(path.join(dir, 'assets', 'bundle-def.js.gz'), gzipSync(BUNDLE));
    fs.mkdirSync(path.join(dir, 'assets', 'i18n'));
    fs.writeFileSync(path.join(dir, 'assets', 'i18n', 'es.json'), '{"hola":"Hola"}');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' | 'DELETE' = 'GET') => t.app.inject({ method, url });

  it.each(['/', '/condominio/x', '/condominio/comunicacion/seccion/12', '/sessions/signin?returnUrl=%2Fcondominio', '/apiary'])(
    'answers index.html, not cached, for %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('answers HEAD / like GET, without a body', async () => {
    const res = await get('/', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('');
  });

  it('serves a hashed asset with an immutable, year-long cache', async () => {
    const res = await get('/assets/app-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('sends the build’s pre-compressed copy to a browser that accepts %s', async (accept, encoding, decode) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/bundle-def.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(BUNDLE.length / 4);
    expect(decode(res.rawPayload).toString('utf8')).toBe(BUNDLE);
  });

  it('sends the original to a browser that accepts no compression, and when there is no copy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/bundle-def.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    const small = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(SCRIPT);
  });

  it('does not make the translation files immutable: they keep their name across builds', async () => {
    const res = await get('/assets/i18n/es.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ hola: 'Hola' });
  });

  it('serves other files of the build without the immutable cache', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const index = await get('/index.html');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/unknown', '/api', '/api/--sesiones/nada?x=1'])('answers %s with the JSON 404, not index.html', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each([
    ['POST', '/whatever'],
    ['DELETE', '/condominio/x'],
  ] as const)('answers %s %s with the JSON 404', async (method, url) => {
    const res = await get(url, method);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: `${method} ${url} no existe.` });
  });

  it('still answers the API', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await get('/assets/app-old.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves nothing outside the build folder', async () => {
    const outside = path.join(path.dirname(dir), 'condo-spa-secret.txt');
    fs.writeFileSync(outside, 'top secret');
    try {
      for (const url of [
        `/../${path.basename(outside)}`,
        `/assets/..%2f..%2f${path.basename(outside)}`,
        `/%2e%2e/${path.basename(outside)}`,
      ]) {
        const res = await get(url);
        expect(res.body, url).not.toContain('top secret');
      }
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});

describe(`no browser build (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-spa-empty-'));
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the API alone: page paths get the JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/condominio/x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
