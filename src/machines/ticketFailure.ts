// How the request screens word a failed call: the server's own message when it sent one (a refusal, or a
// breakdown it explained), else NETWORK, which the views say as "we could not reach the server".
import { ApiError } from '../services/http';

export const NETWORK = 'network';

export function failureMessage(error: unknown): string {
  // Status 0 is no answer at all (or one that broke the contract); 'HTTP' an answer without our JSON error.
  if (error instanceof ApiError && error.status > 0 && error.code !== 'HTTP' && error.message.trim()) return error.message;
  return NETWORK;
}

/** A request or section that is not the caller's to see, or does not exist. */
export const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);
