// The ClaveProdServ / ClaveUnidad search of facturacion-electronica: by key prefix or by words of the
// description, accents and case ignored with the shared fold (src/api/search.ts). Searches the subset in
// satCatalogueData.ts (a comment there says why a subset).
import type { SatCatalogueAnswer } from '../../../src/api/invoicing';
import { foldForSearch, searchNeedle } from '../../../src/api/search';
import { CLAVES_PROD_SERV, CLAVES_UNIDAD, type SatEntry } from './satCatalogueData';

export const SAT_SEARCH_LIMIT = 30;

const folded = (entries: readonly SatEntry[]) =>
  entries.map((entry) => ({ entry, key: foldForSearch(entry.clave), words: foldForSearch(entry.descripcion) }));
const CATALOGUES = { prodserv: folded(CLAVES_PROD_SERV), unidad: folded(CLAVES_UNIDAD) };

/** Keys that start with what was typed first, then descriptions that contain every word typed. */
export function searchSatCatalogue(kind: 'prodserv' | 'unidad', typed: string): SatCatalogueAnswer {
  const needle = searchNeedle(typed);
  const words = needle.split(/\s+/).filter(Boolean);
  const rows = CATALOGUES[kind];
  const byKey = rows.filter((row) => needle !== '' && row.key.startsWith(needle));
  const byWords = rows.filter((row) => !byKey.includes(row) && words.length > 0 && words.every((w) => row.words.includes(w)));
  return { items: [...byKey, ...byWords].slice(0, SAT_SEARCH_LIMIT).map((row) => ({ ...row.entry })) };
}

export const satDescription = (kind: 'prodserv' | 'unidad', clave: string): string | null =>
  (kind === 'prodserv' ? CLAVES_PROD_SERV : CLAVES_UNIDAD).find((entry) => entry.clave === clave)?.descripcion ?? null;
