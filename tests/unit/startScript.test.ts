// `npm start` (scripts/start.mjs) in a scratch copy of the app's layout, with stand-ins at its edges:
// Vite (node_modules/vite/bin/vite.js, present only for a development install), esbuild (which builds the server,
// scripts/buildServer.mjs) and the server from its sources (node_modules/tsx/dist/cli.mjs). A production install
// (`npm ci --omit=dev`, no Vite) serves the dist/ it was given and never builds it; without one it stops and says
// how to build. The server runs built, built again only when its sources changed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const START = path.resolve(__dirname, '../../scripts/start.mjs');
const BUILD_SERVER = path.resolve(__dirname, '../../scripts/buildServer.mjs');
const SERVER_BUILD = 'node_modules/.cache/condo-server/main.mjs';

/** esbuild's build() as buildServer calls it (named entries into a directory): a bundle that says it started, and its map. */
const ESBUILD_STAND_IN = `
const fs = require('node:fs');
const path = require('node:path');
exports.build = async (options) => {
  fs.mkdirSync(options.outdir, { recursive: true });
  const name = Object.keys(options.entryPoints)[0] + options.outExtension['.js'];
  const file = path.join(options.outdir, name);
  fs.writeFileSync(file, "console.log('server started with', process.argv.at(-1));\\n//# sourceMappingURL=" + name + '.map\\n');
  fs.writeFileSync(file + '.map', '{}');
  console.log('server build ran');
};`;
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string, mtime?: Date) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (mtime) fs.utimesSync(file, mtime, mtime);
}

const YESTERDAY = new Date(Date.now() - 86_400_000);
const LAST_WEEK = new Date(Date.now() - 7 * 86_400_000);

/** The app's layout: sources from yesterday, the stand-in server, and what each case adds. */
function app(options: { vite?: boolean; dist?: Date | null; distDir?: string; esbuild?: boolean }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-script-'));
  scratch.push(root);
  write(path.join(root, 'scripts/start.mjs'), fs.readFileSync(START, 'utf8'));
  write(path.join(root, 'scripts/buildServer.mjs'), fs.readFileSync(BUILD_SERVER, 'utf8'), YESTERDAY);
  if (options.esbuild !== false) write(path.join(root, 'node_modules/esbuild/index.js'), ESBUILD_STAND_IN);
  write(path.join(root, 'src/main.tsx'), '// sources', YESTERDAY);
  fs.utimesSync(path.join(root, 'src'), YESTERDAY, YESTERDAY);
  write(path.join(root, 'node_modules/tsx/dist/cli.mjs'), "console.log('server started with', process.argv.at(-1));");
  if (options.vite) {
    write(
      path.join(root, 'node_modules/vite/bin/vite.js'),
      "import fs from 'node:fs'; fs.mkdirSync('dist', { recursive: true }); fs.writeFileSync('dist/index.html', 'built'); console.log('vite build ran');",
    );
  }
  if (options.dist) write(path.join(root, options.distDir ?? 'dist', 'index.html'), 'prebuilt', options.dist);
  return root;
}

function start(root: string, env: Record<string, string> = {}) {
  const { STATIC_DIR: _, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('npm start', () => {
  it('after a production install, serves the dist/ it was given without building', () => {
    const run = start(app({ dist: new Date() }));
    expect(run.status).toBe(0);
    expect(run.out).toContain('server started with');
    expect(run.out).not.toContain('vite build ran');
    expect(run.err).toBe('');
  });

  it('after a production install, serves an older dist/ and says it is older than the sources', () => {
    const root = app({ dist: LAST_WEEK });
    const run = start(root);
    expect(run.status).toBe(0);
    expect(run.out).toContain('server started with');
    expect(run.err).toContain('dist/ is older than the sources');
    expect(fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toBe('prebuilt');
  });

  it('after a production install without a dist/, stops and says how to build one', () => {
    const run = start(app({}));
    expect(run.status).toBe(1);
    expect(run.out).not.toContain('server started with');
    expect(run.err).toContain('npm ci && npm run build && npm prune --omit=dev');
  });

  it('after `npm install`, builds a missing or stale dist/ first, then starts', () => {
    for (const dist of [null, LAST_WEEK]) {
      const root = app({ vite: true, dist });
      const run = start(root);
      expect(run.status).toBe(0);
      expect(run.out).toContain('vite build ran');
      expect(run.out.indexOf('vite build ran')).toBeLessThan(run.out.indexOf('server started with'));
      expect(fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toBe('built');
    }
  });

  it('after `npm install`, leaves an up-to-date dist/ alone', () => {
    const run = start(app({ vite: true, dist: new Date() }));
    expect(run.out).not.toContain('vite build ran');
    expect(run.out).toContain('server started with');
  });

  it('runs the built server, built when missing or older than its sources and reused while they are not', () => {
    const root = app({ dist: new Date() });
    const first = start(root);
    expect(first.status).toBe(0);
    expect(first.out).toContain('server build ran');
    expect(first.out).toContain(`server started with ${path.join(root, SERVER_BUILD)}`);
    expect(first.err).toBe('');

    const again = start(root);
    expect(again.out).not.toContain('server build ran');
    expect(again.out).toContain(`server started with ${path.join(root, SERVER_BUILD)}`);

    write(path.join(root, 'server/app.ts'), '// changed', new Date(Date.now() + 1000));
    expect(start(root).out).toContain('server build ran');
  });

  it('starts the server from its sources through tsx when it cannot be built, and says why', () => {
    const run = start(app({ dist: new Date(), esbuild: false }));
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/server started with \S*server\/main\.ts/);
    expect(run.err).toContain('Cannot build the server');
  });

  it('serves another STATIC_DIR as it is, and needs none for the API alone', () => {
    const elsewhere = app({ dist: LAST_WEEK, distDir: 'public-build' });
    const served = start(elsewhere, { STATIC_DIR: 'public-build' });
    expect(served.status).toBe(0);
    expect(served.err).toBe('');
    expect(start(app({}), { STATIC_DIR: 'elsewhere' }).status).toBe(1);
    const apiOnly = start(app({}), { STATIC_DIR: 'none' });
    expect(apiOnly.status).toBe(0);
    expect(apiOnly.out).toContain('server started with');
  });
});
