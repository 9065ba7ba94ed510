// Route schemas are the contract's superstruct structs (src/api). A failure answers 400 naming the field,
// before the handler runs, so nothing is written. Coercions in the structs (ids in paths) apply.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Struct, validate } from 'superstruct';
import { describeFailure } from '../../src/api/validation';

export class InputError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  readonly validation: { message: string }[];
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.validation = [{ message }];
  }
}

export default fp(async function validation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const struct = schema as unknown as Struct<unknown>;
    const part = httpPart ?? 'body';
    return (data: unknown) => {
      const [error, value] = validate(data ?? (part === 'body' ? undefined : {}), struct, { coerce: true });
      if (!error) return { value };
      const { field, message } = describeFailure(error, part);
      return { error: new InputError(message, field) };
    };
  });
  // Keep our message as it is rather than Fastify's "body/x must …" rewriting.
  app.setSchemaErrorFormatter((errors) => {
    const first = errors[0] as unknown as InputError | undefined;
    return first instanceof InputError ? first : new InputError('Invalid request', 'body');
  });
});
