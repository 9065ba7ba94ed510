// A concept's amount rule (src/api/invoicing.ts ConceptDraft, issue 33 #4) over a quantity or a price that is not
// what its own struct says: refused for that field, never thrown (a throw was a 400 without a field).
import { validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { ConceptDraft } from '../../src/api/invoicing';

const concept = {
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  descripcion: 'Cuota',
  cantidad: '1',
  valorUnitarioCents: 125,
  objetoImp: '02',
  iva: 'tasa16',
};

describe('ConceptDraft', () => {
  it.each([
    ['cantidad', 'EKU9003173C9'],
    ['cantidad', '1e9'],
    ['valorUnitarioCents', -1e308],
    ['valorUnitarioCents', 1.5],
  ])('refuses %s %j by its own field', (field, value) => {
    const [error] = validate({ ...concept, [field]: value }, ConceptDraft);
    expect(error?.failures()[0]?.key).toBe(field);
  });

  it('still refuses an importe over the limit', () => {
    const [error] = validate({ ...concept, cantidad: '999999999', valorUnitarioCents: 2_000_000_000 }, ConceptDraft);
    expect(error?.failures()[0]?.refinement).toBe('AmountTooLarge');
  });
});
