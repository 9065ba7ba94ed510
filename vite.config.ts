// The browser build. Translation files are served at assets/i18n/{lang}.json as spec §7 lists them
// (merged from src/i18n/<lang>/*.json), with a content version in the URL so they can be cached.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { parseAst } from 'rolldown/parseAst';
import { defineConfig, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { VISITOR_PAGE_MODULES } from './server/infra/visitorHints.ts';
import { NONCE_PLACEHOLDER } from './src/api/pageNonce.ts';
import { type CatalogScope, VISITOR_AREAS, visitorMessages } from './src/i18n/catalogScope.ts';
import { compileCatalog } from './src/i18n/node/compileCatalog.ts';
import { readCatalog } from './src/i18n/node/readCatalog.ts';
import { themeCssVariables } from './src/vendor/node/themeCssVariables.ts';
import { theme } from './src/views/app/theme.ts';

const LANGUAGES = ['es', 'en', 'fr'];

/**
 * The build serves each language's messages parsed ahead of time (compileCatalog), so the app ships
 * without the ICU parser (see the alias below); the dev server serves the plain strings, parsed in the
 * browser as tests and views tests do.
 */
function translations(): Plugin {
  let compiled = false;
  // Only the areas the browser shows: the server's refusals, PDFs and mails stay on the server.
  const catalog = (lang: string) => (compiled ? compileCatalog(lang, 'browser') : readCatalog(lang, 'browser'));
  const read = (lang: string, scope: CatalogScope = 'all') =>
    JSON.stringify(scope === 'visitor' ? visitorMessages(catalog(lang) as Record<string, unknown>) : catalog(lang));
  const version = () =>
    createHash('sha256')
      .update([...LANGUAGES.map((lang) => read(lang)), ...VISITOR_AREAS].join('\n'))
      .digest('hex')
      .slice(0, 10);
  return {
    name: 'condo-translations',
    config: (_config, env) => {
      compiled = env.command === 'build';
      return { define: { __I18N_VERSION__: JSON.stringify(version()) } };
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = req.url?.match(/^\/assets\/i18n\/(es|en|fr)(\.visitor)?\.json/);
        if (!match?.[1]) return next();
        res.setHeader('content-type', 'application/json');
        res.end(read(match[1], match[2] ? 'visitor' : 'all'));
      });
    },
    generateBundle(_options, bundle) {
      const missing = areasVisitorPagesMiss(bundle, new Set(Object.keys(catalog('es')).map((key) => key.split('.')[0]!)));
      if (missing.length > 0) {
        this.error(
          `A visitor page names message areas its catalog leaves out: ${missing.join(', ')}. Add them to VISITOR_AREAS (src/i18n/catalogScope.ts).`,
        );
      }
      for (const lang of LANGUAGES) {
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${lang}.json`, source: read(lang) });
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${lang}.visitor.json`, source: read(lang, 'visitor') });
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

/** The visitor pages' modules as absolute paths (the server names them in each page's HTML, visitorHints.ts). */
const VISITOR_PAGES = new Set(
  Object.values(VISITOR_PAGE_MODULES).map((module) => fileURLToPath(new URL(`./${module}`, import.meta.url))),
);

/**
 * The message areas the code of a visitor page names (a string starting with "<area>.") that VISITOR_AREAS leaves
 * out: its chunks, what they load and load later, and the entry's own chunks. A message id in a string only the
 * visitor pages' code could hold is named this way, literal or built (`guest.${kind}`); a false alarm (a string
 * that only looks like an id) costs one more area in the visitor catalog, never a missing word.
 */
function areasVisitorPagesMiss(bundle: Record<string, { type: string }>, areas: Set<string>): string[] {
  type Chunk = {
    type: 'chunk';
    code: string;
    isEntry: boolean;
    facadeModuleId: string | null;
    imports: string[];
    dynamicImports: string[];
  };
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const byFile = new Map(Object.entries(bundle).filter((entry): entry is [string, Chunk] => entry[1].type === 'chunk'));
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk | undefined, withLazy: boolean) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file), withLazy);
    if (withLazy) for (const file of chunk.dynamicImports) visit(byFile.get(file), true);
  };
  // The entry's own code and what it imports, not the routes it loads lazily (those are the app's pages).
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk, false);
  for (const chunk of chunks) if (chunk.facadeModuleId && VISITOR_PAGES.has(chunk.facadeModuleId)) visit(chunk, true);
  const named = new Set<string>();
  for (const chunk of seen) for (const match of chunk.code.matchAll(/["'`]([a-z][A-Za-z]*)\.[A-Za-z$]/g)) named.add(match[1]!);
  const visitor = new Set<string>(VISITOR_AREAS);
  return [...named].filter((area) => areas.has(area) && !visitor.has(area)).sort();
}

/**
 * The part of react-intl the app uses, over the parsed messages with the browser's Intl (src/vendor/reactIntl.tsx):
 * react-intl, @formatjs/intl, intl-messageformat and tslib were about 13 KiB gzip of every first load. Build only;
 * tests/unit/reactIntl.test.ts holds it to react-intl's output for every message.
 */
const REACT_INTL = fileURLToPath(new URL('./src/vendor/reactIntl.tsx', import.meta.url));

/** React 19 has useSyncExternalStore: the pre-18 shim's fallback is dead code (src/vendor/useSyncExternalStore.ts). */
const SYNC_EXTERNAL_STORE = fileURLToPath(new URL('./src/vendor/useSyncExternalStore.ts', import.meta.url));

const CSS_VARIABLES = fileURLToPath(new URL('./src/vendor/mantineCssVariables.tsx', import.meta.url));
const MANTINE_PROVIDER = /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/;

/**
 * MantineProvider computes the theme's CSS variables in the browser at every start, with a resolver and colour
 * functions (about 2 KiB gzip on every first load). The app has one theme: the build renders it once with
 * Mantine's own code and MantineProvider's import gets src/vendor/mantineCssVariables.tsx, which writes the result.
 * If a Mantine upgrade moves the file the plugin stops matching and Mantine's own component is back.
 */
function themeVariables(): Plugin {
  return {
    name: 'condo-theme-css-variables',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ define: { __MANTINE_CSS_VARIABLES__: JSON.stringify(themeCssVariables(theme)) } }),
    resolveId(source, importer) {
      if (source === './MantineCssVariables/MantineCssVariables.mjs' && importer && MANTINE_PROVIDER.test(importer)) {
        return CSS_VARIABLES;
      }
      return null;
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

/** superstruct's functions that check a value rather than build a struct: calling them does something. */
const STRUCT_CHECKS = new Set(['assert', 'create', 'is', 'mask', 'validate', 'StructError', 'Struct']);

/**
 * The code with every call of a superstruct builder (object(), string(), size() …, under whatever local name
 * it was imported) marked pure. A contract module (src/api) defines many structs and a page imports one or two;
 * the bundler keeps any top-level call it cannot prove free of effects, so without the mark every struct of
 * every contract a page touches came with it (the shell carried the gate's and the checkout's contracts for a
 * constant and a type). The builders only build: dropping an unused one changes nothing. Null: nothing to mark.
 */
export function markPureStructs(code: string, id: string): string | null {
  if (!code.includes('superstruct')) return null;
  let ast: ReturnType<typeof parseAst>;
  try {
    ast = parseAst(code, { lang: /\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : 'jsx' });
  } catch {
    return null;
  }
  const builders = new Set<string>();
  for (const node of ast.body) {
    if (node.type !== 'ImportDeclaration' || node.source.value !== 'superstruct') continue;
    for (const specifier of node.specifiers) {
      if (specifier.type !== 'ImportSpecifier') continue;
      const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
      if (!STRUCT_CHECKS.has(imported)) builders.add(specifier.local.name);
    }
  }
  if (builders.size === 0) return null;
  const calls: number[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const { type, callee, start } = node as { type?: string; callee?: { type: string; name?: string }; start?: number };
    if (type === 'CallExpression' && callee?.type === 'Identifier' && builders.has(callee.name ?? '') && start !== undefined) {
      calls.push(start);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'parent') visit(value);
  };
  visit(ast.body);
  if (calls.length === 0) return null;
  let marked = code;
  for (const start of calls.sort((a, b) => b - a)) marked = `${marked.slice(0, start)}/*#__PURE__*/ ${marked.slice(start)}`;
  return marked;
}

function pureStructs(): Plugin {
  return {
    name: 'condo-pure-structs',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id)) return null;
      const marked = markPureStructs(code, id);
      return marked === null ? null : { code: marked, map: null };
    },
  };
}

const MENU_SUB = fileURLToPath(new URL('./src/vendor/floatingUiMenuSub.ts', import.meta.url));
const RRULE_LEFT_OUT = fileURLToPath(new URL('./src/vendor/rruleLeftOut.ts', import.meta.url));
const REMOVE_SCROLL_CLASS_NAMES = fileURLToPath(new URL('./src/vendor/removeScrollClassNames.ts', import.meta.url));
const MANTINE_COMPONENTS = '@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]';
const importedBy = (file: string) => new RegExp(`${MANTINE_COMPONENTS}${file}\\.mjs$`);
const SCHEDULE_EXPANSION =
  /@mantine[\\/]schedule[\\/]esm[\\/]utils[\\/]expand-recurring-events[\\/]expand-recurring-events\.mjs$/;

/**
 * Imports of Mantine's that bring a whole package for a sliver of it, each pointed at that sliver:
 * - @floating-ui/react (its interactions: hover, focus, dismiss…) is about 12 KiB gzip and does not tree-shake.
 *   Popover (under every Menu, Select and Popover) imports from it only what @floating-ui/react-dom, the small
 *   positioning package, exports with the same behaviour; Menu imports it for Menu.Sub alone, which the app does
 *   not use (src/vendor/floatingUiMenuSub.ts). Tooltip and HoverCard keep the real package.
 * - AppShell's header, footer and aside import react-remove-scroll for two class names
 *   (src/vendor/removeScrollClassNames.ts); Modal and Drawer keep the real package.
 * - @mantine/schedule expands recurring events with rrule (about 15 KiB gzip); the calendar grid's events are
 *   single occurrences (src/vendor/rruleLeftOut.ts).
 * If a Mantine upgrade moves these files a redirect stops matching and the bundle grows back; nothing breaks.
 */
export const MANTINE_REDIRECTS: { importer: RegExp; source: string; to: string }[] = [
  { importer: importedBy('Popover[\\\\/]use-popover'), source: '@floating-ui/react', to: '@floating-ui/react-dom' },
  { importer: importedBy('Menu[\\\\/]MenuSub[\\\\/]MenuSub'), source: '@floating-ui/react', to: MENU_SUB },
  { importer: SCHEDULE_EXPANSION, source: 'rrule', to: RRULE_LEFT_OUT },
  ...['Header', 'Footer', 'Aside'].map((part) => ({
    importer: importedBy(`AppShell[\\\\/]AppShell${part}[\\\\/]AppShell${part}`),
    source: 'react-remove-scroll',
    to: REMOVE_SCROLL_CLASS_NAMES,
  })),
];

function mantineSlivers(): Plugin {
  return {
    name: 'condo-mantine-slivers',
    enforce: 'pre',
    resolveId(source, importer) {
      const redirect = importer && MANTINE_REDIRECTS.find((r) => r.source === source && r.importer.test(importer));
      if (!redirect) return null;
      return path.isAbsolute(redirect.to) ? redirect.to : this.resolve(redirect.to, importer, { skipSelf: true });
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
    // after-paint.js starts the app on a page the server painted (server/infra/visitorHints.ts): kept, so that a
    // pass opened once still comes to life without network.
    includeAssets: ['favicon.svg', 'after-paint.js'],
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
  plugins: [
    react(),
    translations(),
    scrollAreaMergeRefs(),
    mantineSlivers(),
    themeVariables(),
    pureStructs(),
    installableApp(),
    precompress(),
  ],
  resolve: {
    // Messages arrive parsed in the build (translations() above): formatting them needs no parser, nor react-intl.
    alias:
      command === 'build'
        ? [
            { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser' },
            { find: /^react-intl$/, replacement: REACT_INTL },
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: SYNC_EXTERNAL_STORE },
            // The same hook with a selector, without the shim: it calls React's own.
            {
              find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
              replacement: 'use-sync-external-store/with-selector',
            },
          ]
        : [],
  },
  // The page's style nonce: a placeholder on index.html's tags and in <meta property="csp-nonce">, which the
  // server replaces in each answer (src/api/pageNonce.ts). Vite's own loader reads it for the links it adds.
  html: { cspNonce: NONCE_PLACEHOLDER },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads, in the entry's one file: left alone, the bundler cut it into five (React, Mantine's
          // core, …) because the lazy routes share them, though every route loads the entry first. One file
          // compresses better and is one request: about 2 KiB gzip less on every first load (issue 29).
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The visitor pages' small shared parts in one file: left alone they were seven files of 0.2–0.5 KiB,
            // each paying its own gzip framing on a phone's first load (the guest's success page 120.6 → 119.5 KiB).
            // The signed-in screens that use useDocumentTitle load the whole of it, about a kilobyte more.
            {
              name: 'visitor-common',
              test: /src[\\/](views[\\/]common[\\/](VisitorBlocks|VisitorLanguageSwitch|LazyQr|passFormat|useDocumentTitle)\.tsx?|api[\\/]accessPoints\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}));
