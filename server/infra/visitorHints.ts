// The links a visitor page's HTML carries (spec §2.5–§2.7 pages, opened from a link on a phone): the page's
// chunk with its imports and styles, its translations and its first API call, named in the <head> so the
// browser fetches them beside the ~130 KiB entry bundle instead of after it. On a slow mobile network that
// is a whole round trip less before the guest sees the event or the pass. The browser starts the same
// things itself when the HTML carries no hints (src/views/app/routes.tsx, preloadVisitorRoute), and takes the
// hinted answers from the preload cache, so nothing is fetched twice.
import fs from 'node:fs';
import path from 'node:path';
import { NONCE_PLACEHOLDER } from '../../src/api/pageNonce';
import { PAGE_ANSWERS_ID, type VisitorPageName, visitorPageAt } from '../../src/api/visitorPaths';
import { catalogPath } from '../../src/i18n/catalogScope';
import { type Language, languageInCookie, languageInQuery, publicLanguage } from '../../src/i18n/languages';

/** Each visitor page's module, as Vite's manifest keys it (src/views/app/routes.tsx imports the same files). */
export const VISITOR_PAGE_MODULES: Record<VisitorPageName, string> = {
  publicPage: 'src/views/public/PublicPage.tsx',
  guestRegistration: 'src/views/guest/GuestRegistrationPage.tsx',
  pass: 'src/views/pass/PassPage.tsx',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A visitor page's first screen, painted on the server (server/infra/firstPaint.ts). */
export interface PaintedPage {
  /** The screen's HTML (src/views/app/firstPaint.tsx), its <style>s with the answer's nonce. */
  html: string;
  /** The tab's title the page sets, if it does. */
  title: string | null;
  language: Language;
  /** The page's first call (a contract path) and the answer the screen was painted from. */
  call: string;
  answer: unknown;
  /** The CSP hashes of the screen's style attributes (infra/contentSecurityPolicy.ts). */
  styleHashes: string[];
}

export interface VisitorHints {
  /** Whether the build's index.html can carry a painted page (its boot loader's marks and its entry). */
  paints: boolean;
  /** index.html with the page's hints, or null when `pathname` is not a visitor page. */
  htmlFor(pathname: string, language: Language): string | null;
  /**
   * index.html with the page's first screen in place of the boot loader, its answer for the app, its styles,
   * and the app's scripts fetched once it is painted (public/after-paint.js); the template's nonce placeholder
   * already `nonce`. Null when `pathname` is not a visitor page or the build's index.html lacks the marks.
   */
  paintedHtmlFor(pathname: string, painted: PaintedPage, nonce: string): string | null;
}

/**
 * The language a visitor page's HTML is for, as LanguageProvider chooses: the one its address asks for (the
 * switch before the app runs), else the one the visitor picked (its cookie), else the browser's by the visitor
 * pages' rule (src/i18n/languages.ts).
 */
export const visitorLanguage = (
  search: string,
  headers: { 'accept-language'?: string | undefined; cookie?: string | undefined },
): Language =>
  languageInQuery(search) ?? languageInCookie(headers.cookie) ?? publicLanguage(acceptedLanguages(headers['accept-language']));

/** The browser's languages from Accept-Language, most wanted first (as navigator.languages lists them). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Every chunk `key` imports, directly or not (its static imports: what loading it loads). */
function importsOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    importsOf(manifest, imported, seen);
  }
  return seen;
}

/** A page's chunk: its own file and the imports the entry does not already bring, with their styles. */
function chunkFiles(manifest: Manifest, moduleKey: string): { scripts: string[]; styles: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? importsOf(manifest, entryKey).add(entryKey) : new Set<string>();
  const keys = [moduleKey, ...importsOf(manifest, moduleKey)].filter((key) => !entry.has(key) && manifest[key]);
  return {
    scripts: keys.map((key) => `/${manifest[key]!.file}`),
    styles: keys.flatMap((key) => manifest[key]!.css ?? []).map((file) => `/${file}`),
  };
}

/** The <link>s of a page's chunk, for the browser to fetch beside the entry. */
function chunkLinks({ scripts, styles }: { scripts: string[]; styles: string[] }): string {
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}

// `crossorigin` makes the preload's request the same as the app's fetch() (CORS mode, same-origin
// credentials), so the app's request takes the preloaded answer.
const fetchLink = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

/**
 * Reads the build's index.html, Vite's manifest and the translations' version once; null when the build
 * lacks any of them (the page is then served without hints).
 */
export function loadVisitorHints(root: string): VisitorHints | null {
  let index: string;
  let manifest: Manifest;
  let i18nVersion: string;
  try {
    index = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    i18nVersion = String(
      (JSON.parse(fs.readFileSync(path.join(root, '.vite', 'i18n.json'), 'utf8')) as { version: unknown }).version,
    );
  } catch {
    return null;
  }
  if (!index.includes('</head>')) return null;
  const pageFiles = Object.fromEntries(
    Object.entries(VISITOR_PAGE_MODULES).map(([name, moduleKey]) => [name, chunkFiles(manifest, moduleKey)]),
  ) as Record<VisitorPageName, { scripts: string[]; styles: string[] }>;
  // The visitor catalog: what a visitor page loads (src/i18n/catalogScope.ts).
  const catalogUrl = (language: Language) => `${catalogPath(language, 'visitor')}?v=${encodeURIComponent(i18nVersion)}`;
  const translations = (language: Language) => fetchLink(catalogUrl(language));
  const painting = paintingTemplate(index);

  return {
    paints: painting !== null,
    htmlFor(pathname, language) {
      const visitor = visitorPageAt(pathname);
      if (!visitor) return null;
      const links =
        chunkLinks(pageFiles[visitor.page.name]) +
        translations(language) +
        (visitor.firstCall ? fetchLink(`/api${visitor.firstCall}`) : '');
      return index.replace('</head>', () => `${links}</head>`);
    },
    paintedHtmlFor(pathname, painted, nonce) {
      const visitor = visitorPageAt(pathname);
      if (!visitor || !painting) return null;
      const files = pageFiles[visitor.page.name];
      const afterPaint = {
        entry: painting.entry,
        preload: [...painting.preloads, ...files.scripts],
        fetch: [catalogUrl(painted.language)],
      };
      // The painted screen needs its chunk's styles now, not once the chunk is imported.
      const head =
        files.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('') +
        inlineJson('after-paint', afterPaint) +
        inlineJson(PAGE_ANSWERS_ID, { [painted.call]: painted.answer });
      // Replaced by functions: a `$` in the page's text is not a replacement pattern.
      return painting.template
        .replaceAll(NONCE_PLACEHOLDER, () => nonce)
        .replace(/<html lang="[^"]*"/, () => `<html lang="${painted.language}"`)
        .replace(/<title>[^<]*<\/title>/, (original) =>
          painted.title === null ? original : `<title>${escapeText(painted.title)}</title>`,
        )
        .replace('</head>', () => `${head}</head>`)
        .replace(BOOT_LOADER, () => painted.html);
    },
  };
}

/** index.html's boot loader, which a painted page's first screen replaces. */
const BOOT_LOADER = /<!-- boot -->[\s\S]*<!-- \/boot -->/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g;
const AFTER_PAINT_SCRIPT = '<script type="module" src="/after-paint.js"></script>';

/**
 * index.html for a painted page: the entry's script and preloads replaced by public/after-paint.js, which
 * fetches them once the page has been painted. Null when the build's page has no boot marks or no entry.
 */
function paintingTemplate(index: string): { template: string; entry: string; preloads: string[] } | null {
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry || !BOOT_LOADER.test(index)) return null;
  const preloads = [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const template = index.replace(ENTRY_SCRIPT, () => AFTER_PAINT_SCRIPT).replace(MODULE_PRELOAD, '');
  return { template, entry, preloads };
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!);

/**
 * A JSON block the page's scripts read (never run): `<`, `>` and `&` escaped, so no text in it can close the
 * element or open a comment.
 */
function inlineJson(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${id}">${json}</script>`;
}
