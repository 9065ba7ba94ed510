// What the service worker (src/sw.ts) keeps for the app to open without network, and in which cache: the app's
// pages, the build's hashed files, and the visitor pass's answer. No other API answer is ever kept (they carry
// personal data, and tokens travel in their headers). Pure rules, shared by the worker and the page that sends
// it the warm-up message (src/services/serviceWorker.ts); docs/decisions.md, "The service worker".
import { PASS_CONDO_ID, PASS_PATHS, PASS_QR } from '../api/visitorPaths';

/** The worker's own caches beside the precache (the page shell, the manifest and the icons). */
export const CACHE_NAMES = {
  /** Pages the browser navigated to: the shell's HTML, each answer with its own nonce and policy. */
  pages: 'condo-pages',
  /** The build's files under /assets: content-hashed names, or translations versioned by ?v=. */
  assets: 'condo-assets',
  /** Visitor passes opened on this device, so a guest can show one at the gate without signal. */
  passes: 'condo-passes',
} as const;

const API_PREFIX = '/api/';

/** A page of the app (the router's paths): not the API, not a file of the build or of public/. */
export function isAppPage(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const path = url.pathname;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !path.startsWith(API_PREFIX) && !path.startsWith('/assets/') && !lastSegment.includes('.');
}

/**
 * The key a page is kept under: its address without query or fragment. The server answers a page by its path
 * alone, and a query may hold a secret (a password reset's or an invitation's token) no cache should keep.
 */
export function pageCacheKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** A file the build wrote under /assets: a hashed bundle or style, or a translation file with its ?v= version. */
export function isBuildAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

/** The visitor pass's GET (PASS_PATHS.view): public, reached through the pass's unguessable address. */
export function isVisitorPassAnswer(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const [condoId = '', qr = ''] = url.pathname.split('/').slice(-2);
  return PASS_CONDO_ID.test(condoId) && PASS_QR.test(qr) && url.pathname === `/api${PASS_PATHS.view(condoId, qr)}`;
}

export const WARM_UP = 'condo-warm-up';

/**
 * The message a page loaded before the worker controlled it sends once the worker is active: its own address
 * and the files it already fetched, which the worker fetches again into its caches (the build's files come from
 * the browser's HTTP cache), so the page opens offline after this first visit, not only after a second one.
 */
export interface WarmUpMessage {
  type: typeof WARM_UP;
  /** The page's address; null on the later messages that carry only files fetched while the worker took over. */
  page: string | null;
  resources: string[];
}

export function isWarmUpMessage(data: unknown): data is WarmUpMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<WarmUpMessage>;
  return (
    message.type === WARM_UP &&
    (typeof message.page === 'string' || message.page === null) &&
    Array.isArray(message.resources) &&
    message.resources.every((resource) => typeof resource === 'string')
  );
}
