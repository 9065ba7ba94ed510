#!/usr/bin/env node
// `npm start`: run the server (which migrates the database and loads the demo data into an empty one),
// serving the browser app from dist/.
//
// Building dist/ takes Vite, a devDependency. After `npm install` (a clone, development) the build tools are
// there, and this builds dist/ when it is missing or older than its sources. After a production install
// (`npm ci --omit=dev`) they are not: this serves the dist/ the deployment built beforehand (`npm run build`,
// README "Deploying") and never builds, so several server processes never race to write one dist/. Without
// a dist/ it stops and says how to build one. (docs/decisions.md, 2026-11-23.) The server itself runs built too,
// from one bundle it makes when missing or stale (scripts/buildServer.mjs; docs/decisions.md, 2026-11-30).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUILD, serverBuildIsStale } from './buildServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ownBuild = path.join(root, 'dist');
// Where the server will look (server/config.ts: STATIC_DIR, relative to the app's directory; 'none' = API only).
const staticSetting = process.env.STATIC_DIR?.trim() || 'dist';
const staticDir = staticSetting === 'none' ? null : path.resolve(root, staticSetting);
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function build(reason) {
  console.log(reason);
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function missing(where) {
  console.error(
    [
      `No browser app to serve: ${path.join(where, 'index.html')} is missing, and this install cannot build it`,
      '(Vite is a devDependency: `npm ci --omit=dev` leaves it out). Build where the devDependencies are installed:',
      '  npm ci && npm run build && npm prune --omit=dev',
      'or copy a dist/ built elsewhere with `npm run build` (README, "Deploying"). STATIC_DIR=none runs the API alone.',
    ].join('\n'),
  );
  process.exit(1);
}

if (staticDir) {
  const builtAt = fs.existsSync(path.join(staticDir, 'index.html')) ? fs.statSync(path.join(staticDir, 'index.html')).mtimeMs : 0;
  if (staticDir !== ownBuild) {
    // Someone else's build, served as it is.
    if (!builtAt) missing(staticDir);
  } else {
    const stale = builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
    if (stale && fs.existsSync(vite))
      build(builtAt ? 'Sources changed: rebuilding the browser app…' : 'Building the browser app…');
    else if (!builtAt) missing(staticDir);
    else if (stale)
      console.warn('dist/ is older than the sources, and this install cannot build (no devDependencies): serving it as it is.');
  }
}

// The server runs built (scripts/buildServer.mjs: one bundle, up in under half the time tsx takes), built again
// when its sources changed; from its sources through tsx when it cannot be built.
const built = !serverBuildIsStale() || (await buildServer());
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const args = built ? ['--enable-source-maps', SERVER_BUILD] : [tsx, path.join(root, 'server/main.ts')];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
// Pass signals on so the server can finish requests in flight and close the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
