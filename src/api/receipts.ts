// Payment receipts (issue 27): every payment that enters the ledger has one (server/domain/shared/ledgerPayments.ts
// writes it with the payment), with the condominium's folio and a QR of its public verification page. An
// administrator or board member reads any dwelling's, a resident only their own dwelling's (another dwelling or
// another condominium: 404); anyone holding the link verifies one, and learns nothing personal. Amounts are
// integer cents of MXN; days YYYY-MM-DD in the condominium's time zone.
import { array, enums, type Infer, literal, nullable, number, object, pattern, string } from 'superstruct';
import { IdParam } from './validation';

export const RECEIPT_PATHS = {
  /** Statement readers (canSeeAllStatements, or canSeeAccountStatement for their own dwelling): GET → ReceiptAnswer. */
  receipt: '/--financiero/recibos/:paymentId',
  /** The same readers: GET → application/pdf, in the reader's language. */
  pdf: '/--financiero/recibos/:paymentId/pdf',
  /** Public, rate limited: GET → ReceiptVerificationAnswer; 404 for a token that names no receipt. */
  verify: '/--recibos/verificar/:token',
} as const;

export const receiptPath = (paymentId: number) => RECEIPT_PATHS.receipt.replace(':paymentId', String(paymentId));
export const receiptPdfPath = (paymentId: number) => RECEIPT_PATHS.pdf.replace(':paymentId', String(paymentId));
export const receiptVerifyPath = (token: string) => RECEIPT_PATHS.verify.replace(':token', token);

/** The public page a receipt's QR opens (src/views/app/routes.tsx). */
export const receiptPagePath = (token: string) => `/recibo/${token}`;

/** A receipt's token as it is made (256 random bits, base64url: 43 characters); anything else names no receipt. */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const ReceiptParams = object({ paymentId: IdParam });
export type ReceiptParams = Infer<typeof ReceiptParams>;
export const ReceiptTokenParams = object({ token: pattern(string(), RECEIPT_TOKEN) });
export type ReceiptTokenParams = Infer<typeof ReceiptTokenParams>;

/**
 * How the money came in: an administrator's record ("Registrar pago"), a PPD invoice's payment, and the online
 * and bank ways the next slices of issue 27 add.
 */
export const RECEIPT_METHODS = ['registrado', 'factura', 'tarjeta', 'spei', 'oxxo', 'transferencia', 'deposito'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** A folio as receipts print it: six digits at least (000123). */
export const formatFolio = (folio: number) => String(folio).padStart(6, '0');

export const RECEIPT_STATES = ['vigente', 'cancelado'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** A charge of the dwelling's ledger the payment went towards, and how much of the payment it took. */
export const ReceiptConcept = object({
  chargeId: number(),
  concept: string(),
  chargedOn: string(),
  amountCents: number(),
});
export type ReceiptConcept = Infer<typeof ReceiptConcept>;

export const Receipt = object({
  paymentId: number(),
  folio: number(),
  condoName: string(),
  towerName: nullable(string()),
  dwellingName: string(),
  /** The dwelling's residents. */
  payers: array(string()),
  amountCents: number(),
  paidOn: string(),
  method: enums(RECEIPT_METHODS),
  reference: string(),
  concepts: array(ReceiptConcept),
  /** What the charges did not take: a balance in the dwelling's favour. */
  unappliedCents: number(),
  state: enums(RECEIPT_STATES),
  cancelReason: nullable(string()),
  /** The public page of its QR; a path alone when the server knows no address of its own. */
  verifyUrl: string(),
});
export type Receipt = Infer<typeof Receipt>;
export const ReceiptAnswer = object({ success: literal(true), data: Receipt });
export type ReceiptAnswer = Infer<typeof ReceiptAnswer>;

/** What the public page shows: enough to tell the receipt is real, nothing personal. */
export const ReceiptVerification = object({
  folio: number(),
  condoName: string(),
  towerName: nullable(string()),
  dwellingName: string(),
  amountCents: number(),
  paidOn: string(),
  state: enums(RECEIPT_STATES),
});
export type ReceiptVerification = Infer<typeof ReceiptVerification>;
export const ReceiptVerificationAnswer = object({ success: literal(true), data: ReceiptVerification });
export type ReceiptVerificationAnswer = Infer<typeof ReceiptVerificationAnswer>;

// ── Which charges a payment went towards ──

/** A row of the dwelling's ledger that owes (amount > 0) or credits (amount < 0: a cancelled fee, a returned deposit). */
export interface LedgerChargeRow {
  id: number;
  concept: string;
  chargedOn: string;
  amountCents: number;
}

export interface LedgerPaymentRow {
  id: number;
  paidOn: string;
  amountCents: number;
}

/**
 * The charges a payment went towards: first in, first out over the dwelling's whole ledger. The money that came
 * in (payments in paid_on then id order, and credits, which count as money in on their day, before that day's
 * payments) settles the charges oldest first (charged_on then id); a charge may be shared by two payments, and a
 * payment larger than what was owed leaves the rest unapplied (a balance in the dwelling's favour, which settles
 * the next charges as they come). Answers the concepts of `paymentId` with the part of it each took, and what
 * was left; an unknown payment takes nothing.
 */
export function paymentConcepts(
  charges: readonly LedgerChargeRow[],
  payments: readonly LedgerPaymentRow[],
  paymentId: number,
): { concepts: ReceiptConcept[]; unappliedCents: number } {
  const owed = charges
    .filter((c) => c.amountCents > 0)
    .sort((a, b) => compare(a.chargedOn, b.chargedOn) || a.id - b.id)
    .map((c) => ({ charge: c, left: c.amountCents }));
  const money = [
    ...charges.filter((c) => c.amountCents < 0).map((c) => ({ on: c.chargedOn, kind: 0, id: c.id, cents: -c.amountCents })),
    ...payments.filter((p) => p.amountCents > 0).map((p) => ({ on: p.paidOn, kind: 1, id: p.id, cents: p.amountCents })),
  ].sort((a, b) => compare(a.on, b.on) || a.kind - b.kind || a.id - b.id);
  let next = 0;
  for (const entry of money) {
    const mine = entry.kind === 1 && entry.id === paymentId;
    const concepts: ReceiptConcept[] = [];
    let cents = entry.cents;
    while (cents > 0 && next < owed.length) {
      const slot = owed[next]!;
      const taken = Math.min(cents, slot.left);
      slot.left -= taken;
      cents -= taken;
      if (mine) {
        concepts.push({
          chargeId: slot.charge.id,
          concept: slot.charge.concept,
          chargedOn: slot.charge.chargedOn,
          amountCents: taken,
        });
      }
      if (slot.left === 0) next += 1;
    }
    if (mine) return { concepts, unappliedCents: cents };
  }
  return { concepts: [], unappliedCents: 0 };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
