// How every machine keeps a failed call: a typed value in its context, never a sentinel string. The view
// that shows it is src/views/common/FailureAlert.tsx; nothing else decides how a failure reads.
import { ApiError } from '../../services/http';

export type CallFailure =
  /** No answer at all, or one that broke the contract: the words are "no connection" (common.network). */
  | { kind: 'network' }
  /** The server answered with its error: its status, its words (already in the reader's language) and their
   * catalogue id. 403/404 are refusals of access, 409 a conflict, 5xx a breakdown the server explained. */
  | { kind: 'refused'; status: number; code: string; message: string; messageId: string | null; field: string | null };

export const NETWORK_FAILURE: CallFailure = { kind: 'network' };

/** The failure an actor's error is. */
export function callFailure(error: unknown): CallFailure {
  // Status 0 is no answer at all (or one that broke the contract); 'HTTP' an answer without our JSON error.
  if (error instanceof ApiError && error.status > 0 && error.code !== 'HTTP' && error.message.trim()) {
    return {
      kind: 'refused',
      status: error.status,
      code: error.code,
      message: error.message,
      messageId: error.messageId ?? null,
      field: error.field ?? null,
    };
  }
  return NETWORK_FAILURE;
}

/** A request or section that is not the caller's to see (403), or does not exist (404). */
export const isAccessRefusal = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);

/** The server's words for a refusal, or null when there was no answer. */
export const refusalMessage = (failure: CallFailure | null): string | null =>
  failure?.kind === 'refused' ? failure.message : null;
