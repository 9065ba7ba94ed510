// Payment receipts (src/api/receipts.ts): one payment's receipt for whoever may read its dwelling's statement,
// and the public verification its QR opens. The receipt itself is written with the payment, by the one way money
// enters the ledger (domain/shared/ledgerPayments.ts); here it is only read.
//
// Who reads one: the route lets in statement readers (canSeeAllStatements or canSeeAccountStatement); here a
// payment of another condominium, and for a resident a payment of a dwelling that is not theirs, is not found
// (404, as an unknown one): nobody learns which payments exist elsewhere.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canSeeAccountStatement, canSeeAllStatements } from '../../../src/api/permissions';
import {
  paymentConcepts,
  RECEIPT_METHODS,
  type Receipt,
  type ReceiptMethod,
  type ReceiptVerification,
  receiptPagePath,
} from '../../../src/api/receipts';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';
import { loadAccess } from '../shared/sessionData';

/** Not found, in the receipt page's own words: an unknown payment, one of elsewhere, a wrong token. */
export const receiptNotFound = () => new AppError(404, ErrorCodes.notFound, 'receipts.notFound');

const methodOf = (stored: string): ReceiptMethod =>
  (RECEIPT_METHODS as readonly string[]).includes(stored) ? (stored as ReceiptMethod) : 'registrado';

/** "Torre A - 101", or the dwelling's name alone (a house), as the statement names it. */
export const dwellingLabel = (r: Pick<Receipt, 'towerName' | 'dwellingName'>) =>
  r.towerName ? `${r.towerName} - ${r.dwellingName}` : r.dwellingName;

/**
 * The receipt of payment `paymentId` of the caller's condominium, if the caller may read it (404 otherwise).
 * `baseUrl` is the app's address (infra/links.ts appBaseUrl); without one the verification link is a path.
 */
export async function receiptFor(db: Kysely<Database>, auth: Auth, paymentId: number, baseUrl: string | null): Promise<Receipt> {
  const row = await db
    .selectFrom('dwelling_payments as p')
    .innerJoin('payment_receipts as r', 'r.payment_id', 'p.id')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .innerJoin('condominiums as c', 'c.id', 'p.condo_id')
    .select([
      'p.id',
      'p.apartment_id',
      'p.paid_on',
      'p.reference',
      'p.amount_cents',
      'r.folio',
      'r.token',
      'r.method',
      'r.cancelled_at',
      'r.cancel_reason',
      'a.name as dwelling',
      't.name as tower',
      'c.name as condo',
    ])
    .where('p.id', '=', paymentId)
    .where('p.condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw receiptNotFound();
  const access = await loadAccess(db, auth);
  const ownDwelling = access.usuario.apartments.some((a) => a.AptId === row.apartment_id);
  if (!canSeeAllStatements(access) && !(canSeeAccountStatement(access) && ownDwelling)) throw receiptNotFound();

  const [payers, charges, payments] = await Promise.all([
    db
      .selectFrom('residencies as rs')
      .innerJoin('memberships as m', 'm.id', 'rs.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.name')
      .where('rs.apartment_id', '=', row.apartment_id)
      .where('m.condo_id', '=', auth.condoId)
      .where('m.active', '=', 1)
      .orderBy('u.name')
      .execute(),
    db
      .selectFrom('dwelling_charges')
      .select(['id', 'concept', 'charged_on', 'amount_cents'])
      .where('condo_id', '=', auth.condoId)
      .where('apartment_id', '=', row.apartment_id)
      .execute(),
    db
      .selectFrom('dwelling_payments')
      .select(['id', 'paid_on', 'amount_cents'])
      .where('condo_id', '=', auth.condoId)
      .where('apartment_id', '=', row.apartment_id)
      .execute(),
  ]);
  const { concepts, unappliedCents } = paymentConcepts(
    charges.map((c) => ({ id: c.id, concept: c.concept, chargedOn: c.charged_on, amountCents: Number(c.amount_cents) })),
    payments.map((p) => ({ id: p.id, paidOn: p.paid_on, amountCents: Number(p.amount_cents) })),
    row.id,
  );
  return {
    paymentId: row.id,
    folio: Number(row.folio),
    condoName: row.condo,
    towerName: row.tower,
    dwellingName: row.dwelling,
    payers: payers.map((p) => p.name),
    amountCents: Number(row.amount_cents),
    paidOn: row.paid_on,
    method: methodOf(row.method),
    reference: row.reference,
    concepts,
    unappliedCents,
    state: row.cancelled_at ? 'cancelado' : 'vigente',
    cancelReason: row.cancelled_at ? row.cancel_reason : null,
    verifyUrl: `${baseUrl ?? ''}${receiptPagePath(row.token)}`,
  };
}

/** What the public page shows of the receipt whose token this is (null: none has it). Nothing personal. */
export async function verifyReceipt(db: Kysely<Database>, token: string): Promise<ReceiptVerification | null> {
  const row = await db
    .selectFrom('payment_receipts as r')
    .innerJoin('dwelling_payments as p', 'p.id', 'r.payment_id')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .innerJoin('condominiums as c', 'c.id', 'r.condo_id')
    .select([
      'r.folio',
      'r.cancelled_at',
      'p.paid_on',
      'p.amount_cents',
      'a.name as dwelling',
      't.name as tower',
      'c.name as condo',
    ])
    .where('r.token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  return {
    folio: Number(row.folio),
    condoName: row.condo,
    towerName: row.tower,
    dwellingName: row.dwelling,
    amountCents: Number(row.amount_cents),
    paidOn: row.paid_on,
    state: row.cancelled_at ? 'cancelado' : 'vigente',
  };
}
