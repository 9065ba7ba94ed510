// describeFailure: a superstruct failure as a catalogue message that names the field as its screen does
// (or by its path) and says what is wrong, for every kind of failure the contract's structs give; worded
// here in Spanish and English as the server words it.
import {
  array,
  boolean,
  define,
  enums,
  integer,
  literal,
  max,
  min,
  number,
  object,
  pattern,
  refine,
  type Struct,
  size,
  string,
  validate,
} from 'superstruct';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../server/messages';
import { labelsOf } from '../../src/api/fieldLabels';
import { NewEvent } from '../../src/api/myGuests';
import { SignInRequest } from '../../src/api/sessions';
import { describeFailure, Email, Id, NonEmpty, QueryInteger } from '../../src/api/validation';

// biome-ignore lint/suspicious/noExplicitAny: the table holds structs of every shape.
type AnyStruct = Struct<any, any>;

function failure(struct: AnyStruct, value: unknown, part = 'body') {
  const [error] = validate(value, struct, { coerce: true });
  if (!error) throw new Error('expected a failure');
  const described = describeFailure(error, part, labelsOf(struct));
  return {
    field: described.field,
    id: described.message.id,
    es: formatMessage('es', described.message),
    en: formatMessage('en', described.message),
  };
}

const one = (field: AnyStruct) => object({ x: field });

describe('describeFailure', () => {
  it('names a field as its screen does, and keeps its path', () => {
    expect(failure(SignInRequest, { password: 'x' })).toEqual({
      field: 'username',
      id: 'errors.input.required',
      es: 'Correo electrónico: este campo es requerido.',
      en: 'E-mail: this field is required.',
    });
    // The same name, another screen: the event form calls its nombre the event's name.
    expect(failure(NewEvent, { nombre: 1 })).toMatchObject({ field: 'nombre', es: 'Nombre del evento: debe ser texto.' });
  });

  it('names a field no screen shows by its path, nested paths too', () => {
    expect(failure(object({ list: array(object({ CondoId: Id })) }), { list: [{ CondoId: 0 }] })).toMatchObject({
      field: 'list.0.CondoId',
      es: 'list.0.CondoId: debe ser un número entero positivo.',
    });
    // A field named like an Object property is a field like any other.
    expect(failure(object({}), { constructor: 1 })).toMatchObject({
      field: 'constructor',
      en: 'constructor: this field is not accepted in this request.',
    });
  });

  it.each([
    ['missing', string(), undefined, 'errors.input.required', 'x: este campo es requerido.'],
    ['null', string(), null, 'errors.input.required', 'x: este campo es requerido.'],
    ['empty where a length is needed', size(string(), 1, 10), '', 'errors.input.required', 'x: este campo es requerido.'],
    ['too long', size(string(), 1, 10), 'x'.repeat(11), 'errors.input.tooLong', 'x: admite como máximo 10 caracteres.'],
    ['too short', size(string(), 3, 10), 'ab', 'errors.input.tooShort', 'x: debe tener al menos 3 caracteres.'],
    [
      'not the exact length',
      size(string(), 10, 10),
      'abc',
      'errors.input.exactLength',
      'x: debe tener exactamente 10 caracteres.',
    ],
    ['too many items', size(array(number()), 1, 2), [1, 2, 3], 'errors.input.items', 'x: debe tener entre 1 y 2 elementos.'],
    ['a number out of its size', size(number(), 0, 10), 11, 'errors.input.range', 'x: debe ser un número entre 0 y 10.'],
    ['a bad pattern', Email, 'a@b', 'errors.input.format', 'x: el formato no es válido.'],
    ['a blank pattern', pattern(string(), /^\d+$/), '  ', 'errors.input.required', 'x: este campo es requerido.'],
    ['blank text', NonEmpty(10), '   ', 'errors.input.blank', 'x: no puede quedar en blanco.'],
    ['out of a query range', QueryInteger(1, 50), '51', 'errors.input.range', 'x: debe ser un número entre 1 y 50.'],
    ['below a minimum', min(integer(), 1), 0, 'errors.input.atLeast', 'x: debe ser al menos 1.'],
    ['above a maximum', max(integer(), 9), 10, 'errors.input.atMost', 'x: debe ser como máximo 9.'],
    ['not one of the choices', enums(['a', 'b']), 'c', 'errors.input.choice', 'x: elige una de las opciones permitidas.'],
    ['not the literal', literal('a'), 'b', 'errors.input.choice', 'x: elige una de las opciones permitidas.'],
    ['not a whole number', integer(), 1.5, 'errors.input.wholeNumber', 'x: debe ser un número entero.'],
    ['not a number', number(), 'uno', 'errors.input.number', 'x: debe ser un número.'],
    ['not an id', Id, -1, 'errors.input.id', 'x: debe ser un número entero positivo.'],
    ['not text', string(), 1, 'errors.input.text', 'x: debe ser texto.'],
    ['not yes or no', boolean(), 'yes', 'errors.input.yesNo', 'x: debe ser verdadero o falso.'],
    ['not a list', array(string()), 'a', 'errors.input.list', 'x: debe ser una lista.'],
    ['not an object', object({ y: string() }), 'a', 'errors.input.object', 'x: el contenido no es válido.'],
  ] as [string, AnyStruct, unknown, string, string][])('says %s', (_, struct, value, id, es) => {
    expect(failure(one(struct), { x: value })).toMatchObject({ field: 'x', id, es });
  });

  // Refinements the contract adds by name (NUL bytes and lone surrogates, nesting, built-in names, calendar
  // dates, years; src/api/validation.ts): worded whether they are refine(…, name) or define(name).
  it.each([
    [
      'StorableText',
      'errors.input.badCharacters',
      'x: contiene caracteres no válidos.',
      'x: contains characters that are not allowed.',
    ],
    [
      'NestingDepth',
      'errors.input.nesting',
      'x: los datos están anidados a demasiada profundidad.',
      'x: the data is nested too deeply.',
    ],
    ['FieldName', 'errors.input.reservedName', 'x: es un nombre reservado.', 'x: is a reserved name.'],
    ['CalendarDate', 'errors.input.calendarDate', 'x: fecha no válida.', 'x: invalid date.'],
    ['CalendarMonth', 'errors.input.calendarDate', 'x: fecha no válida.', 'x: invalid date.'],
    ['CalendarDateTime', 'errors.input.calendarDateTime', 'x: fecha u hora no válida.', 'x: invalid date or time.'],
    ['Instant', 'errors.input.calendarDateTime', 'x: fecha u hora no válida.', 'x: invalid date or time.'],
    ['CalendarYear', 'errors.input.year', 'x: año no válido.', 'x: invalid year.'],
  ])('says what the %s refinement means', (name, id, es, en) => {
    expect(failure(one(refine(string(), name, () => false)), { x: 'a' })).toMatchObject({ id, es, en });
    expect(failure(one(define(name, () => false)), { x: 'a' })).toMatchObject({ id, es, en });
  });

  it('says the whole body is missing or not an object', () => {
    expect(failure(SignInRequest, undefined)).toMatchObject({ field: 'body', es: 'Faltan los datos de la solicitud.' });
    expect(failure(SignInRequest, [1, 2])).toMatchObject({ field: 'body', en: 'The request data is not valid.' });
  });
});
