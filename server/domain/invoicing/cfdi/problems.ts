// The SAT's rules a draft must meet before it is worth a stamp (Anexo 20's guide and the PAC's validations),
// each answered as an i18n message id (src/i18n/<lang>/invoicing.json, invoicing.problem.<name>). The preview
// shows them; stamping refuses a draft that has any.
import { AMOUNT_MAX_CENTS, PUBLICO_EN_GENERAL, REGIMENES_FISCALES, RFC_EXTRANJERO, rfcKind } from '../../../../src/api/invoicing';
import { computeTotals, conceptImporteCents } from './amounts';
import type { CfdiDraft } from './types';

export const DRAFT_PROBLEMS = [
  'ppdNeedsForma99',
  'pueNeedsForma',
  'publicoNeedsGlobal',
  'globalNeedsPublico',
  'receiverRegimenNotForRfc',
  'issuerRegimenNotForRfc',
  'ivaNeedsObjeto02',
  'objeto02NeedsIva',
  'discountOverAmount',
  'zeroTotal',
  'amountTooLarge',
  'paymentOverBalance',
  'paymentSumMismatch',
] as const;
export type DraftProblem = (typeof DRAFT_PROBLEMS)[number];

const GENERIC_RFCS = new Set<string>([PUBLICO_EN_GENERAL.rfc, RFC_EXTRANJERO]);

/** Whether a régimen may be held by an RFC of this shape (persona física: 13 characters; moral: 12). */
function regimenFits(regimen: string, rfc: string): boolean {
  if (GENERIC_RFCS.has(rfc)) return regimen === PUBLICO_EN_GENERAL.regimenFiscal;
  const holders: string | undefined = REGIMENES_FISCALES[regimen as keyof typeof REGIMENES_FISCALES];
  return holders?.includes(rfcKind(rfc)) ?? false;
}

export function draftProblems(draft: CfdiDraft): `invoicing.problem.${DraftProblem}`[] {
  const found = new Set<DraftProblem>();
  if (!regimenFits(draft.issuer.regimenFiscal, draft.issuer.rfc)) found.add('issuerRegimenNotForRfc');
  if (!regimenFits(draft.receiver.regimenFiscal, draft.receiver.rfc)) found.add('receiverRegimenNotForRfc');
  if (draft.kind === 'I') {
    if (draft.metodoPago === 'PPD' && draft.formaPago !== '99') found.add('ppdNeedsForma99');
    if (draft.metodoPago === 'PUE' && draft.formaPago === '99') found.add('pueNeedsForma');
    const toPublico = draft.receiver.rfc === PUBLICO_EN_GENERAL.rfc && draft.receiver.nombre === PUBLICO_EN_GENERAL.nombre;
    if (toPublico && !draft.informacionGlobal) found.add('publicoNeedsGlobal');
    if (draft.informacionGlobal && !toPublico) found.add('globalNeedsPublico');
    for (const concept of draft.concepts) {
      if (concept.iva !== null && concept.objetoImp !== '02') found.add('ivaNeedsObjeto02');
      if (concept.iva === null && concept.objetoImp === '02') found.add('objeto02NeedsIva');
      if ((concept.descuentoCents ?? 0) > conceptImporteCents(concept)) found.add('discountOverAmount');
    }
    const totals = computeTotals(draft.concepts);
    if (totals.totalCents <= 0) found.add('zeroTotal');
    // Each concept is bounded by the contract; their sum (and its taxes) is bounded here, before a PAC sees it.
    if (Math.max(totals.subtotalCents, totals.totalCents) > AMOUNT_MAX_CENTS) found.add('amountTooLarge');
  } else {
    let paid = 0;
    for (const doc of draft.pago.documents) {
      if (doc.importePagadoCents <= 0 || doc.importePagadoCents > doc.saldoAnteriorCents) found.add('paymentOverBalance');
      paid += doc.importePagadoCents;
    }
    if (paid !== draft.pago.montoCents) found.add('paymentSumMismatch');
  }
  return DRAFT_PROBLEMS.filter((problem) => found.has(problem)).map((problem) => `invoicing.problem.${problem}` as const);
}
