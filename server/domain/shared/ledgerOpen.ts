// What a dwelling still owes, charge by charge, read from the ledger (src/api/checkout.ts openCharges: first in,
// first out, the receipts' reading). Shared by paying online (domain/checkout) and the resident's money home
// (domain/finance/home.ts).
import type { Kysely } from 'kysely';
import { openCharges } from '../../../src/api/checkout';
import type { Database } from '../../db/schema';

export async function openChargesOf(db: Kysely<Database>, condoId: number, apartmentId: number) {
  const charges = await db
    .selectFrom('dwelling_charges')
    .select(['id', 'concept', 'charged_on', 'due_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .where('apartment_id', '=', apartmentId)
    .execute();
  const payments = await db
    .selectFrom('dwelling_payments')
    .select(['id', 'paid_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .where('apartment_id', '=', apartmentId)
    .execute();
  return openCharges(
    charges.map((c) => ({
      id: c.id,
      concept: c.concept,
      chargedOn: c.charged_on,
      dueOn: c.due_on,
      amountCents: Number(c.amount_cents),
    })),
    payments.map((p) => ({ id: p.id, paidOn: p.paid_on, amountCents: Number(p.amount_cents) })),
  );
}
