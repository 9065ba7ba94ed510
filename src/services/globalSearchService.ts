// Browser side of the header's search (src/api/globalSearch.ts): every kind at once, or more of one kind.
import { GLOBAL_SEARCH_PATHS, GlobalSearchAnswer, type GlobalSearchQuery } from '../api/globalSearch';
import { apiPath, call, http } from './http';

export function fetchGlobalSearch(query: GlobalSearchQuery, signal?: AbortSignal): Promise<GlobalSearchAnswer> {
  const searchParams: Record<string, string> = { q: query.q.trim() };
  if (query.kind) searchParams.kind = query.kind;
  if (query.offset) searchParams.offset = String(query.offset);
  return call(() => http.get(apiPath(GLOBAL_SEARCH_PATHS.search), { searchParams, signal }), GlobalSearchAnswer);
}
