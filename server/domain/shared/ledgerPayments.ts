// Money enters the ledger one way (DESIGN.md §9): a dwelling's payment is one dwelling_payments row, written
// with its receipt (payment_receipts: the condominium's next folio, the token of its public verification page)
// and its history row in the caller's transaction. Shared: finance ("Registrar pago", finance/payments.ts) and
// invoicing (a PPD invoice's payment, invoicing/cfdis/payment.ts) both record payments through it; the online
// payments, validated proofs and bank matches of issue 27 will too.
import type { Kysely } from 'kysely';
import type { ReceiptMethod } from '../../../src/api/receipts';
import type { Database } from '../../db/schema';
import { newToken } from '../../infra/tokens';
import { recordAudit } from './audit';
import { lockCondo } from './condoLock';

/** Where a payment entered the ledger: the dwelling, the account, the day paid, its reference and how it came in. */
export interface LedgerPayment {
  condoId: number;
  apartmentId: number;
  accountId: number;
  paidOn: string;
  reference: string;
  /** The receipt's method: 'registrado' for an administrator's record, 'factura' for a PPD invoice's payment… */
  method: ReceiptMethod;
}

/**
 * Writes a dwelling's payment, its receipt and its history row, in the caller's transaction: the one way a
 * payment enters the ledger ("Registrar pago" in finance/payments.ts, a PPD invoice's payment in
 * invoicing/cfdis/payment.ts). The history's `after` adds what the caller's history row says beyond the
 * dwelling, amount and day.
 *
 * It takes the condominium first (condoLock.ts), so two payments posting at once on PostgreSQL get the folios
 * one after the other. Call it before the transaction writes any row that names the condominium: such a row
 * holds a share of the condominium's lock, and two transactions each holding one would wait for each other.
 */
export async function insertLedgerPayment(
  trx: Kysely<Database>,
  payment: LedgerPayment,
  amountCents: number,
  history: { actorUserId: number; at: Date; after: Record<string, unknown> },
): Promise<number> {
  await lockCondo(trx, payment.condoId);
  const { id } = await trx
    .insertInto('dwelling_payments')
    .values({
      condo_id: payment.condoId,
      apartment_id: payment.apartmentId,
      account_id: payment.accountId,
      paid_on: payment.paidOn,
      reference: payment.reference,
      amount_cents: amountCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertReceipt(trx, { condoId: payment.condoId, paymentId: id, method: payment.method, at: history.at });
  await recordAudit(trx, {
    condoId: payment.condoId,
    actorUserId: history.actorUserId,
    entity: 'dwelling_payment',
    entityId: id,
    action: 'create',
    after: { apartmentId: payment.apartmentId, amount: amountCents, paidOn: payment.paidOn, ...history.after },
    at: history.at,
  });
  return id;
}

/** The condominium's next receipt folio (1 for its first). */
export async function nextReceiptFolio(trx: Kysely<Database>, condoId: number): Promise<number> {
  const row = await trx
    .selectFrom('payment_receipts')
    .select((eb) => eb.fn.max('folio').as('last'))
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** A payment's receipt with the condominium's next folio and a fresh token (256 random bits). */
async function insertReceipt(
  trx: Kysely<Database>,
  receipt: { condoId: number; paymentId: number; method: ReceiptMethod; at: Date },
): Promise<void> {
  const folio = await nextReceiptFolio(trx, receipt.condoId);
  await trx
    .insertInto('payment_receipts')
    .values({
      condo_id: receipt.condoId,
      payment_id: receipt.paymentId,
      folio,
      token: newToken(),
      method: receipt.method,
      created_at: receipt.at.toISOString(),
    })
    .execute();
}
