// Shared input rules and the plain-language description of a superstruct failure, used by the server's
// 400 answers and by any client-side check that reuses a contract struct.
import { coerce, define, integer, object, optional, pattern, refine, type StructError, size, string, trimmed } from 'superstruct';

/** The e-mail shape both sides accept: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const Email = size(pattern(trimmed(string()), EMAIL_PATTERN), 3, 254);

/** A positive integer id; from path parameters it arrives as text, so digits are accepted too. */
export const Id = define<number>('Id', (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0);

export const NonEmpty = (max: number) =>
  refine(size(string(), 1, max), 'NonEmpty', (value) => value.trim().length > 0 || 'must not be blank');

/** A whole number from the querystring (where it is text) within [min, max]. */
export const QueryInteger = (min: number, max: number) =>
  coerce(
    refine(integer(), 'Range', (value) => (value >= min && value <= max) || `must be between ${min} and ${max}`),
    pattern(string(), /^-?\d{1,12}$/),
    Number,
  );

/** ?limit=&offset= of a paged list: limit 1..maxLimit, offset 0 or more; both optional (the route defaults). */
export const PageQueryOf = (maxLimit: number) =>
  object({
    limit: optional(QueryInteger(1, maxLimit)),
    offset: optional(QueryInteger(0, 1_000_000_000)),
  });

export interface FieldFailure {
  field: string;
  message: string;
}

export function describeFailure(error: StructError, part: string): FieldFailure {
  const failure = error.failures()[0] ?? error;
  const field = failure.path.length ? failure.path.join('.') : part;
  let reason: string;
  if (failure.value === undefined) reason = 'is required';
  else if (failure.refinement === 'size') reason = 'has the wrong length';
  else if (failure.refinement === 'pattern') reason = 'has the wrong format';
  else if (failure.type === 'never') reason = 'is not allowed';
  else if (failure.refinement) reason = failure.message.replace(/^.*?-- /, '');
  else reason = `must be ${failure.type === 'Id' ? 'a positive whole number' : `a ${failure.type}`}`;
  return { field, message: `${field} ${reason}` };
}
