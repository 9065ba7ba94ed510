// Money enters the ledger one way (DESIGN.md §9): a dwelling's payment is one dwelling_payments row, written
// with its history row in the caller's transaction. Shared: finance ("Registrar pago", finance/payments.ts) and
// invoicing (a PPD invoice's payment, invoicing/cfdis/payment.ts) both record payments through it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from './audit';

/** Where a payment entered the ledger: the dwelling, the account, the day paid and its reference. */
export interface LedgerPayment {
  condoId: number;
  apartmentId: number;
  accountId: number;
  paidOn: string;
  reference: string;
}

/**
 * Writes a dwelling's payment and its history row, in the caller's transaction: the one way a payment enters
 * the ledger ("Registrar pago" in finance/payments.ts, a PPD invoice's payment in invoicing/cfdis/payment.ts).
 * The history's `after` adds what the caller's history row says beyond the dwelling, amount and day.
 */
export async function insertLedgerPayment(
  trx: Kysely<Database>,
  payment: LedgerPayment,
  amountCents: number,
  history: { actorUserId: number; at: Date; after: Record<string, unknown> },
): Promise<number> {
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
