// The history's words (issue 28): every kind, action and field the audit log may hold has words in es, en and
// fr (recordAudit takes only the listed ones, so a new one without words fails here), and a change's value
// reads by its field's kind: money, dates, yes/no, percentages, JSON as lists, secrets never.
import { describe, expect, it } from 'vitest';
import {
  HISTORY_ACTIONS,
  HISTORY_ENTITIES,
  HISTORY_FIELDS,
  HISTORY_HIDDEN,
  type HistoryValueWords,
  hideSecrets,
  historyValueText,
} from '../../src/api/history';
import { readCatalog } from '../../src/i18n/node/readCatalog';

const LANGUAGES = ['es', 'en', 'fr'] as const;

describe('history words', () => {
  const keys = [
    ...HISTORY_ENTITIES.map((e) => `history.entity.${e}`),
    ...HISTORY_ACTIONS.map((a) => `history.action.${a}`),
    ...Object.keys(HISTORY_FIELDS).map((f) => `history.field.${f}`),
  ];

  it.each(LANGUAGES)('has words in %s for every kind, action and field', (language) => {
    const catalog = readCatalog(language);
    expect(keys.filter((key) => !catalog[key]?.trim())).toEqual([]);
  });

  it('names the defects’ kinds, actions and fields in Spanish as an administrator reads them', () => {
    const es = readCatalog('es');
    expect(es['history.entity.cfdi']).toBe('Factura (CFDI)');
    expect(es['history.entity.invoicing_issuer']).toBe('Emisor');
    expect(es['history.action.timbrar']).toBe('Timbró');
    expect(es['history.field.uuid']).toBe('Folio fiscal (UUID)');
  });
});

const WORDS: HistoryValueWords = {
  field: (name) => `<${name}>`,
  yes: 'Sí',
  no: 'No',
  hidden: '(oculto)',
  money: (cents) => `$${(cents / 100).toFixed(2)}`,
  date: (day) => `día ${day}`,
  dateTime: (local) => `local ${local}`,
  instant: (iso) => `zona ${iso}`,
  percent: (bp) => `${bp / 100} %`,
};

describe('historyValueText', () => {
  const text = (field: string, value: string | null) => historyValueText(field, value, WORDS);

  it('keeps null (not there) and text as it is', () => {
    expect(text('uuid', null)).toBeNull();
    expect(text('uuid', 'ABC-123')).toBe('ABC-123');
    expect(text('serie', '12')).toBe('12');
  });

  it('writes money (integer cents) as money, also when stored as text', () => {
    expect(text('total', '4590000')).toBe('$45900.00');
    expect(text('monto', '"1250"')).toBe('$12.50');
    expect(text('monto', '1900.50')).toBe('$1900.50');
  });

  it('writes dates, local times and instants', () => {
    expect(text('paidOn', '2026-03-05')).toBe('día 2026-03-05');
    expect(text('starts_at', '2026-03-05T10:30')).toBe('local 2026-03-05T10:30');
    expect(text('due', '2026-03-05T16:00:00.000Z')).toBe('zona 2026-03-05T16:00:00.000Z');
    // An unlisted field (an old row's) that holds an instant still reads in the zone.
    expect(text('zz_old', '2026-03-05T16:00:00.000Z')).toBe('zona 2026-03-05T16:00:00.000Z');
  });

  it('writes booleans (true/false, 1/0) as Sí/No and basis points as percent', () => {
    expect(text('enabled', 'true')).toBe('Sí');
    expect(text('needs_approval', '0')).toBe('No');
    expect(text('percentBp', '150')).toBe('1.5 %');
  });

  it('never writes a secret', () => {
    expect(text('secretKey', 'sk_live_123')).toBe('(oculto)');
    expect(text('fees', '{"tarjeta":{"bp":290},"webhookSecret":"whsec_1"}')).toBe(
      '<tarjeta>: (<bp>: 2.9 %), <webhookSecret>: (oculto)',
    );
  });

  it('writes JSON as "field: value" lists with the fields’ words and kinds', () => {
    expect(text('csd', '{"noCertificado":"0001","validTo":"2030-01-01T00:00:00.000Z"}')).toBe(
      '<noCertificado>: 0001, <validTo>: zona 2030-01-01T00:00:00.000Z',
    );
    expect(text('roles', '["admin","board"]')).toBe('admin, board');
    expect(text('permisos', '[{"clave":"x","activa":true},{"clave":"y","activa":false}]')).toBe(
      '(<clave>: x, <activa>: Sí); (<clave>: y, <activa>: No)',
    );
    // A column stored as JSON text (the facility's hours) reads as the same list.
    expect(text('hours_json', '{"lunes":["08:00","20:00"]}')).toBe('<lunes>: 08:00, 20:00');
  });

  it('replaces secrets at any depth before a value leaves the server', () => {
    expect(hideSecrets('secretKey', 'sk_live_1')).toBe(HISTORY_HIDDEN);
    expect(hideSecrets('', { provider: 'stripe', inner: [{ webhookSecret: 'whsec' }], secretKey: null })).toEqual({
      provider: 'stripe',
      inner: [{ webhookSecret: HISTORY_HIDDEN }],
      secretKey: null,
    });
  });
});
