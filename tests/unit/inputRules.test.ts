// The shared input rules of src/api/validation.ts that both sides use: calendar dates, date-times, instants,
// months and years, whole numbers and ids within the database's range, and plain input (no unstorable text, no built-in names, bounded nesting), with the
// failure kinds and fields describeFailure reports.
import { type Struct, validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  CalendarDate,
  CalendarDateOrEmpty,
  CalendarDateTime,
  CalendarMonth,
  CalendarYear,
  Count,
  describeFailure,
  ID_MAX,
  Id,
  INT32_MAX,
  Instant,
  inputProblemAt,
  isCalendarDate,
  isCalendarDateTime,
  isInstant,
  MAX_NESTING,
  NumberInColumn,
  PlainInput,
  Version,
  YEAR_MAX,
  YEAR_MIN,
} from '../../src/api/validation';

const failureOf = <T, S>(value: unknown, struct: Struct<T, S>, part = 'body') => {
  const [error] = validate(value, struct, { coerce: true });
  if (!error) return null;
  const { field, message } = describeFailure(error, part);
  return { kind: error.failures()[0]!.refinement ?? error.failures()[0]!.type, field, message };
};

describe('calendar dates', () => {
  it.each(['2024-02-29', '2000-02-29', '2026-12-31', `${YEAR_MIN}-01-01`, `${YEAR_MAX}-12-31`, '2026-04-30'])(
    '%s is a day that exists',
    (date) => expect(isCalendarDate(date)).toBe(true),
  );

  it.each([
    '2026-02-30',
    '2025-02-29',
    '1900-02-29',
    '2026-04-31',
    '0000-00-00',
    '2026-00-10',
    '2026-13-01',
    '2026-01-00',
    '1899-12-31',
    '2101-01-01',
    '2026-1-01',
    '2026-01-01T00:00',
    ' 2026-01-01',
    '',
  ])('%s is not', (date) => expect(isCalendarDate(date)).toBe(false));

  it("fails as 'CalendarDate', naming the field", () => {
    const failure = failureOf('2026-02-30', CalendarDate, 'fechaInicio');
    expect(failure).toMatchObject({ kind: 'CalendarDate', field: 'fechaInicio' });
    // No screen label given here: the field is named by its path.
    expect(failure!.message).toEqual({ id: 'errors.input.calendarDate', values: { field: 'fechaInicio' } });
    expect(failureOf('', CalendarDateOrEmpty)).toBeNull();
    expect(failureOf('2026-02-30', CalendarDateOrEmpty)).toMatchObject({ kind: 'CalendarDate' });
  });

  it("years: whole, within the range; 1e308 fails as 'CalendarYear'", () => {
    expect(failureOf(2026, CalendarYear)).toBeNull();
    expect(failureOf(1e308, CalendarYear, 'year')).toMatchObject({ kind: 'CalendarYear', field: 'year' });
    expect(failureOf(YEAR_MAX + 1, CalendarYear)).toMatchObject({ kind: 'CalendarYear' });
    expect(failureOf(2025.5, CalendarYear)).toMatchObject({ kind: 'integer' });
  });
});

describe('calendar date-times and instants (issue 33: 2027-02-31T10:00 was stored as 3 March)', () => {
  it.each(['2027-02-28T10:00', '2028-02-29T00:00', '2000-02-29T23:59', `${YEAR_MIN}-01-01T00:00`, `${YEAR_MAX}-12-31T23:59`])(
    '%s is a wall clock that exists',
    (value) => expect(isCalendarDateTime(value)).toBe(true),
  );

  it.each([
    '2027-02-31T10:00',
    '2027-02-30T08:00',
    '2026-02-29T10:00',
    '1900-02-29T10:00',
    '2100-13-01T10:00',
    '2026-04-31T10:00',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2101-01-01T00:00',
    '2026-01-01 10:00',
    '2026-01-01T10:00:00',
    '2026-01-01',
  ])('%s is not', (value) => expect(isCalendarDateTime(value)).toBe(false));

  it.each(['2027-02-28T10:00:00.000Z', '2028-02-29T23:59:59.999Z', new Date(0).toISOString()])('%s is an instant', (value) =>
    expect(isInstant(value)).toBe(true),
  );

  // Date.parse alone takes the first two (it rolls 30 February over into March).
  it.each([
    '2027-02-30T10:00:00.000Z',
    '2026-02-29T10:00:00.000Z',
    '2027-02-28T24:00:00.000Z',
    '2027-02-28T10:00:00Z',
    '2027-02-28T10:00',
  ])('%s is not', (value) => expect(isInstant(value)).toBe(false));

  it("fail as 'CalendarDateTime' and 'Instant', worded as a date or time, naming the field", () => {
    const failure = failureOf('2027-02-31T10:00', CalendarDateTime, 'inicio');
    expect(failure).toMatchObject({ kind: 'CalendarDateTime', field: 'inicio' });
    expect(failure!.message).toEqual({ id: 'errors.input.calendarDateTime', values: { field: 'inicio' } });
    expect(failureOf('2027-02-30T10:00:00.000Z', Instant, 'occurredAt')).toMatchObject({ kind: 'Instant', field: 'occurredAt' });
    expect(failureOf('2027-02-28T10:00', CalendarDateTime)).toBeNull();
  });

  it('months: YYYY-MM within the years a date may name', () => {
    expect(failureOf('2027-02', CalendarMonth)).toBeNull();
    for (const month of ['9999-12', '2027-13', '2027-00', '1899-12', '2027-2']) {
      expect(failureOf(month, CalendarMonth, 'periodo'), month).toMatchObject({ kind: 'CalendarMonth', field: 'periodo' });
    }
  });
});

describe('whole numbers within what an INTEGER column holds (issue 33: 500 on PostgreSQL)', () => {
  it.each([2 ** 31, 2 ** 53 + 1, 1e308])('a version of %s is refused as out of range', (value) => {
    expect(failureOf(value, Version, 'version')).toMatchObject({
      kind: 'Range',
      field: 'version',
      message: { id: 'errors.input.range', values: { field: 'version', min: 1, max: INT32_MAX } },
    });
  });

  it('takes the ends of the range and nothing past them', () => {
    expect(failureOf(1, Version)).toBeNull();
    expect(failureOf(INT32_MAX, Version)).toBeNull();
    expect(failureOf(0, Version)).toMatchObject({ kind: 'Range' });
    expect(failureOf(0, Count)).toBeNull();
    expect(failureOf(-1, Count)).toMatchObject({ kind: 'Range' });
    expect(failureOf(1.5, Count)).toMatchObject({ kind: 'integer' });
    // A number whose own rule says which whole numbers it takes: only what no column holds is refused here.
    expect(failureOf(1.5, NumberInColumn)).toBeNull();
    expect(failureOf(1e308, NumberInColumn, 'acompanantes')).toMatchObject({ kind: 'Range', field: 'acompanantes' });
  });
});

describe('ids', () => {
  it('fit the database: 1..2147483647', () => {
    expect(failureOf(ID_MAX, Id)).toBeNull();
    expect(failureOf(ID_MAX + 1, Id, 'id')).toMatchObject({ kind: 'Range', field: 'id' });
    expect(failureOf(0, Id)).toMatchObject({ kind: 'Id' });
  });
});

describe('plain input', () => {
  it('names the path of a NUL or half a surrogate pair, in values and in keys', () => {
    expect(inputProblemAt({ a: [{ b: 'x\u0000' }] }, 'StorableText')?.path).toEqual(['a', 0, 'b']);
    expect(inputProblemAt({ a: 'ok', b: '\ud800' }, 'StorableText')?.path).toEqual(['b']);
    expect(inputProblemAt({ a: 'x\udc00' }, 'StorableText')?.path).toEqual(['a']);
    expect(inputProblemAt({ a: { 'k\u0000': 1 } }, 'StorableText')?.path).toEqual(['a', 'k\\u0000']);
    expect(inputProblemAt({ a: 'Vecino 😀', b: ['\ud83d\ude00'] }, 'StorableText')).toBeNull();
  });

  it('finds keys every object already has, and nesting deeper than the limit', () => {
    const own = JSON.parse('{"a":{"toString":1}}');
    expect(inputProblemAt(own, 'FieldName')?.path).toEqual(['a', 'toString']);
    expect(inputProblemAt({ toStringy: 1 }, 'FieldName')).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblemAt(deep, 'NestingDepth')?.path).toHaveLength(MAX_NESTING);
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_NESTING; i++) fine = [fine];
    expect(inputProblemAt(fine, 'NestingDepth')).toBeNull();
  });

  it('fails with the kind of the first problem, at its path, through describeFailure', () => {
    expect(failureOf({ nombre: 'Ana\u0000' }, PlainInput)).toMatchObject({ kind: 'StorableText', field: 'nombre' });
    expect(failureOf(JSON.parse('{"n":{"valueOf":1}}'), PlainInput)).toMatchObject({ kind: 'FieldName', field: 'n.valueOf' });
    expect(failureOf('\u0000', PlainInput, 'querystring')).toMatchObject({ kind: 'StorableText', field: 'querystring' });
    expect(failureOf({ nombre: 'Ana', n: [1, { b: true }] }, PlainInput)).toBeNull();
  });
});
