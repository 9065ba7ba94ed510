// fast-check arbitraries for request parts, read from the contract's superstruct structs. Three kinds of value:
// - valid: each field one of the known values its struct accepts, so the request reaches the handler and the
//   database (and, before the input checks, a NUL in a name reached PostgreSQL);
// - valid but for one thing: one field (at any depth) replaced by what a hostile or broken client sends: its
//   own text with a NUL or half a surrogate pair in it, an impossible date, 1e308, a wrong type, a deep nest,
//   a key every JavaScript object already has;
// - noise: any shape at all.
import fc from 'fast-check';
import { type Struct, validate } from 'superstruct';

type AnyStruct = Struct<unknown, unknown>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Text the demo data and the contract know: dates (real and not), hours, codes, e-mails, tokens, ids. */
const KNOWN_TEXT = [
  '',
  ' ',
  'a',
  'Julia Ramos',
  'Avisos',
  day(0),
  day(1),
  day(7),
  day(30),
  day(-400),
  '2024-02-29',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '2100-12-31',
  '1899-12-31',
  '2025-13-01',
  '2026-02-29',
  '2100-13-01',
  `${day(1)}T10:00`,
  '2027-02-31T10:00',
  new Date(Date.now() + 3_600_000).toISOString(),
  '2027-02-30T10:00:00.000Z',
  '09:00',
  '10:00',
  '11:00',
  '18:30',
  '23:59',
  '24:00',
  'A',
  'I',
  'B',
  'R',
  'Y',
  'N',
  'EN',
  'SA',
  'IC',
  'es',
  'en',
  'fr',
  'pie',
  'auto',
  'temporal',
  'domestico',
  'infante',
  'agendar',
  'llamar',
  'whatsapp',
  'llamada',
  'contact',
  'access',
  'normal',
  'por-pagina',
  'pdf',
  'DetIng',
  'IngEg',
  'Morosos',
  'Bancos',
  'lunes',
  '0',
  '1',
  '2',
  '3',
  '5',
  '8',
  '12',
  '42',
  '101',
  '250',
  '-1',
  '1e308',
  '5512345678',
  '33 1234 5678',
  'ABC-123',
  'ana@correo.mx',
  // A device's UUID, the SAT's test RFC, a postal code: what a gate movement and an issuer need to get through.
  '0f4e7c2a-9b1d-4c3e-8a5f-6d2b1e0c9a87',
  'EKU9003173C9',
  '45110',
  'admin@demo.mx',
  'palmas',
  'bosque',
  'demo-evento',
  'demo-usuario',
  'demo-condominio',
  'DEMO-PASE-001',
  'Demo12345',
  '100.50',
  '0,5',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'x'.repeat(200),
  // Names every JavaScript object already has.
  'toString',
  'valueOf',
  'constructor',
  '__proto__',
  'hasOwnProperty',
];

const KNOWN_NUMBERS = [0, 1, 2, 3, 5, 8, 12, 20, 101, 250, 2024, 2025, 2026, -1, 1.5, 2 ** 31, 1e308];
const KNOWN_OTHER = [true, false, null];

/** What the database cannot keep as sent, put into otherwise ordinary text. */
const UNSTORABLE = ['\u0000', 'a\u0000', '\ud800', '\udfff', '\udc00x', 'x\ud83d'];

const knownText = fc.constantFrom(...KNOWN_TEXT);

/** The text with an unstorable character put in somewhere. */
const spoilt = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.constantFrom(...UNSTORABLE), fc.nat()).map(([value, bad, at]) => {
    const i = value.length ? at % (value.length + 1) : 0;
    return value.slice(0, i) + bad + value.slice(i);
  });

export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: knownText },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: spoilt(knownText) },
);

export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -2, max: 320 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1.5,
      1899,
      1900,
      2100,
      2101,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 1,
      1e21,
      1e308,
      -1e308,
      5e-324,
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

function nest(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** An object with one own property, whatever its name (__proto__ included). */
function withKey(key: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, key, { value, enumerable: true, writable: true });
  return object;
}

/** Any JSON value, now and then very deep, or with an unstorable or built-in key. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 17, max: 3000 }).map(nest) },
  { weight: 1, arbitrary: fc.tuple(spoilt(knownText), anyText).map(([key, value]) => withKey(key, value)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('toString', 'valueOf', '__proto__'), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]) => withKey(key, value)),
  },
);

const accepts = (struct: AnyStruct, value: unknown) => validate(value, struct, { coerce: true })[0] === undefined;

/** The known values a struct accepts, e.g. the dates for a date field, the codes of an enum. */
function acceptedKnown(struct: AnyStruct): unknown[] {
  return [...KNOWN_TEXT, ...KNOWN_NUMBERS, ...KNOWN_OTHER].filter((value) => accepts(struct, value));
}

/**
 * A value the struct accepts, as far as known values can make one; `complete`: every optional field there (a
 * field the fuzz sets must not vanish with a parent left out).
 */
export function validValue(struct: AnyStruct, complete = false): fc.Arbitrary<unknown> {
  const schema = struct.schema as unknown;
  if (struct.type === 'object' || struct.type === 'type') {
    const entries = Object.entries(schema as Record<string, AnyStruct>);
    const fields = entries.map(([key, inner]) => {
      // Optional fields are left out now and then.
      const value = validValue(inner, complete);
      return [key, accepts(inner, undefined) && !complete ? fc.option(value, { nil: undefined, freq: 4 }) : value] as const;
    });
    return fc
      .record(Object.fromEntries(fields))
      .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
  }
  if (struct.type === 'array') {
    const items = fc.array(validValue(schema as AnyStruct, complete), { minLength: 1, maxLength: 3 });
    return items.map((value) => (accepts(struct, value) ? value : []));
  }
  const known = acceptedKnown(struct);
  return known.length ? fc.constantFrom(...known) : shapedValue(struct);
}

/** What a hostile or broken client puts where a value was. */
function hostile(original: unknown): fc.Arbitrary<unknown> {
  const text = typeof original === 'string' ? fc.constant(original) : knownText;
  return fc.oneof(
    { weight: 5, arbitrary: spoilt(text) },
    { weight: 2, arbitrary: anyText },
    { weight: 2, arbitrary: anyNumber },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: anyJson },
  );
}

/** The value with one part (chosen by `choices`, at any depth) replaced, or a key added. */
function breakOne(value: unknown, choices: number[], replacement: unknown, extraKey: string): unknown {
  if (value === null || typeof value !== 'object') return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  const [choice = 0, ...rest] = choices;
  if (keys.length === 0 || choice % 7 === 6) {
    Object.defineProperty(copy, extraKey, { value: replacement, enumerable: true, writable: true });
    return copy;
  }
  const key = keys[choice % keys.length]!;
  const inner = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] =
    rest.length && inner !== null && typeof inner === 'object' ? breakOne(inner, rest, replacement, extraKey) : replacement;
  return copy;
}

/** A value for the struct: valid, valid but for one thing, or noise. */
export function valueFor(struct: AnyStruct | undefined): fc.Arbitrary<unknown> {
  if (!struct) return anyJson;
  const valid = validValue(struct);
  const broken = fc
    .tuple(valid, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), anyText)
    .chain(([value, choices, extraKey]) => hostile(pick(value, choices)).map((bad) => breakOne(value, choices, bad, extraKey)));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 6, arbitrary: broken },
    { weight: 2, arbitrary: noisyValue(struct) },
  );
}

/** The part breakOne would replace, so a hostile value can start from it. */
function pick(value: unknown, choices: number[]): unknown {
  let at = value;
  for (const choice of choices) {
    if (at === null || typeof at !== 'object') break;
    const keys = Object.keys(at);
    if (!keys.length) break;
    at = (at as Record<string, unknown>)[keys[choice % keys.length]!];
  }
  return at;
}

/** Shaped like the struct, each part drawn loosely (mostly wrong), sometimes null or any JSON. */
function noisyValue(struct: AnyStruct | undefined): fc.Arbitrary<unknown> {
  const shaped = struct ? shapedValue(struct) : anyJson;
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: anyJson },
  );
}

function shapedValue(struct: AnyStruct): fc.Arbitrary<unknown> {
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'object':
    case 'type': {
      const fields = Object.entries(schema as Record<string, AnyStruct>).map(([key, inner]) => [key, noisyValue(inner)]);
      return fc.record(Object.fromEntries(fields), { requiredKeys: [] });
    }
    case 'array':
      return fc.array(noisyValue(schema as AnyStruct | undefined), { maxLength: 4 });
    case 'enums':
      return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...Object.values(schema as object)) }, anyText);
    case 'literal':
      return fc.constant(schema);
    case 'string':
      return anyText;
    case 'number':
    case 'integer':
    case 'Id':
      return anyNumber;
    case 'boolean':
      return fc.boolean();
    default:
      return anyJson;
  }
}

// ── Meaning: numbers no column holds, days no calendar has ──────────────────────────────────────────────────

/**
 * What no INTEGER column holds (32-bit on PostgreSQL: every integer column of server/db/migrations) or no
 * safe integer is at all (2^53+1 is read as 2^53), and -1, which no id, count, version or amount of the
 * contract takes (a field refusing it refuses -2^31-1 too: the ranges are intervals).
 */
export const OUT_OF_RANGE_NUMBERS = [2 ** 31, 2 ** 53 + 1, 1e308, -1];

/** The kinds of date text a field takes, a valid example of each, and the impossible ones sent to it. */
const DATE_KINDS = {
  date: { valid: ['2027-02-28', '2028-02-29', day(1)], impossible: ['2027-02-30', '2026-02-29', '2100-13-01'] },
  dateTime: {
    valid: ['2027-02-28T10:00', `${day(1)}T10:00`],
    impossible: ['2027-02-31T10:00', '2027-02-30T08:00', '2026-02-29T10:00', '2100-13-01T10:00'],
  },
  instant: {
    valid: ['2027-02-28T10:00:00.000Z', new Date().toISOString()],
    impossible: ['2027-02-30T10:00:00.000Z', '2026-02-29T10:00:00.000Z', '2027-02-28T24:00:00.000Z'],
  },
  month: { valid: ['2027-02', day(0).slice(0, 7)], impossible: ['2027-13', '2027-00', '9999-12'] },
} as const;
type DateKind = keyof typeof DATE_KINDS;

/**
 * Text a field of codes takes (a zip, a phone, a token, a subdomain) that a date field does not: a field that
 * takes a date and none of these is a date field, whatever its struct (a loose pattern, a shared date struct).
 */
const NOT_DATES = ['Julia Ramos', '12345', '5512345678', 'abc123', 'demo-condominio', 'ABC-123', 'a'.repeat(32)];

/** A field of a request part: its path there and its struct. */
export interface Leaf {
  path: (string | number)[];
  struct: AnyStruct;
}

/** The fields of a struct down to its leaves (objects by key, lists by their first item). */
export function leavesOf(struct: AnyStruct | undefined, path: (string | number)[] = [], into: Leaf[] = []): Leaf[] {
  if (!struct) return into;
  const schema = struct.schema as unknown;
  if ((struct.type === 'object' || struct.type === 'type') && schema) {
    for (const [key, inner] of Object.entries(schema as Record<string, AnyStruct>)) leavesOf(inner, [...path, key], into);
  } else if (struct.type === 'array' && schema) {
    leavesOf(schema as AnyStruct, [...path, 0], into);
  } else {
    into.push({ path, struct });
  }
  return into;
}

/** What a field means, read from what it accepts: a whole number, a kind of date, or neither. */
export function meaningOf(struct: AnyStruct): 'integer' | DateKind | null {
  const takes = (value: unknown) => accepts(struct, value);
  if ([1, '1', 5, '5', 2024, '2024'].some(takes) && !takes('abc') && !takes(true)) return 'integer';
  if (NOT_DATES.some(takes)) return null;
  const kind = (Object.keys(DATE_KINDS) as DateKind[]).find((k) => DATE_KINDS[k].valid.some(takes));
  return kind ?? null;
}

/** The values sent to a field of that meaning, each of which it must refuse. */
export function meaninglessFor(meaning: 'integer' | DateKind): readonly unknown[] {
  return meaning === 'integer' ? OUT_OF_RANGE_NUMBERS : DATE_KINDS[meaning].impossible;
}

/**
 * A whole-number field bounded on purpose above what a column holds (it takes 2^31 and refuses 2^52): a CFDI
 * concept's price, whose amounts are checked as sums, not stored as sent (issue 33, item 4). It still gets
 * 2^31, but only a 5xx to it is a failure; an unbounded field takes 2^52 too and must refuse 2^31.
 */
export const boundAboveAColumn = (struct: AnyStruct) => accepts(struct, 2 ** 31) && !accepts(struct, 2 ** 52);

/** The value with the part at `path` set (missing objects and lists on the way made). */
export function setAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (
    Array.isArray(value)
      ? [...value]
      : value !== null && typeof value === 'object'
        ? { ...value }
        : typeof key === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>;
  copy[key] = setAt(copy[key], rest, replacement);
  return copy;
}

/** Text for a path parameter or a query field (everything arrives as text there): valid or hostile. */
export function textFor(struct: AnyStruct | undefined): fc.Arbitrary<string> {
  const known = struct ? acceptedKnown(struct).filter((value): value is string => typeof value === 'string') : [];
  const valid = known.length ? fc.constantFrom(...known) : knownText;
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 2, arbitrary: spoilt(valid) },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: anyNumber.map(String) },
  );
}

/** Every string and key in a value (what a request part carries). */
export function textsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) textsIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      textsIn(item, into);
    }
  }
  return into;
}

/**
 * The request holds text no database keeps as sent (a NUL, half a surrogate pair, raw bytes that are not
 * UTF-8), judged by the platform's own String.isWellFormed and TextDecoder, not by the server's check.
 */
export function sendsUnstorable(texts: readonly string[], raw: Buffer | null): boolean {
  const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();
  if (texts.some((text) => text.includes('\u0000') || !wellFormed(text))) return true;
  if (!raw) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(raw);
    return false;
  } catch {
    return true;
  }
}

/** A path or query part, percent-encoded; halves of surrogate pairs as the bytes a WTF-8 client would send. */
export function encodePart(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
