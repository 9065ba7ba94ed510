// One JSON error shape for every failure: { success: false, message, code, field? }.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorAnswer, ErrorCodes } from '../../src/api/errors';
import { AppError, TooManyRequestsError } from '../errors';

function answer(code: string, message: string, field?: string): ErrorAnswer {
  return field ? { success: false, code, message, field } : { success: false, code, message };
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(answer(error.code, error.message, error.field));
    }
    // Validation failures (see validation.ts) and Fastify's own 4xx (bad JSON, body too large…).
    if (error.validation || error.code === 'FST_ERR_VALIDATION') {
      const field = (error as FastifyError & { field?: string }).field;
      return reply.status(400).send(answer(ErrorCodes.badRequest, error.message, field));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? ErrorCodes.tooManyRequests : ErrorCodes.badRequest;
      // Content-type parser failures (bad or empty JSON, too large, unsupported type) are about the body.
      const field = error.code?.startsWith('FST_ERR_CTP_') ? 'body' : undefined;
      return reply.status(status).send(answer(code, error.message, field));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(answer(ErrorCodes.internal, 'Ocurrió un error inesperado.'));
  });
});
