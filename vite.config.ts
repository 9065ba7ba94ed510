// The browser build. Translation files are served at assets/i18n/{lang}.json as spec §7 lists them
// (merged from src/i18n/<lang>/*.json), with a content version in the URL so they can be cached.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { NONCE_PLACEHOLDER } from './src/api/pageNonce.ts';
import { compileCatalog } from './src/i18n/node/compileCatalog.ts';
import { readCatalog } from './src/i18n/node/readCatalog.ts';

const LANGUAGES = ['es', 'en', 'fr'];

/**
 * The build serves each language's messages parsed ahead of time (compileCatalog), so the app ships
 * without the ICU parser (see the alias below); the dev server serves the plain strings, parsed in the
 * browser as tests and views tests do.
 */
function translations(): Plugin {
  let compiled = false;
  // Only the areas the browser shows: the server's refusals, PDFs and mails stay on the server.
  const read = (lang: string) => JSON.stringify(compiled ? compileCatalog(lang, 'browser') : readCatalog(lang, 'browser'));
  const version = () => createHash('sha256').update(LANGUAGES.map(read).join('\n')).digest('hex').slice(0, 10);
  return {
    name: 'condo-translations',
    config: (_config, env) => {
      compiled = env.command === 'build';
      return { define: { __I18N_VERSION__: JSON.stringify(version()) } };
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = req.url?.match(/^\/assets\/i18n\/(es|en|fr)\.json/);
        if (!match?.[1]) return next();
        res.setHeader('content-type', 'application/json');
        res.end(read(match[1]));
      });
    },
    generateBundle() {
      for (const lang of LANGUAGES) {
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${lang}.json`, source: read(lang) });
      }
      // Beside Vite's manifest, for the server: it names a visitor page's translations in the page's HTML
      // (server/infra/visitorHints.ts), with the same version the app asks for.
      this.emitFile({
        type: 'asset',
        fileName: '.vite/i18n.json',
        source: JSON.stringify({ version: version(), languages: LANGUAGES }),
      });
    },
  };
}

const MERGE_REFS = fileURLToPath(new URL('./src/vendor/floatingUiMergeRefs.ts', import.meta.url));
const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea (inside every Modal) imports only useMergeRefs from @floating-ui/react, whose bundle
 * does not tree-shake (about 22 KiB gzip). That one import gets the same hook from src/vendor.
 */
function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'condo-scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS;
      return null;
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Next to every text file of the build, its .br (quality 11) and .gz (level 9): the server sends them as
 * they are (server/plugins/spa.ts, @fastify/static's preCompressed) to browsers that accept them, so a
 * phone downloads the ~140 KiB of gzip JS the budget counts rather than the ~400 KiB written here, and no
 * request pays for compressing. Files under 1 KiB are left alone (the headers would cost more).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'condo-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker's build (installableApp), so /sw.js goes out compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
        for (const file of files.filter((name) => COMPRESSIBLE.test(name) && !name.includes('.vite'))) {
          const full = path.join(outDir, file);
          const source = fs.readFileSync(full);
          if (source.length < 1024) continue;
          fs.writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
          fs.writeFileSync(
            `${full}.br`,
            brotliCompressSync(source, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
        }
      },
    },
  };
}

/**
 * The installable app (issue 26, "Offline"): the web manifest and /sw.js, our worker (src/sw.ts) with the list
 * of what it precaches written in. Only the page shell, the manifest and the icons are precached, never the
 * bundles: a visitor's first load stays as light as it was (docs/decisions.md, "The service worker"). The page
 * registers the worker itself (src/services/serviceWorker.ts), so nothing is injected but the manifest's link.
 */
function installableApp(): PluginOption {
  const spanish = readCatalog('es', 'browser');
  // The words the page already says of itself (index.html's description), in Spanish like the app's name.
  const html = fs.readFileSync(fileURLToPath(new URL('./index.html', import.meta.url)), 'utf8');
  const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    includeAssets: ['favicon.svg'],
    injectManifest: {
      globPatterns: ['index.html'],
      // A classic script: module service workers are not in every browser a guest may carry.
      rollupFormat: 'iife',
    },
    manifest: {
      id: '/',
      name: spanish['app.name'],
      short_name: spanish['app.name'],
      description,
      lang: 'es',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // index.html's theme-color and the favicon's blue; Mantine's page background.
      theme_color: '#1c7ed6',
      background_color: '#ffffff',
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), translations(), scrollAreaMergeRefs(), installableApp(), precompress()],
  resolve: {
    // Messages arrive parsed in the build (translations() above): react-intl's formatting needs no parser.
    alias:
      command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser' }]
        : [],
  },
  // The page's style nonce: a placeholder on index.html's tags and in <meta property="csp-nonce">, which the
  // server replaces in each answer (src/api/pageNonce.ts). Vite's own loader reads it for the links it adds.
  html: { cspNonce: NONCE_PLACEHOLDER },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}));
