// A refusal the server means to give: its HTTP status, the shared error code and a message for people.
// Anything else that escapes a handler is a bug and answers 500 without details.
import { type ErrorCode, ErrorCodes } from '../src/api/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(401, ErrorCodes.unauthenticated, 'Inicia sesión para continuar.');
export const forbidden = () => new AppError(403, ErrorCodes.forbidden, 'No tienes permiso para esta acción.');
export const notFound = (what = 'El recurso') => new AppError(404, ErrorCodes.notFound, `${what} no existe.`);

/** A rate limit said no: 429 with a Retry-After header (seconds) so well-behaved clients wait. */
export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCodes.tooManyRequests, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  }
}
