// The one error shape every API failure has, on the wire and in the client.
import { type Infer, literal, optional, string, type } from 'superstruct';

export const ErrorCodes = {
  badRequest: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** 403: the condominium's active privacy notice waits for this member's acceptance (spec §4); the
   * browser answers it by showing the notice. */
  privacyNoticePending: 'PRIVACY_NOTICE_PENDING',
  internal: 'INTERNAL',
  /** 503 with Retry-After: the database cannot be reached right now; the same request may succeed later. */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  /** The server is shutting down (another instance answers the retry). */
  unavailable: 'UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Read leniently (superstruct's type(): other properties are ignored), so a property added later never
 * turns a refusal into an unreadable answer for a page loaded before it. */
export const ErrorAnswer = type({
  success: literal(false),
  /** In the reader's language: the signed-in user's, else the request's Accept-Language, else Spanish. */
  message: string(),
  code: string(),
  /** The request field at fault, for 400s: its path in the request ("adjuntos.0"). */
  field: optional(string()),
  /** The catalogue id of the message (src/i18n), the same in every language; absent for words that are
   * not ours (a condominium's own sign-in notice). */
  messageId: optional(string()),
});
export type ErrorAnswer = Infer<typeof ErrorAnswer>;
