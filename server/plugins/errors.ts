// One JSON error shape for every failure: { success: false, message, code, field?, messageId? }. The message
// is worded in the request's language (plugins/language.ts) from the catalogues; messageId names it, so a
// screen that shows its own words for a refusal can tell which one it was in any language.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorAnswer, ErrorCodes } from '../../src/api/errors';
import type { MessageId } from '../../src/i18n/messages';
import { DatabaseUnavailableError } from '../db/unavailable';
import { AppError, type Refusal, TooManyRequestsError } from '../errors';
import { formatMessage } from '../messages';
import { InputError } from './validation';

/** 503 while the database cannot be reached: how long to wait before asking again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own refusals of a request body, by their code. */
const BODY_REFUSALS: Record<string, MessageId> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.body.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.body.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.body.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.body.unsupportedType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.body.badLength',
};

/** Any other 4xx a library gives, by status. */
const STATUS_REFUSALS: Record<number, MessageId> = {
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.notFound.resource',
  409: 'errors.conflict',
  429: 'errors.tooManyRequests',
};

const isWords = (refusal: Refusal): refusal is { text: string } => typeof refusal === 'object' && 'text' in refusal;

function answer(request: FastifyRequest, code: string, refusal: Refusal, field?: string): ErrorAnswer {
  const named = field ? { field } : {};
  if (isWords(refusal)) return { success: false, code, message: refusal.text, ...named };
  const messageId = typeof refusal === 'string' ? refusal : refusal.id;
  let message: string;
  try {
    message = formatMessage(request.language, refusal);
  } catch (error) {
    // A message that cannot be worded (a value missing) must not turn a refusal into a 500.
    request.log.error({ err: error, messageId }, 'refusal message could not be worded');
    message = messageId;
  }
  return { success: false, code, message, ...named, messageId };
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ ...error.details, ...answer(request, error.code, error.refusal, error.field) });
    }
    // Validation failures (see validation.ts) name the field and say what is wrong with it.
    if (error instanceof InputError)
      return reply.status(400).send(answer(request, ErrorCodes.badRequest, error.refusal, error.field));
    if (error.validation || error.code === 'FST_ERR_VALIDATION') {
      return reply.status(400).send(answer(request, ErrorCodes.badRequest, 'errors.badRequest'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? ErrorCodes.tooManyRequests : ErrorCodes.badRequest;
      const bodyRefusal = error.code && Object.hasOwn(BODY_REFUSALS, error.code) ? BODY_REFUSALS[error.code] : undefined;
      // Content-type parser failures (bad or empty JSON, too large, unsupported type) are about the body.
      const field = error.code?.startsWith('FST_ERR_CTP_') ? 'body' : undefined;
      return reply
        .status(status)
        .send(answer(request, code, bodyRefusal ?? STATUS_REFUSALS[status] ?? 'errors.badRequest', field));
    }
    // The pool has logged the outage once; each request it fails is a 503 in the request log.
    if (error instanceof DatabaseUnavailableError) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(answer(request, ErrorCodes.databaseUnavailable, 'errors.unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(answer(request, ErrorCodes.internal, 'errors.internal'));
  });
});
