// The one error shape every API failure has, on the wire and in the client.
import { type Infer, literal, object, optional, string } from 'superstruct';

export const ErrorCodes = {
  badRequest: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  invalidCredentials: 'INVALID_CREDENTIALS',
  internal: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const ErrorAnswer = object({
  success: literal(false),
  message: string(),
  code: string(),
  /** The request field at fault, for 400s. */
  field: optional(string()),
});
export type ErrorAnswer = Infer<typeof ErrorAnswer>;
