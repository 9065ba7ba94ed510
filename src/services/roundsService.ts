// Browser side of rounds (src/api/rounds.ts): the rounds to walk, starting, scanning (without network a scan goes to
// the device's offline queue, dated when it was made, and resolves as queued), finishing, notes; the panel, the
// checkpoints and plans. Every answer is checked against the contract; refusals come back as ApiError.
import { HTTPError } from 'ky';
import {
  CheckpointAnswer,
  type CheckpointRequest,
  CheckpointsAnswer,
  finishRoundPath,
  type NoteRequest,
  PanelAnswer,
  PlanAnswer,
  type PlanRequest,
  PlansAnswer,
  ROUND_PATHS,
  type Round,
  RoundAnswer,
  RoundsAnswer,
  retireCheckpointPath,
  roundNotePath,
  ScanAnswer,
  type ScanRequest,
  startRoundPath,
} from '../api/rounds';
import { ApiError, apiPath, call, http } from './http';
import { enqueue } from './offlineQueue';

/** No answer at all (not a refusal, not a broken answer). */
const noNetwork = (error: unknown) => error instanceof ApiError && error.status === 0 && error.code === 'NETWORK';

export async function fetchRoundsToWalk(signal?: AbortSignal): Promise<Round[]> {
  return (await call(() => http.get(apiPath(ROUND_PATHS.mine), { signal }), RoundsAnswer)).items;
}

/** Starts the round; without network the round is walked all the same (its first scan starts it on the server). */
export async function startRound(round: Round, signal?: AbortSignal): Promise<Round> {
  try {
    return (await call(() => http.post(apiPath(startRoundPath(round.id)), { json: {}, signal }), RoundAnswer)).data;
  } catch (error) {
    if (noNetwork(error) && !signal?.aborted) return { ...round, status: 'walking' };
    throw error;
  }
}

/** A scan kept on the device: the offline queue sends it when the network is back. */
export interface QueuedScan {
  queued: true;
  request: ScanRequest;
}

export type ScanOutcomeOrQueued = ScanAnswer | QueuedScan;

export const scanQueued = (outcome: ScanOutcomeOrQueued): outcome is QueuedScan => 'queued' in outcome;

/** Sends a scan; the same clientId sent twice is recorded once. Without network it is queued instead. */
export async function sendScan(request: ScanRequest, signal?: AbortSignal): Promise<ScanOutcomeOrQueued> {
  const attemptedAt = new Date().toISOString();
  try {
    return await call(() => http.post(apiPath(ROUND_PATHS.scan), { json: request, signal, timeout: 60_000 }), ScanAnswer);
  } catch (error) {
    if (!noNetwork(error) || signal?.aborted) throw error;
    const queued: ScanRequest = { ...request, scannedAt: request.scannedAt ?? attemptedAt, offline: true };
    await enqueue({ clientId: queued.clientId, kind: 'roundScan', path: ROUND_PATHS.scan, body: queued }).catch(() => {
      throw error;
    });
    return { queued: true, request: queued };
  }
}

export async function finishRound(roundId: number, signal?: AbortSignal): Promise<Round> {
  return (await call(() => http.post(apiPath(finishRoundPath(roundId)), { json: {}, signal }), RoundAnswer)).data;
}

export async function addRoundNote(roundId: number, note: NoteRequest, signal?: AbortSignal): Promise<Round> {
  return (await call(() => http.post(apiPath(roundNotePath(roundId)), { json: note, signal }), RoundAnswer)).data;
}

export async function fetchPanel(signal?: AbortSignal): Promise<PanelAnswer> {
  return call(() => http.get(apiPath(ROUND_PATHS.panel), { signal }), PanelAnswer);
}

export async function fetchCheckpoints(signal?: AbortSignal): Promise<CheckpointsAnswer['items']> {
  return (await call(() => http.get(apiPath(ROUND_PATHS.checkpoints), { signal }), CheckpointsAnswer)).items;
}

export async function saveCheckpoint(request: CheckpointRequest, signal?: AbortSignal) {
  return (await call(() => http.post(apiPath(ROUND_PATHS.saveCheckpoint), { json: request, signal }), CheckpointAnswer)).data;
}

export async function retireCheckpoint(id: number, signal?: AbortSignal) {
  return (await call(() => http.post(apiPath(retireCheckpointPath(id)), { json: {}, signal }), CheckpointAnswer)).data;
}

export async function fetchPlans(signal?: AbortSignal): Promise<PlansAnswer['items']> {
  return (await call(() => http.get(apiPath(ROUND_PATHS.plans), { signal }), PlansAnswer)).items;
}

export async function savePlan(request: PlanRequest, signal?: AbortSignal) {
  return (await call(() => http.post(apiPath(ROUND_PATHS.savePlan), { json: request, signal }), PlanAnswer)).data;
}

/** A PDF of the rounds (the sheet of QR codes, the weekly report) as a blob the view saves. */
export async function downloadRoundsPdf(
  path: string,
  searchParams: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Blob> {
  try {
    return await http.get(apiPath(path), { searchParams, signal, timeout: 120_000 }).blob();
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
