// The links a visitor page's HTML carries (spec §2.5–§2.7 pages, opened from a link on a phone): the page's
// chunk with its imports and styles, its translations and its first API call, named in the <head> so the
// browser fetches them beside the ~130 KiB entry bundle instead of after it. On a slow mobile network that
// is a whole round trip less before the guest sees the event or the pass. The browser starts the same
// things itself when the HTML carries no hints (src/views/app/routes.tsx, preloadVisitorRoute), and takes the
// hinted answers from the preload cache, so nothing is fetched twice.
import fs from 'node:fs';
import path from 'node:path';
import { type VisitorPageName, visitorPageAt } from '../../src/api/visitorPaths';
import { catalogPath } from '../../src/i18n/catalogScope';
import { type Language, publicLanguage } from '../../src/i18n/languages';

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

export interface VisitorHints {
  /** index.html with the page's hints, or null when `pathname` is not a visitor page. */
  htmlFor(pathname: string, acceptLanguage: string | undefined): string | null;
}

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

/** The <link>s of a page's chunk: its own file and the imports the entry does not already bring. */
function chunkLinks(manifest: Manifest, moduleKey: string): string {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? importsOf(manifest, entryKey).add(entryKey) : new Set<string>();
  const keys = [moduleKey, ...importsOf(manifest, moduleKey)].filter((key) => !entry.has(key) && manifest[key]);
  const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  const styles = keys
    .flatMap((key) => manifest[key]!.css ?? [])
    .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...scripts, ...styles].join('');
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
  const pageLinks = Object.fromEntries(
    Object.entries(VISITOR_PAGE_MODULES).map(([name, moduleKey]) => [name, chunkLinks(manifest, moduleKey)]),
  ) as Record<VisitorPageName, string>;
  // The visitor catalog: what a visitor page loads (src/i18n/catalogScope.ts).
  const translations = (language: Language) =>
    fetchLink(`${catalogPath(language, 'visitor')}?v=${encodeURIComponent(i18nVersion)}`);

  return {
    htmlFor(pathname, acceptLanguage) {
      const visitor = visitorPageAt(pathname);
      if (!visitor) return null;
      // The app's own choice (src/views/common/LanguageProvider.tsx) is a stored preference, else the browser's
      // languages: the server sees only the latter, so a visitor who picked another language fetches it too.
      const language = publicLanguage(acceptedLanguages(acceptLanguage));
      const links =
        pageLinks[visitor.page.name] + translations(language) + (visitor.firstCall ? fetchLink(`/api${visitor.firstCall}`) : '');
      return index.replace('</head>', `${links}</head>`);
    },
  };
}
