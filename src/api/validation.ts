// Shared input rules and the plain-language description of a superstruct failure, used by the server's
// 400 answers (worded in the reader's language from src/i18n/<lang>/errors.json) and by any client-side
// check that reuses a contract struct.
import {
  any,
  define,
  type Failure,
  integer,
  number,
  object,
  optional,
  pattern,
  refine,
  Struct,
  type StructError,
  size,
  string,
  trimmed,
} from 'superstruct';
import type { Message, MessageId } from '../i18n/messages';

/** The e-mail shape both sides accept: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const Email = size(pattern(trimmed(string()), EMAIL_PATTERN), 3, 254);

/**
 * What the database's INTEGER columns hold: 32 bits on PostgreSQL (every integer column of
 * server/db/migrations; none is a bigint). SQLite holds more and is held to the same, so both answer alike.
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** The largest id the database holds: its id columns are 32-bit integers on PostgreSQL. */
export const ID_MAX = INT32_MAX;

/**
 * A whole number within [min, max], by default what an INTEGER column holds; failure kind 'Range' (worded
 * "must be a number between min and max"). 1e308 and 2^53+1 are integers to JavaScript: the bounds refuse them.
 */
export const WholeNumber = (min = INT32_MIN, max = INT32_MAX) =>
  refine(integer(), 'Range', (value) => (value >= min && value <= max) || `must be between ${min} and ${max}`);

/** A count, a number of days or minutes, an amount in cents: 0 up to what its INTEGER column holds. */
export const Count = WholeNumber(0, INT32_MAX);

/**
 * A number a rule of its own checks further (whole, within the range its screen words, e.g. an event's
 * companions), kept by the contract within what an INTEGER column holds so no rule is the last one standing.
 */
export const NumberInColumn = refine(
  number(),
  'Range',
  (value) => (value >= INT32_MIN && value <= INT32_MAX) || `must be between ${INT32_MIN} and ${INT32_MAX}`,
);

/** A positive integer id; from path parameters it arrives as text, so digits are accepted too. */
export const Id = refine(
  define<number>('Id', (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0),
  'Range',
  (value) => value <= ID_MAX || `must be between 1 and ${ID_MAX}`,
);

/**
 * `struct`, taking text that matches `digits` as the number it spells (a path parameter, a querystring field).
 * superstruct's coerce(struct, pattern(string(), digits), Number) does the same but tests the text with is(),
 * which builds a StructError, and its stack trace, for every value it does not take: every absent optional field
 * of every paged read paid that (about 3 % of a signed-in read's CPU, issue 29). A plain test instead.
 */
export function digitsAsNumber<T, S>(struct: Struct<T, S>, digits: RegExp): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    coercer: (value, context) => struct.coercer(typeof value === 'string' && digits.test(value) ? Number(value) : value, context),
  });
}

/** An id in a path (`/polls/:pollId`): digits, read as the number they are. */
export const IdParam = /* @__PURE__ */ digitsAsNumber(Id, /^\d{1,10}$/);

export const NonEmpty = (max: number) =>
  refine(size(string(), 1, max), 'NonEmpty', (value) => value.trim().length > 0 || 'must not be blank');

/**
 * The version of an object a change was made against (optimistic concurrency, DESIGN.md §8): 1 up to what
 * its INTEGER column holds (a version of 1e308 reached PostgreSQL's comparison and answered 500).
 */
export const Version = WholeNumber(1, INT32_MAX);

/** A whole number from the querystring (where it is text) within [min, max]. */
export const QueryInteger = (min: number, max: number) =>
  digitsAsNumber(
    refine(integer(), 'Range', (value) => (value >= min && value <= max) || `must be between ${min} and ${max}`),
    /^-?\d{1,12}$/,
  );

/** ?limit=&offset= of a paged list: limit 1..maxLimit, offset 0 or more; both optional (the route defaults). */
export const PageQueryOf = (maxLimit: number) =>
  object({
    limit: optional(QueryInteger(1, maxLimit)),
    offset: optional(QueryInteger(0, 1_000_000_000)),
  });

/**
 * The calendar years a date or a year of a request may name. Wide enough for any ledger, statement period,
 * pass or meeting the app deals with (the oldest demo movements are two years back), narrow enough that a
 * typo or a hostile number (year 1e308, day 0000-00-00) is refused before it reaches a query or a letter.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day that exists (no 30 February, no month 13) in YYYY-MM-DD, within YEAR_MIN..YEAR_MAX. */
export function isCalendarDate(value: string): boolean {
  const parts = DATE_SHAPE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const CALENDAR_DATE_REASON = `must be a real calendar date (YYYY-MM-DD, years ${YEAR_MIN} to ${YEAR_MAX})`;

/** A YYYY-MM-DD day that exists; failure kind (refinement) 'CalendarDate'. */
export const CalendarDate = refine(string(), 'CalendarDate', (value) => isCalendarDate(value) || CALENDAR_DATE_REASON);

/** The same, or '' where a form sends an empty field and a rule of its own names what is missing. */
export const CalendarDateOrEmpty = refine(
  string(),
  'CalendarDate',
  (value) => value === '' || isCalendarDate(value) || CALENDAR_DATE_REASON,
);

const DATE_TIME_SHAPE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock 'YYYY-MM-DDTHH:mm' (00:00 to 23:59) on a day that exists, within YEAR_MIN..YEAR_MAX. */
export function isCalendarDateTime(value: string): boolean {
  const parts = DATE_TIME_SHAPE.exec(value);
  return parts !== null && isCalendarDate(parts[1]!);
}

/**
 * A wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm', on a day that exists (no 31 February: the
 * server's conversion would carry it into March); failure kind 'CalendarDateTime'. Events, polls and
 * facility closures take it.
 */
export const CalendarDateTime = refine(
  string(),
  'CalendarDateTime',
  (value) => isCalendarDateTime(value) || `must be a real date and time (YYYY-MM-DDTHH:mm, years ${YEAR_MIN} to ${YEAR_MAX})`,
);

const INSTANT_SHAPE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** An ISO-8601 UTC instant as Date.toISOString writes it, on a day that exists, within YEAR_MIN..YEAR_MAX. */
export function isInstant(value: string): boolean {
  const parts = INSTANT_SHAPE.exec(value);
  return parts !== null && isCalendarDate(parts[1]!);
}

/**
 * An instant a device recorded (the gate's offline movements): 'YYYY-MM-DDTHH:mm:ss.sssZ' on a day that
 * exists (Date.parse alone takes 30 February); failure kind 'Instant'.
 */
export const Instant = refine(string(), 'Instant', (value) => isInstant(value) || 'must be a real instant (ISO-8601 UTC)');

const MONTH_SHAPE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar month 'YYYY-MM' within YEAR_MIN..YEAR_MAX (a period of late fees); failure kind 'CalendarMonth'. */
export const CalendarMonth = refine(string(), 'CalendarMonth', (value) => {
  const year = Number(MONTH_SHAPE.exec(value)?.[1]);
  return (year >= YEAR_MIN && year <= YEAR_MAX) || `must be a month (YYYY-MM, years ${YEAR_MIN} to ${YEAR_MAX})`;
});

/** The end of YEAR_MAX in milliseconds since 1970 (UTC). */
export const EPOCH_MS_MAX = Date.UTC(YEAR_MAX + 1, 0, 1);

/**
 * A moment as milliseconds since 1970 that a browser gives (a push subscription's expirationTime): 0 to the
 * end of YEAR_MAX, above what an INTEGER column holds on purpose (it is never kept in one); failure 'Range'.
 */
export const EpochMilliseconds = refine(
  number(),
  'Range',
  (value) => (value >= 0 && value <= EPOCH_MS_MAX) || `must be between 0 and ${EPOCH_MS_MAX}`,
);

/** A whole year within YEAR_MIN..YEAR_MAX; failure kind 'CalendarYear'. */
export const CalendarYear = refine(
  integer(),
  'CalendarYear',
  (value) => (value >= YEAR_MIN && value <= YEAR_MAX) || `must be a year from ${YEAR_MIN} to ${YEAR_MAX}`,
);

/**
 * Text no database keeps as it was sent: a NUL character (PostgreSQL refuses it, SQLite stores it) or half of
 * a UTF-16 surrogate pair (both store U+FFFD instead). Raw bytes that are not UTF-8 never get this far: the
 * server refuses such a body before parsing it.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const hasUnstorableCharacter = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A field name fit to show: its unstorable characters written as \uXXXX escapes. */
const printable = (key: string) => key.replaceAll('\u0000', escaped('\u0000')).replace(LONE_SURROGATES, escaped);

/** How deep a request may nest objects and arrays: the deepest contract struct is 3 levels. */
export const MAX_NESTING = 16;

/**
 * Names no request field has, that JavaScript objects already carry (toString, valueOf, constructor…): a body
 * that sets them breaks code that prints or inspects a value, the structs' own messages included.
 */
const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

export type InputProblem = 'NestingDepth' | 'FieldName' | 'StorableText';

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
  depth: number;
}

const pathOf = (visit: Visit): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) {
    path.push(typeof at.key === 'string' ? printable(at.key) : at.key);
  }
  return path.reverse();
};

/**
 * The first problem of one kind in a request part (a body, the params, the querystring), with its path and the
 * offending value; null when there is none. Walked without recursion, so a body nested a hundred thousand
 * levels deep is answered, not a stack overflow.
 */
export function inputProblemAt(root: unknown, kind: InputProblem): { path: (string | number)[]; value: unknown } | null {
  const stack: Visit[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (typeof value === 'string') {
      if (kind === 'StorableText' && hasUnstorableCharacter(value)) return { path: pathOf(visit), value };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (kind === 'NestingDepth' && visit.depth >= MAX_NESTING) return { path: pathOf(visit), value };
    const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
    const children = entries.map(([key, inner]) => ({ value: inner, key, parent: visit, depth: visit.depth + 1 }));
    for (const child of children) {
      if (typeof child.key !== 'string') continue;
      const bad =
        (kind === 'FieldName' && RESERVED_NAMES.has(child.key)) || (kind === 'StorableText' && hasUnstorableCharacter(child.key));
      if (bad) return { path: pathOf(child), value: child.key };
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

const INPUT_PROBLEM_REASONS: Record<InputProblem, string> = {
  NestingDepth: 'is nested too deeply',
  FieldName: 'is a reserved name',
  StorableText: 'must not contain a NUL character or half of a surrogate pair',
};

/** A refinement whose failure kind is the problem's name, reported at the problem's own path. */
const refuse = <T, S>(struct: Struct<T, S>, kind: InputProblem) =>
  refine(struct, kind, (value, context) => {
    const found = inputProblemAt(value, kind);
    if (!found) return true;
    const path = [...context.path, ...found.path];
    return { path, key: path[path.length - 1], value: found.value, message: INPUT_PROBLEM_REASONS[kind] };
  });

/**
 * Any value (a whole body, the params, the querystring) that is plain input, checked in this order: nested at
 * most MAX_NESTING levels ('NestingDepth': deeper input would overflow the stack of code that prints it), no
 * key named like a built-in property ('FieldName'), every string and key storable as sent ('StorableText').
 */
export const PlainInput = refuse(refuse(refuse(any(), 'NestingDepth'), 'FieldName'), 'StorableText');

export interface FieldFailure {
  /** The failing field's path in the request ("adjuntos.0.dataUrl"), or the part itself ("body"). */
  field: string;
  /** What is wrong, as a catalogue message naming the field as its screen does (src/i18n/<lang>/errors.json). */
  message: Message;
}

/** The numbers superstruct writes between backticks in its messages ("between `1` and `120`"). */
const quotedNumbers = (message: string) => [...message.matchAll(/`(-?\d+(?:\.\d+)?)`/g)].map((m) => Number(m[1]));

/** size(): for text its length, for lists how many items, for numbers the range. */
function sizeMessage(value: unknown, message: string): [MessageId, Record<string, number>] {
  // "between `1` and `120` but received `130`" gives both bounds; "of `10` but received `3`" one size.
  const numbers = quotedNumbers(message);
  const [min = 0, max = min] = /between/.test(message) ? numbers : numbers.slice(0, 1);
  if (typeof value === 'string') {
    if (value.length === 0) return ['errors.input.required', {}];
    if (min === max) return ['errors.input.exactLength', { length: min }];
    return value.length > max ? ['errors.input.tooLong', { max }] : ['errors.input.tooShort', { min }];
  }
  if (Array.isArray(value)) return ['errors.input.items', { min, max }];
  return ['errors.input.range', { min, max }];
}

/** Failures by the refinement or type that gave them (refinements first: they are the more precise). */
function reasonOf(failure: Failure): [MessageId, Record<string, number>] {
  const { value, message } = failure;
  if (value === undefined || value === null) return ['errors.input.required', {}];
  switch (failure.refinement) {
    case 'size':
      return sizeMessage(value, message);
    case 'pattern':
      return typeof value === 'string' && value.trim() === '' ? ['errors.input.required', {}] : ['errors.input.format', {}];
    case 'NonEmpty':
      return ['errors.input.blank', {}];
    case 'Range': {
      const [, min = 0, max = 0] = /(-?\d+) and (-?\d+)/.exec(message)?.map(Number) ?? [];
      return ['errors.input.range', { min, max }];
    }
    case 'min':
      return ['errors.input.atLeast', { min: Number(/than (?:or equal to )?(-?[\d.]+)/.exec(message)?.[1] ?? 0) }];
    case 'max':
      return ['errors.input.atMost', { max: Number(/than (?:or equal to )?(-?[\d.]+)/.exec(message)?.[1] ?? 0) }];
  }
  // Shared refinements and types by name (refine(…, 'Text', …) or define('Text', …) alike).
  switch (failure.refinement ?? failure.type) {
    case 'StorableText':
      return ['errors.input.badCharacters', {}];
    case 'NestingDepth':
      return ['errors.input.nesting', {}];
    case 'FieldName':
      return ['errors.input.reservedName', {}];
    case 'CalendarDate':
    case 'CalendarMonth':
      return ['errors.input.calendarDate', {}];
    case 'CalendarDateTime':
    case 'Instant':
      return ['errors.input.calendarDateTime', {}];
    case 'CalendarYear':
      return ['errors.input.year', {}];
    case 'AmountTooLarge':
      return ['errors.input.amountTooLarge', {}];
    case 'Id':
      return ['errors.input.id', {}];
    case 'never':
      return ['errors.input.notAllowed', {}];
    case 'enums':
    case 'literal':
      return ['errors.input.choice', {}];
    case 'integer':
      return ['errors.input.wholeNumber', {}];
    case 'number':
      return ['errors.input.number', {}];
    case 'string':
      return ['errors.input.text', {}];
    case 'boolean':
      return ['errors.input.yesNo', {}];
    case 'array':
      return ['errors.input.list', {}];
    case 'object':
    case 'type':
      return ['errors.input.object', {}];
    default:
      return ['errors.input.invalid', {}];
  }
}

/**
 * The first failure, said plainly: which field (its path) and what is wrong with it, naming the field as
 * its screen does (labelOf, see fieldLabels.ts) or by its path when no screen shows it.
 */
export function describeFailure(
  error: StructError,
  part: string,
  labelOf: (field: string) => MessageId | undefined = () => undefined,
): FieldFailure {
  const failure = error.failures()[0] ?? error;
  // The whole part failed: missing, or not the object a request is; a shared rule applied to a bare value
  // (CalendarDate of one field checked on its own) is worded as that rule, naming the part.
  const whole = failure.path.length === 0;
  if (whole && (failure.value === undefined || !failure.refinement)) {
    const id = failure.value === undefined ? 'errors.input.missingBody' : 'errors.input.badBody';
    return { field: part, message: { id } };
  }
  if (whole) {
    const [id, values] = reasonOf(failure);
    return { field: part, message: { id, values: { field: part, ...values } } };
  }
  // An empty key ("": 1 in a body) is named as written, so the answer still names a field.
  const field = failure.path.map((key) => (key === '' ? '""' : key)).join('.');
  const named = failure.path.find((segment): segment is string => typeof segment === 'string');
  const label = named === undefined ? undefined : labelOf(named);
  const [id, values] = reasonOf(failure);
  return { field, message: { id, values: { field: label ? { id: label } : field, ...values } } };
}
