// digitsAsNumber (src/api/validation.ts): superstruct's coerce(struct, pattern(string(), digits), Number) without the
// StructError its is() built for every value it did not take (issue 29: absent optional query fields on every read).
import { object, optional, StructError, validate } from 'superstruct';
import { afterEach, describe, expect, it } from 'vitest';
import { IdParam, PageQueryOf, QueryInteger } from '../../src/api/validation';

describe('digitsAsNumber', () => {
  afterEach(() => {
    delete (StructError.prototype as { failures?: unknown }).failures;
  });

  /** Counts the StructErrors built from now on: each sets its own `failures`, which a setter on the prototype sees. */
  function countBuiltErrors() {
    const counter = { built: 0 };
    Object.defineProperty(StructError.prototype, 'failures', {
      configurable: true,
      set(value) {
        counter.built += 1;
        Object.defineProperty(this, 'failures', { value, writable: true, configurable: true, enumerable: true });
      },
    });
    return counter;
  }

  it('reads digits as the number they spell and leaves anything else to the struct', () => {
    expect(validate('42', IdParam, { coerce: true })).toEqual([undefined, 42]);
    expect(validate(42, IdParam, { coerce: true })).toEqual([undefined, 42]);
    expect(validate('-3', QueryInteger(-5, 5), { coerce: true })).toEqual([undefined, -3]);
    for (const bad of ['4.2', '1e3', ' 7', '12345678901', '', '0x10', null, true]) {
      expect(validate(bad, IdParam, { coerce: true })[0]).toBeInstanceOf(StructError);
    }
    expect(validate('0', IdParam, { coerce: true })[0]?.type).toBe('Id');
    expect(validate('51', QueryInteger(1, 50), { coerce: true })[0]?.refinement).toBe('Range');
  });

  it('builds no error for an absent optional field', () => {
    const counter = countBuiltErrors();
    expect(validate('x', IdParam)[0]).toBeInstanceOf(StructError);
    expect(counter.built).toBe(1);
    counter.built = 0;
    const Query = object({ id: optional(IdParam), ...PageQueryOf(50).schema });
    expect(validate({}, Query, { coerce: true })).toEqual([undefined, {}]);
    expect(validate({ limit: '10' }, Query, { coerce: true })).toEqual([undefined, { limit: 10 }]);
    expect(counter.built).toBe(0);
  });
});
