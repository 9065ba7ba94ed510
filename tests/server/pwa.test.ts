// The installable app's files as the server answers them (server/plugins/spa.ts): the service worker's script
// under the worker's own policy (under the resource policy it could fetch nothing) and never cached by HTTP, so a
// new build's worker is found; the web manifest with its type; the icons; and the page's policy letting the
// worker and the manifest in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_PATH } from '../../server/plugins/spa';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const INDEX = '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>';
/** Big enough for the build to write its .br beside it (vite.config.ts, precompress). */
const WORKER = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(200)}`;
const MANIFEST = JSON.stringify({ name: 'Comunidad', icons: [{ src: 'pwa-192x192.png', sizes: '192x192' }] });
/** A PNG's first bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

describe(`the installable app's files (${dialect})`, () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-pwa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'sw.js'), WORKER);
    fs.writeFileSync(path.join(dir, 'sw.js.br'), brotliCompressSync(WORKER));
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), MANIFEST);
    fs.writeFileSync(path.join(dir, 'pwa-192x192.png'), PNG);
    fs.writeFileSync(path.join(dir, 'assets', 'index-1.js'), 'console.log("app");');
    t = await createTestApp({ env: { STATIC_DIR: dir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers the service worker as a script the worker may fetch the same origin under, never cached by HTTP', async () => {
    expect(SERVICE_WORKER_PATH).toBe('/sw.js');
    for (const url of ['/sw.js', '/sw.js?v=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'self'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(WORKER);
    }
  });

  it('sends the worker pre-compressed, with the same policy', async () => {
    const res = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(WORKER);
  });

  it('keeps the resource policy on every other script and file', async () => {
    for (const url of ['/assets/index-1.js', '/manifest.webmanifest', '/pwa-192x192.png']) {
      expect((await get(url)).headers['content-security-policy'], url).toBe(RESOURCE_POLICY);
    }
  });

  it('answers the web manifest with its own type, never cached by HTTP', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(JSON.parse(MANIFEST));
  });

  it('answers the icons as PNG images', async () => {
    const res = await get('/pwa-192x192.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('lets the page register its worker and read its manifest from this origin only', async () => {
    const res = await get('/condominio/x');
    expect(res.statusCode).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self';");
    expect(policy).toContain("manifest-src 'self';");
  });

  it('gives the worker policy to /sw.js alone: a path ending like it elsewhere is a page under the page policy', async () => {
    const res = await get('/condominio/sw.js');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'nonce-/);
  });
});
