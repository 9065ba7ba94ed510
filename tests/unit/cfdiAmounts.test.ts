// Anexo 20's arithmetic on a table of worked cases, and its identities on any concepts (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, conceptImporteCents, formatCents, proportionalCents } from '../../server/domain/invoicing/cfdi/amounts';
import type { CfdiConcept } from '../../server/domain/invoicing/cfdi/types';
import { IVA_TREATMENTS, OBJETOS_IMP } from '../../src/api/invoicing';

const concept = (over: Partial<CfdiConcept>): CfdiConcept => ({
  claveProdServ: '80131500',
  cantidad: '1',
  claveUnidad: 'E48',
  descripcion: 'x',
  valorUnitarioCents: 10000,
  objetoImp: '02',
  iva: 'tasa16',
  ...over,
});

describe('CFDI amounts (Anexo 20)', () => {
  it.each([
    // [cantidad, valor unitario, importe]: rounding half away from zero at the cent
    ['1', 250000, 250000],
    ['2.5', 33333, 83333], // 833.325 → 833.33
    ['0.333333', 300, 100], // 0.999999 → 1.00
    ['3', 3333, 9999],
    ['1.5', 1, 2], // 0.015 → 0.02
    ['0.000001', 100, 0],
  ])('Importe of %s × %i cents is %i cents', (cantidad, valor, importe) => {
    expect(conceptImporteCents({ cantidad, valorUnitarioCents: valor })).toBe(importe);
  });

  it('IVA 16 % on the base after the discount, rounded per concept, summed per rate', () => {
    const totals = computeTotals([
      concept({ valorUnitarioCents: 10005 }), // base 100.05 → IVA 16.008 → 16.01
      concept({ valorUnitarioCents: 10005 }),
      concept({ valorUnitarioCents: 20000, descuentoCents: 5000 }), // base 150.00 → 24.00
    ]);
    expect(totals.subtotalCents).toBe(40010);
    expect(totals.descuentoCents).toBe(5000);
    expect(totals.taxes).toEqual([
      { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', baseCents: 35010, importeCents: 5602 },
    ]);
    expect(totals.totalCents).toBe(40010 - 5000 + 5602);
  });

  it('keeps 16 %, 8 %, 0 % and Exento apart; Exento has no amount; ObjetoImp 01 carries no tax', () => {
    const totals = computeTotals([
      concept({ iva: 'tasa16' }),
      concept({ iva: 'tasa8' }),
      concept({ iva: 'tasa0' }),
      concept({ iva: 'exento' }),
      concept({ objetoImp: '01', iva: null }),
    ]);
    expect(totals.taxes.map((t) => [t.tipoFactor, t.tasaOCuota, t.baseCents, t.importeCents])).toEqual([
      ['Tasa', '0.160000', 10000, 1600],
      ['Tasa', '0.080000', 10000, 800],
      ['Tasa', '0.000000', 10000, 0],
      ['Exento', null, 10000, null],
    ]);
    expect(totals.subtotalCents).toBe(50000);
    expect(totals.trasladosCents).toBe(2400);
    expect(totals.totalCents).toBe(52400);
  });

  it('writes money with two decimals and no separators', () => {
    expect([formatCents(0), formatCents(5), formatCents(123450), formatCents(-307)]).toEqual([
      '0.00',
      '0.05',
      '1234.50',
      '-3.07',
    ]);
  });

  it('shares a tax by the part paid, rounded', () => {
    expect(proportionalCents(1600, 5800, 11600)).toBe(800);
    expect(proportionalCents(1, 1, 3)).toBe(0);
    expect(proportionalCents(5, 1, 2)).toBe(3);
  });

  it('Total = SubTotal − Descuento + traslados, all integer cents, for any concepts', () => {
    const arbitraryConcept = fc
      .record({
        whole: fc.integer({ min: 0, max: 999 }),
        decimals: fc.integer({ min: 0, max: 999_999 }),
        valorUnitarioCents: fc.integer({ min: 0, max: 10_000_000 }),
        objetoImp: fc.constantFrom(...OBJETOS_IMP),
        iva: fc.constantFrom(...IVA_TREATMENTS),
        discountShare: fc.integer({ min: 0, max: 100 }),
      })
      .map(({ whole, decimals, valorUnitarioCents, objetoImp, iva, discountShare }) => {
        const cantidad = `${whole}.${String(decimals).padStart(6, '0')}`;
        const importe = conceptImporteCents({ cantidad, valorUnitarioCents });
        return concept({
          cantidad,
          valorUnitarioCents,
          objetoImp,
          iva: objetoImp === '02' ? iva : null,
          descuentoCents: Math.floor((importe * discountShare) / 100),
        });
      });
    fc.assert(
      fc.property(fc.array(arbitraryConcept, { minLength: 1, maxLength: 20 }), (concepts) => {
        const totals = computeTotals(concepts);
        const traslados = totals.taxes.reduce((sum, tax) => sum + (tax.importeCents ?? 0), 0);
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.descuentoCents + traslados);
        for (const value of [totals.subtotalCents, totals.descuentoCents, totals.totalCents]) {
          expect(Number.isInteger(value) && value >= 0).toBe(true);
        }
        const base = totals.taxes.reduce((sum, tax) => sum + tax.baseCents, 0);
        expect(base).toBeLessThanOrEqual(totals.subtotalCents - totals.descuentoCents + 0);
      }),
    );
  });
});
