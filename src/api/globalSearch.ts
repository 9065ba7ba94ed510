// The header's search (issue 16, spec §2.2 search): one box across what the member may see, answered grouped
// by kind. Accent- and case-insensitive through the one fold of src/api/search.ts. Each group holds at most
// its limit; "ver más" asks the same kind again from an offset.
import { array, boolean, enums, type Infer, literal, number, object, optional, size, string } from 'superstruct';
import { QueryInteger } from './validation';

export const GLOBAL_SEARCH_PATHS = {
  /** Signed in: GET ?q=&kind=&offset= → GlobalSearchAnswer. q: 2..100 characters. Rate-limited per person. */
  search: '/--buscar',
} as const;

/** The kinds, in the order the page shows them. residents and dwellings: staff only. */
export const SEARCH_KINDS = ['posts', 'requests', 'documents', 'residents', 'dwellings'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per group in one answer. */
export const SEARCH_GROUP_SIZE = 5;
/** How long the box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

export const GlobalSearchQuery = object({
  q: size(string(), SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH),
  /** Only this kind (a "ver más"); otherwise every kind the member may search. */
  kind: optional(enums(SEARCH_KINDS)),
  offset: optional(QueryInteger(0, 10_000)),
});
export type GlobalSearchQuery = Infer<typeof GlobalSearchQuery>;

export const SearchResult = object({
  id: number(),
  title: string(),
  /** A short piece of the text around what was found (or a description of the object). */
  snippet: string(),
  /** Where it opens, relative to /condominio (src/api/sections.ts paths, src/views/common/screens.ts). */
  path: string(),
});
export type SearchResult = Infer<typeof SearchResult>;

export const GlobalSearchGroup = object({
  kind: enums(SEARCH_KINDS),
  items: array(SearchResult),
  offset: number(),
  hasMore: boolean(),
});
export type GlobalSearchGroup = Infer<typeof GlobalSearchGroup>;

export const GlobalSearchAnswer = object({
  success: literal(true),
  q: string(),
  /** Only the kinds the member may search, each even when empty, in SEARCH_KINDS order. */
  groups: array(GlobalSearchGroup),
});
export type GlobalSearchAnswer = Infer<typeof GlobalSearchAnswer>;

/** Whether the text is long enough to be searched (what the box and the server both apply). */
export const searchable = (text: string) => text.trim().length >= SEARCH_MIN_LENGTH;

/** The search page, relative to /condominio. */
export const searchPagePath = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

/** A piece of `text` around the first place `needleIndex` points at, at most `width` characters, with … where cut. */
export function snippetAround(text: string, index: number, width = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= width) return flat;
  const start = Math.max(0, Math.min(index - Math.floor(width / 3), flat.length - width));
  const piece = flat.slice(start, start + width).trim();
  return `${start > 0 ? '…' : ''}${piece}${start + width < flat.length ? '…' : ''}`;
}
