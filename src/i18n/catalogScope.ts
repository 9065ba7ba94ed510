// Which messages a page loads first (issue 29). A visitor page (the public page, guest registration, the pass:
// src/api/visitorPaths.ts), opened from a link on a phone at the gate, loads only the visitor catalog: the areas
// its views and the entry word, about a tenth of the whole (about 5 KiB compressed instead of 55). Every other
// page loads the whole catalog, which holds the visitor one. The build writes both (vite.config.ts
// translations()) and fails when a visitor page's code names an area this list leaves out.
import { visitorPageAt } from '../api/visitorPaths';
import type { Language } from './languages';

/** The message areas (a key's first segment) of the visitor catalog: what the entry and the visitor pages show. */
export const VISITOR_AREAS = [
  'account',
  'app',
  'common',
  'condoSettings',
  'guest',
  'language',
  'login',
  'notFound',
  'pass',
  'password',
  'public',
] as const;

export type CatalogScope = 'visitor' | 'all';

/** The catalog a page at `pathname` loads first. */
export const catalogScopeAt = (pathname: string): CatalogScope => (visitorPageAt(pathname) ? 'visitor' : 'all');

/** Where the build serves a catalog (without its ?v= version). */
export const catalogPath = (language: Language, scope: CatalogScope) =>
  `/assets/i18n/${language}${scope === 'visitor' ? '.visitor' : ''}.json`;

/** The visitor catalog's keys out of a whole one. */
export function visitorMessages<T>(messages: Record<string, T>): Record<string, T> {
  const areas = new Set<string>(VISITOR_AREAS);
  return Object.fromEntries(Object.entries(messages).filter(([key]) => areas.has(key.split('.')[0]!)));
}
