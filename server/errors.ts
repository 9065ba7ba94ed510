// A refusal the server means to give: its HTTP status, the shared error code and what to tell people, as a
// message of the catalogues (src/i18n/<lang>/errors.json and the screens' own areas) that the error handler
// words in the reader's language (server/plugins/errors.ts). Anything else that escapes a handler is a bug
// and answers 500 without details.
import { type ErrorCode, ErrorCodes } from '../src/api/errors';
import type { Message, MessageId } from '../src/i18n/messages';

/**
 * A message id, an id with its values, or words that are not ours to translate (a condominium's own
 * sign-in notice, written by its administrator) and go out as they are.
 */
export type Refusal = MessageId | Message | { text: string };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly refusal: Refusal,
    readonly field?: string,
    /** More of the answer beside the error's fields, e.g. a 409's fresh object (TicketConflictAnswer's
     * `ticket`); it never replaces success, code, message, field or messageId. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    // The id in logs and stack traces; people get the worded message.
    super(typeof refusal === 'string' ? refusal : 'id' in refusal ? refusal.id : refusal.text);
  }
}

export type NotFoundMessage = Extract<MessageId, `errors.notFound.${string}`>;

export const unauthenticated = () => new AppError(401, ErrorCodes.unauthenticated, 'errors.unauthenticated');
export const forbidden = () => new AppError(403, ErrorCodes.forbidden, 'errors.forbidden');
export const notFound = (message: NotFoundMessage = 'errors.notFound.resource') =>
  new AppError(404, ErrorCodes.notFound, message);

/** A rate limit said no: 429 with a Retry-After header (seconds) so well-behaved clients wait. */
export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCodes.tooManyRequests, 'errors.tooManyRequests');
  }
}
