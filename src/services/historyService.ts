// Browser side of the history (src/api/history.ts): one page of the log with its filters, and the filtered
// set as a CSV Blob (the request carries the app token, so a plain link cannot fetch it), reporting how much
// has arrived while it downloads.
import { HTTPError } from 'ky';
import { HISTORY_PATHS, HistoryAnswer, type HistoryFilters, type HistoryQuery, historySearchParams } from '../api/history';
import { ApiError, apiPath, call, http } from './http';

export function fetchHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryAnswer> {
  return call(() => http.get(apiPath(HISTORY_PATHS.list), { searchParams: historySearchParams(query), signal }), HistoryAnswer);
}

/** The filtered history as CSV; onProgress gets the bytes received so far. */
export async function fetchHistoryCsv(
  filters: HistoryFilters,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  try {
    return await http
      .get(apiPath(HISTORY_PATHS.export), {
        searchParams: historySearchParams(filters),
        signal,
        timeout: 120_000,
        onDownloadProgress: (progress) => onProgress(progress.transferredBytes),
      })
      .blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : error.message;
      throw new ApiError(error.response.status, typeof body?.message === 'string' ? 'REFUSED' : 'HTTP', message);
    }
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}
