// The Content-Security-Policy of what the server answers (OWASP ASVS 5, V3.4.3). A page runs only the
// build's own scripts; its styles are the build's files plus the <style> elements that carry the page's
// nonce (index.html's boot loader, and those Mantine and react-remove-scroll insert at run time, which
// read the nonce from the page: src/views/app/styleNonce.ts). Style attributes React sets go through the
// CSSOM, which the policy does not govern; those in a painted page's HTML are allowed by their hashes. It frames only the map hosts the public page's Mapa may name
// (infra/mapSanitizer.ts), and nothing may frame it; its service worker and web manifest are its own. Every
// other answer (JSON, scripts, images) is not a page and may load nothing at all, except the service worker's
// script, whose policy is the worker's (it fetches the app's files).
import { createHash, randomBytes } from 'node:crypto';
import { MAP_FRAME_ORIGINS } from './mapSanitizer';

type Directives = Record<string, readonly string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The page's policy; without a nonce (a page answered without one) no inline <style> applies. A page the
 * server painted (infra/firstPaint.ts) has style attributes in its HTML, which the policy governs (unlike
 * those React sets later): exactly those values are allowed, by their hashes ('unsafe-hashes' lets a hash
 * match an attribute, and nothing else).
 */
export function pagePolicy(nonce: string | null, styleAttributeHashes: readonly string[] = []): string {
  const attributes = styleAttributeHashes.length ? ["'unsafe-hashes'", ...styleAttributeHashes.map((hash) => `'${hash}'`)] : [];
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': [...(nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"]), ...attributes],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': MAP_FRAME_ORIGINS,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** Any answer that is not a page: nothing loads in it, nothing frames it. */
export const RESOURCE_POLICY = serialize({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * The service worker's script (/sw.js, server/plugins/spa.ts): a worker runs under the policy its script came
 * with, and it fetches the app's pages, files and the visitor pass from this origin, and from nowhere else.
 */
export const WORKER_POLICY = serialize({ 'default-src': ["'self'"] });

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/**
 * The CSP hashes ('sha256-…') of the distinct style attributes in `html` as the browser reads them (entities
 * decoded: React escapes & < > " ' in attributes), for pagePolicy.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) {
    values.add(match[1]!.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => HTML_ENTITIES[entity]!));
  }
  return [...values].map((value) => `sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}`);
}

/** A fresh nonce for one page (128 bits, as CSP3 asks). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}
