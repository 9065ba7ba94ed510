// Input checks, all before a handler runs, so a refused request writes nothing and the answer is 400 naming the
// field:
// 1. a JSON body must be UTF-8 (raw bytes that are not, such as a surrogate half written out, are refused
//    rather than silently turned into U+FFFD);
// 2. on every route, with a schema or without, the body, params and querystring must be plain input
//    (PlainInput): no string or key holding text a database does not store as sent (NUL, half a surrogate
//    pair), nothing nested deeper than MAX_NESTING;
// 3. route schemas are the contract's superstruct structs (src/api), compiled into Fastify's validator;
//    coercions in the structs (ids in paths) apply.
// The answer names the field as its screen does (src/api/fieldLabels.ts), in the reader's language
// (plugins/errors.ts).
// Who may call a route at all is decided earlier, in its onRequest hooks, so a caller who may not use it
// learns nothing from its validation. Headers are not walked: the ones the server reads never reach the
// database as text (app-token is hashed, Accept-Language is matched against a list).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { type Struct, validate } from 'superstruct';
import { type ErrorAnswer, ErrorCodes } from '../../src/api/errors';
import { labelsOf } from '../../src/api/fieldLabels';
import { describeFailure, PlainInput } from '../../src/api/validation';
import type { Message, MessageId } from '../../src/i18n/messages';
import { formatMessage } from '../messages';

export class InputError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  readonly validation: { message: string }[];
  constructor(
    readonly refusal: Message,
    readonly field: string,
  ) {
    super(`${field}: ${refusal.id}`);
    this.validation = [{ message: this.message }];
  }
}

/** What a route takes, for tools that walk every route (the fuzz tests). */
export interface RouteInput {
  method: HTTPMethods;
  /** The full path with its prefix, params as :name. */
  url: string;
  body?: Struct<unknown>;
  params?: Struct<unknown>;
  querystring?: Struct<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, with its input structs. */
    inputRoutes: readonly RouteInput[];
  }
}

/** The field says which part of the address. */
export const BAD_URL_MESSAGES = {
  FST_ERR_BAD_URL: 'errors.url.bad',
  FST_ERR_MAX_PARAM_LENGTH: 'errors.url.paramTooLong',
} as const satisfies Record<string, MessageId>;

/**
 * Fastify's router refuses some addresses before any route or hook runs (a broken %-escape, a path parameter
 * over 100 characters). Given as the `frameworkErrors` option, this answers them in the one error shape:
 * 400 naming the part at fault.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const messageId = tooLong ? BAD_URL_MESSAGES.FST_ERR_MAX_PARAM_LENGTH : BAD_URL_MESSAGES.FST_ERR_BAD_URL;
  const answer: ErrorAnswer = {
    success: false,
    code: ErrorCodes.badRequest,
    // The router refuses before the language plugin's hooks, but its getter reads only the request's headers.
    message: formatMessage(request.language ?? 'es', messageId),
    field: tooLong ? 'params' : 'url',
    messageId,
  };
  return reply.status(400).send(answer);
}

const REQUEST_PARTS = ['body', 'params', 'querystring'] as const;

/** Names JavaScript objects already carry, which PlainInput refuses as field names. */
const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
/** NUL, or any UTF-16 surrogate: PlainInput refuses NUL and a lone half; a pair is left to it to tell apart. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const MAYBE_UNSTORABLE = /[\u0000\uD800-\uDFFF]/;

/**
 * Whether a request part is plain input without walking it through PlainInput's three refinements: nothing,
 * or a flat object (what params and a querystring are) of strings, numbers, booleans and nulls whose keys and
 * strings hold neither NUL nor a surrogate. Anything else (a nested body, a surrogate pair in a name) takes the
 * full check, which gives the same answer and, when it refuses, names the field. On a small read the full check
 * of three parts was a twentieth of the server's time (issue 29).
 */
function plainAtAGlance(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    if (RESERVED_NAMES.has(key) || MAYBE_UNSTORABLE.test(key)) return false;
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'string') {
      if (MAYBE_UNSTORABLE.test(inner)) return false;
    } else if (inner !== null && typeof inner !== 'number' && typeof inner !== 'boolean') return false;
  }
  return true;
}

export default fp(async function validation(app: FastifyInstance) {
  const routes: RouteInput[] = [];
  app.decorate('inputRoutes', routes);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Partial<Record<(typeof REQUEST_PARTS)[number], Struct<unknown>>>;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, ...schema });
    }
  });

  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new InputError({ id: 'errors.body.notUtf8' }, 'body'), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { body: request.body, params: request.params, querystring: request.query };
    for (const part of REQUEST_PARTS) {
      const value = parts[part];
      if (plainAtAGlance(value)) continue;
      const [error] = validate(value, PlainInput);
      if (error) {
        const { field, message } = describeFailure(error, part);
        done(new InputError(message, field));
        return;
      }
    }
    done();
  });

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const struct = schema as unknown as Struct<unknown>;
    const part = httpPart ?? 'body';
    const labelOf = labelsOf(struct);
    return (data: unknown) => {
      const [error, value] = validate(data ?? (part === 'body' ? undefined : {}), struct, { coerce: true });
      if (!error) return { value };
      const { field, message } = describeFailure(error, part, labelOf);
      return { error: new InputError(message, field) };
    };
  });
  // Keep our error as it is rather than Fastify's "body/x must …" rewriting.
  app.setSchemaErrorFormatter((errors) => {
    const first = errors[0] as unknown as InputError | undefined;
    return first instanceof InputError ? first : new InputError({ id: 'errors.input.badBody' }, 'body');
  });
});
