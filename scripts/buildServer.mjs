#!/usr/bin/env node
// The built server: server/main.ts and everything of ours it imports (server/, src/api, src/i18n, and the visitor
// pages it paints) bundled by esbuild into main.mjs and the chunks it loads later, the packages left to node_modules. Started with plain node it is up in well under
// half the time tsx takes, which compiles and resolves some seven hundred files through its loader on every
// start (issue 29: cold start to the first 200). `npm start` builds it when it is missing or older than its
// sources (scripts/start.mjs), as it does the browser app; `node scripts/buildServer.mjs` builds it now.
//
// It lives under node_modules/.cache: outside git, the linter and the served dist/, rebuilt after `npm ci`.
// It runs from this checkout only: each file's import.meta keeps the file's own place in the tree (the
// catalogues, package.json, the SAT schemas and the sheet worker are found next to their sources).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, 'node_modules/.cache/condo-server');
export const SERVER_BUILD = path.join(BUILD_DIR, 'main.mjs');
/** What the bundle is made of: a change to any of these makes it stale. */
const SOURCES = ['server', 'src', 'package-lock.json', 'tsconfig.json', 'scripts/buildServer.mjs'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether the bundle is missing or older than a source. */
export function serverBuildIsStale(root = ROOT) {
  const built = fs.existsSync(SERVER_BUILD) ? fs.statSync(SERVER_BUILD).mtimeMs : 0;
  return built < Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
}

/** esbuild, which tsx (a dependency) brings; null where it cannot be loaded. */
function loadEsbuild() {
  try {
    return createRequire(path.join(ROOT, 'node_modules/tsx/package.json'))('esbuild');
  } catch {
    return null;
  }
}

/** import.meta of our files, written as the file's own place: one bundle, each file still finds its neighbours. */
const keepImportMeta = {
  name: 'keep-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/**
 * The browser's views the server paints visitor pages with (server/infra/firstPaint.ts): their style imports are
 * the browser's business (the page links the built styles), and their build constants are the build's. A CSS
 * module's classes are empty here, so a painted screen must not use one (src/views/app/firstPaint.tsx).
 */
const BROWSER_MODULES = {
  loader: { '.css': 'empty', '.module.css': 'empty' },
  jsx: 'automatic',
  define: { 'import.meta.env.PROD': 'true', 'import.meta.env.DEV': 'false' },
};

/** Style sheets imported from packages (Mantine's, by the views) are empty too, not left to node to import. */
const emptyStyles = {
  name: 'empty-styles',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'empty-styles' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-styles' }, () => ({ contents: '', loader: 'empty' }));
  },
};

/** Builds the bundle; false (and why, on stderr) when esbuild is not there or the build fails. */
export async function buildServer() {
  const esbuild = loadEsbuild();
  if (!esbuild) {
    console.error('Cannot build the server: esbuild (through tsx) is not installed.');
    return false;
  }
  // Built into a directory of its own, then swapped in whole: a server starting meanwhile never reads half a
  // build, or a main.mjs with another build's chunks.
  const temporary = `${BUILD_DIR}.${process.pid}.tmp`;
  const previous = `${BUILD_DIR}.${process.pid}.old`;
  try {
    fs.rmSync(temporary, { recursive: true, force: true });
    await esbuild.build({
      entryPoints: { main: path.join(ROOT, 'server/main.ts') },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // What a start does not need (the visitor pages' painter, with React's server renderer) is a chunk of its
      // own, loaded when first used.
      splitting: true,
      outdir: temporary,
      entryNames: '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
      plugins: [keepImportMeta, emptyStyles],
      ...BROWSER_MODULES,
      // Beside the bundle: with --enable-source-maps (scripts/start.mjs) stack traces name our files and lines.
      sourcemap: 'linked',
    });
    if (fs.existsSync(BUILD_DIR)) fs.renameSync(BUILD_DIR, previous);
    fs.renameSync(temporary, BUILD_DIR);
    fs.rmSync(previous, { recursive: true, force: true });
    return true;
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(BUILD_DIR) && fs.existsSync(previous)) fs.renameSync(previous, BUILD_DIR);
    console.error(`Building the server failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit((await buildServer()) ? 0 : 1);
}
