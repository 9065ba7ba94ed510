// Browser side of surveys and votes (src/api/polls.ts): one function per call of POLLS_PATHS. The calls that
// change a poll or cast a vote resolve a 409 as a typed result carrying the poll as it is now (and, for a vote,
// why it was refused), since losing a race or finding the poll closed is expected, not a breakdown.
import { HTTPError } from 'ky';
import type { VoteRefusal } from '../api/pollLifecycle';
import {
  POLLS_PATHS,
  PollAnswer,
  type PollChangeRequest,
  PollConflictAnswer,
  type PollDraft,
  PollListAnswer,
  type PollListFilter,
  PollSavedAnswer,
  PollsHomeAnswer,
  type PollUpdateRequest,
  ReceiptAnswer,
  VoteAnswer,
  type VoteRequest,
} from '../api/polls';
import { ApiError, apiPath, call, http, keepingConflict } from './http';

/** What the list asks for; absent filters are not sent. */
export interface PollListParams {
  fase: PollListFilter;
  sectionId?: number;
  limit: number;
  offset: number;
}

/** A 409 of this area: the server's words, why (a vote refusal, or null for a stale version), the poll now. */
export interface PollConflict {
  kind: 'conflict';
  message: string;
  motivo: VoteRefusal | null;
  answer: PollAnswer;
}

export type VoteResult = { kind: 'voted'; answer: VoteAnswer } | PollConflict;
export type PollChangeResult = { kind: 'changed'; answer: PollAnswer } | PollConflict;
export type PollSaveResult = { kind: 'saved'; answer: PollSavedAnswer } | PollConflict;

export type PollFileKind = 'csv' | 'acta';

export function fetchPollsHome(signal?: AbortSignal): Promise<PollsHomeAnswer> {
  return call(() => http.get(apiPath(POLLS_PATHS.home), { signal }), PollsHomeAnswer);
}

export function fetchPolls(params: PollListParams, signal?: AbortSignal): Promise<PollListAnswer> {
  const searchParams: Record<string, string | number> = { fase: params.fase, limit: params.limit, offset: params.offset };
  if (params.sectionId !== undefined) searchParams.sectionId = params.sectionId;
  return call(() => http.get(apiPath(POLLS_PATHS.list), { searchParams, signal }), PollListAnswer);
}

export function fetchPoll(pollId: number, signal?: AbortSignal): Promise<PollAnswer> {
  return call(() => http.get(apiPath(POLLS_PATHS.poll(pollId)), { signal }), PollAnswer);
}

export function fetchReceipt(pollId: number, codigo: string, signal?: AbortSignal): Promise<ReceiptAnswer> {
  return call(() => http.get(apiPath(POLLS_PATHS.receipt), { searchParams: { pollId, codigo }, signal }), ReceiptAnswer);
}

/** A call whose 409 carries the poll as it is now (PollConflictAnswer) resolves it as a 'conflict' result. */
async function orConflict<T>(request: () => Promise<Response>, read: (request: () => Promise<Response>) => Promise<T>) {
  const kept = keepingConflict(request, PollConflictAnswer);
  try {
    return await read(kept.send);
  } catch (error) {
    const known = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, motivo: known.motivo, answer: known.poll } as const;
    throw error;
  }
}

export function castVote(request: VoteRequest, signal?: AbortSignal): Promise<VoteResult> {
  return orConflict(
    () => http.post(apiPath(POLLS_PATHS.vote), { json: request, signal }),
    async (send) => ({ kind: 'voted', answer: await call(send, VoteAnswer) }) as const,
  );
}

export function changePoll(request: PollChangeRequest, signal?: AbortSignal): Promise<PollChangeResult> {
  return orConflict(
    () => http.post(apiPath(POLLS_PATHS.change), { json: request, signal }),
    async (send) => ({ kind: 'changed', answer: await call(send, PollAnswer) }) as const,
  );
}

export async function createPoll(draft: PollDraft, signal?: AbortSignal): Promise<PollSaveResult> {
  // Up to four attachments travel as data URLs: more time than a plain call.
  const answer = await call(
    () => http.post(apiPath(POLLS_PATHS.create), { json: draft, signal, timeout: 120_000 }),
    PollSavedAnswer,
  );
  return { kind: 'saved', answer };
}

export function updatePoll(request: PollUpdateRequest, signal?: AbortSignal): Promise<PollSaveResult> {
  return orConflict(
    () => http.post(apiPath(POLLS_PATHS.update), { json: request, signal, timeout: 120_000 }),
    // The server answers an edit with the poll as it is now; the editor needs its id and state.
    async (send) => {
      const { poll } = await call(send, PollAnswer);
      return { kind: 'saved', answer: { success: true, PollId: poll.PollId, estado: poll.estado } } as const;
    },
  );
}

/**
 * The result as CSV or the acta as PDF, as a Blob (the request carries the app-token, so a plain link cannot
 * fetch it); `onProgress` hears the share received, 0–1 (0 while the size is unknown).
 */
export async function fetchPollFile(
  kind: PollFileKind,
  pollId: number,
  onProgress: (share: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Blob> {
  const path = kind === 'csv' ? POLLS_PATHS.csv(pollId) : POLLS_PATHS.acta(pollId);
  try {
    return await http.get(apiPath(path), { signal, timeout: 120_000, onDownloadProgress: (p) => onProgress(p.percent) }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) throw new ApiError(error.response.status, 'HTTP', error.message);
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

export { saveBlob } from './saveBlob';
