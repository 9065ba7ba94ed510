// Browser side of the gate (src/api/gate.ts): the caseta's day (expected and inside), a code's verdict, the
// movements it records, and the movement log with its CSV and PDF. An unknown code and the check's rate limit are
// answers the guard expects, so they come back as typed results; anything else is thrown as an ApiError. A code
// checked without network is answered from the device's signed snapshot of today's passes (gateSnapshot.ts).
import { HTTPError } from 'ky';
import {
  EntryPhotoAnswer,
  entryPhotoPath,
  GATE_PATHS,
  type GateCheck,
  GateCheckAnswer,
  type GateEntryRequest,
  type GateExitRequest,
  type GateMovement,
  GateMovementAnswer,
  type GateRefusalRequest,
  GateTodayAnswer,
  MOVEMENT_PATHS,
  type MovementFilters,
  MovementListAnswer,
  type MovementQuery,
  movementSearchParams,
} from '../api/gate';
import { checkOffline, noteMovement } from './gateSnapshot';
import { ApiError, apiPath, call, http } from './http';
import { enqueue, type QueuedKind } from './offlineQueue';

export type GateCheckResult = { kind: 'checked'; check: GateCheck } | { kind: 'notFound' } | { kind: 'tooMany' };

/** A movement the caseta sends: which kind, and its request (with the clientId made once per attempt). */
export type GateRecord =
  | { kind: 'entry'; request: GateEntryRequest }
  | { kind: 'exit'; request: GateExitRequest }
  | { kind: 'refusal'; request: GateRefusalRequest };

export interface RecordedMovement {
  movement: GateMovement;
  /** The server had this clientId already (a retry whose first attempt arrived). */
  duplicate: boolean;
}

export function fetchGateToday(q: string, signal?: AbortSignal): Promise<GateTodayAnswer> {
  const searchParams = q.trim() ? { q: q.trim() } : {};
  return call(() => http.get(apiPath(GATE_PATHS.today), { searchParams, signal }), GateTodayAnswer);
}

export async function checkGateCode(codigo: string, signal?: AbortSignal): Promise<GateCheckResult> {
  try {
    const answer = await call(() => http.post(apiPath(GATE_PATHS.check), { json: { codigo }, signal }), GateCheckAnswer);
    return { kind: 'checked', check: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'notFound' };
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooMany' };
    // No network: the device's signed snapshot of today's passes answers instead, when it has one for today.
    const offline = noNetwork(error) && !signal?.aborted ? await checkOffline(codigo).catch(() => null) : null;
    if (offline) return offline;
    throw error;
  }
}

const RECORD_PATHS = { entry: GATE_PATHS.entry, exit: GATE_PATHS.exit, refusal: GATE_PATHS.refusal } as const;

const QUEUED_KINDS: Record<GateRecord['kind'], QueuedKind> = { entry: 'gateEntry', exit: 'gateExit', refusal: 'gateRefusal' };

/** A movement kept on the device (no network): the offline queue sends it when the network is back. */
export interface QueuedMovement {
  queued: true;
  /** What will be sent: the request with offline: true and the device's time of the first attempt. */
  record: GateRecord;
}

export type MovementOutcome = RecordedMovement | QueuedMovement;

export const wasQueued = (outcome: MovementOutcome): outcome is QueuedMovement => 'queued' in outcome;

/** No answer at all (not a refusal, not a broken answer): the request may go to the offline queue. */
const noNetwork = (error: unknown) => error instanceof ApiError && error.status === 0 && error.code === 'NETWORK';

/**
 * Sends one movement; the same request sent twice (same clientId) is recorded once by the server. Without
 * network it is queued instead (dated when this attempt began, marked offline) and resolves as queued.
 */
export async function recordMovement(record: GateRecord, signal?: AbortSignal): Promise<MovementOutcome> {
  const attemptedAt = new Date().toISOString();
  try {
    const answer = await call(
      () => http.post(apiPath(RECORD_PATHS[record.kind]), { json: record.request, signal }),
      GateMovementAnswer,
    );
    // Until the next snapshot counts it, the device's snapshot does: the network may drop before then.
    await noteMovement(record.kind, record.request).catch(() => {});
    return { movement: answer.data, duplicate: answer.duplicate };
  } catch (error) {
    if (!noNetwork(error) || signal?.aborted) throw error;
    const request = { ...record.request, occurredAt: record.request.occurredAt ?? attemptedAt, offline: true };
    const queued = { kind: record.kind, request } as GateRecord;
    await enqueue({
      clientId: request.clientId,
      kind: QUEUED_KINDS[record.kind],
      path: RECORD_PATHS[record.kind],
      body: request,
    });
    // The snapshot counts it until the server does: a single-use pass does not enter twice offline.
    await noteMovement(record.kind, request).catch(() => {});
    return { queued: true, record: queued };
  }
}

/** An entry's photo, sent right after the entry was recorded online (once per entry: a retry answers the first). */
export function uploadEntryPhoto(movementId: number, dataUrl: string, signal?: AbortSignal): Promise<EntryPhotoAnswer> {
  return call(() => http.post(apiPath(entryPhotoPath(movementId)), { json: { dataUrl }, signal }), EntryPhotoAnswer);
}

export function fetchMovements(query: MovementQuery, signal?: AbortSignal): Promise<MovementListAnswer> {
  return call(
    () => http.get(apiPath(MOVEMENT_PATHS.list), { searchParams: movementSearchParams(query), signal }),
    MovementListAnswer,
  );
}

/** The filtered log as CSV (the request carries the app token, so a plain link cannot fetch it). */
export function fetchMovementsCsv(filters: MovementFilters, onProgress: (bytes: number) => void, signal?: AbortSignal) {
  return downloadLog(MOVEMENT_PATHS.export, filters, onProgress, signal);
}

/** The filtered log as PDF; more rows than MOVEMENT_PDF_MAX is refused (an ApiError with the server's words). */
export function fetchMovementsPdf(filters: MovementFilters, onProgress: (bytes: number) => void, signal?: AbortSignal) {
  return downloadLog(MOVEMENT_PATHS.exportPdf, filters, onProgress, signal);
}

async function downloadLog(
  path: string,
  filters: MovementFilters,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  try {
    return await http
      .get(apiPath(path), {
        searchParams: movementSearchParams(filters),
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
