// A CFDI's amounts by Anexo 20 (CFDI 4.0 guide): exact integer arithmetic on cents and on the six-decimal
// quantity, rounding half away from zero to the currency's two decimals.
//   Importe = Cantidad × ValorUnitario            (per concept, rounded to cents)
//   Base    = Importe − Descuento                 (the IVA's base of a concept with ObjetoImp 02)
//   Traslado importe = Base × TasaOCuota          (per concept, rounded to cents; none when Exento)
//   Comprobante Traslados: grouped by Impuesto + TipoFactor + TasaOCuota, Base and Importe the sums of the
//   concepts' rounded values; SubTotal = Σ Importe; Descuento = Σ Descuento; Total = SubTotal − Descuento + Σ
//   traslados.
import { type IvaTreatment, importeCentsExact } from '../../../../src/api/invoicing';
import type { CfdiConcept, InvoiceTotals, TaxLine } from './types';

/** The IVA rates as the SAT writes them (TasaOCuota, six decimals) and in millionths. */
const IVA_RATES: Record<Exclude<IvaTreatment, 'exento'>, { text: string; millionths: bigint }> = {
  tasa16: { text: '0.160000', millionths: 160_000n },
  tasa8: { text: '0.080000', millionths: 80_000n },
  tasa0: { text: '0.000000', millionths: 0n },
};

/** Divides and rounds half away from zero (amounts here are never negative, but the rule is the SAT's). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n + d / 2n) / d;
  return negative ? -quotient : quotient;
}

/** Importe of a concept in cents: Cantidad × ValorUnitario, rounded (exact: the contract bounds it, AMOUNT_MAX_CENTS). */
export function conceptImporteCents(concept: Pick<CfdiConcept, 'cantidad' | 'valorUnitarioCents'>): number {
  return Number(importeCentsExact(concept));
}

/** The concept's IVA line (its Traslado), or null when it carries no taxes (ObjetoImp 01 or 03). */
export function conceptTax(concept: CfdiConcept): TaxLine | null {
  if (concept.objetoImp !== '02' || concept.iva === null) return null;
  const baseCents = conceptImporteCents(concept) - (concept.descuentoCents ?? 0);
  if (concept.iva === 'exento') {
    return { impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, baseCents, importeCents: null };
  }
  const rate = IVA_RATES[concept.iva];
  const importeCents = Number(divideRounded(BigInt(baseCents) * rate.millionths, 1_000_000n));
  return { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: rate.text, baseCents, importeCents };
}

/** The Comprobante's totals and its Traslados grouped by rate, from its concepts. */
export function computeTotals(concepts: readonly CfdiConcept[]): InvoiceTotals {
  let subtotalCents = 0;
  let descuentoCents = 0;
  const groups = new Map<string, TaxLine>();
  for (const concept of concepts) {
    subtotalCents += conceptImporteCents(concept);
    descuentoCents += concept.descuentoCents ?? 0;
    const tax = conceptTax(concept);
    if (!tax) continue;
    const key = `${tax.impuesto}|${tax.tipoFactor}|${tax.tasaOCuota ?? ''}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { ...tax });
    else {
      group.baseCents += tax.baseCents;
      if (group.importeCents !== null && tax.importeCents !== null) group.importeCents += tax.importeCents;
    }
  }
  // The SAT's order is free; a stable one (by rate, highest first, Exento last) keeps documents comparable.
  const taxes = [...groups.values()].sort((a, b) => (b.tasaOCuota ?? '').localeCompare(a.tasaOCuota ?? ''));
  const trasladosCents = taxes.reduce((sum, tax) => sum + (tax.importeCents ?? 0), 0);
  return {
    subtotalCents,
    descuentoCents,
    trasladosCents,
    totalCents: subtotalCents - descuentoCents + trasladosCents,
    taxes,
  };
}

/** Cents as the CFDI writes money: two decimals, a dot, no thousands separator ("1234.50", "-3.07"). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A share of an amount: amount × part / whole, rounded (a payment's share of an invoice's taxes). */
export function proportionalCents(amountCents: number, partCents: number, wholeCents: number): number {
  if (wholeCents === 0) return 0;
  return Number(divideRounded(BigInt(amountCents) * BigInt(partCents), BigInt(wholeCents)));
}
