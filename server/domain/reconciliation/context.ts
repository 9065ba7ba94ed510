// What a matching run reads of the ledger, once (matching.ts Matcher): the condominium's active dwellings, their
// open charges (oldest first, as src/api/checkout.ts openCharges reads the ledger; a reversal, a negative
// payment, nets what the dwelling paid), the payments of the statement's account that no bank movement claims
// yet, and the online checkouts' references. In the caller's transaction, after it took the condominium.
import type { Kysely } from 'kysely';
import { openCharges } from '../../../src/api/checkout';
import type { Database } from '../../db/schema';
import { type CheckoutSeen, type DwellingName, type LedgerPaymentSeen, LINK_WINDOW_DAYS, Matcher } from './matching';

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The matches that hold a payment: a movement claims it. */
export const ACTIVE_MATCH_STATES = ['automatico', 'aceptado'] as const;

export async function dwellingNames(db: Kysely<Database>, condoId: number): Promise<DwellingName[]> {
  const rows = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, tower: r.tower ?? null }));
}

/** "Torre A - 101", or the dwelling's name alone (a house). */
export const dwellingLabel = (d: Pick<DwellingName, 'tower' | 'name'>) => (d.tower ? `${d.tower} - ${d.name}` : d.name);

async function openChargesByDwelling(db: Kysely<Database>, condoId: number): Promise<Map<number, number[]>> {
  const charges = await db
    .selectFrom('dwelling_charges')
    .select(['id', 'apartment_id', 'concept', 'charged_on', 'due_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .execute();
  const paid = await db
    .selectFrom('dwelling_payments')
    .select(['apartment_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('condo_id', '=', condoId)
    .groupBy('apartment_id')
    .execute();
  const paidBy = new Map(paid.map((p) => [p.apartment_id, Number(p.total)]));
  const chargesBy = new Map<number, typeof charges>();
  for (const c of charges) {
    const list = chargesBy.get(c.apartment_id) ?? [];
    list.push(c);
    chargesBy.set(c.apartment_id, list);
  }
  const out = new Map<number, number[]>();
  for (const [apartmentId, list] of chargesBy) {
    const net = paidBy.get(apartmentId) ?? 0;
    const { open } = openCharges(
      list.map((c) => ({
        id: c.id,
        concept: c.concept,
        chargedOn: c.charged_on,
        dueOn: c.due_on,
        amountCents: Number(c.amount_cents),
      })),
      net > 0 ? [{ id: 0, paidOn: '', amountCents: net }] : [],
    );
    out.set(
      apartmentId,
      open.map((o) => o.openCents),
    );
  }
  return out;
}

/** The account's payments between the days, that no active match claims. */
async function unclaimedPayments(
  db: Kysely<Database>,
  condoId: number,
  accountId: number,
  from: string,
  to: string,
): Promise<LedgerPaymentSeen[]> {
  const rows = await db
    .selectFrom('dwelling_payments as p')
    .select(['p.id', 'p.apartment_id', 'p.paid_on', 'p.amount_cents', 'p.reference'])
    .where('p.condo_id', '=', condoId)
    .where('p.account_id', '=', accountId)
    .where('p.amount_cents', '>', 0)
    .where('p.paid_on', '>=', shift(from, -LINK_WINDOW_DAYS))
    .where('p.paid_on', '<=', shift(to, LINK_WINDOW_DAYS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reconciliation_matches as m')
            .select('m.id')
            .whereRef('m.payment_id', '=', 'p.id')
            .where('m.state', 'in', ACTIVE_MATCH_STATES),
        ),
      ),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    apartmentId: r.apartment_id,
    paidOn: r.paid_on,
    amountCents: Number(r.amount_cents),
    reference: r.reference,
  }));
}

async function checkoutReferences(db: Kysely<Database>, condoId: number): Promise<CheckoutSeen[]> {
  const rows = await db
    .selectFrom('checkouts')
    .select(['apartment_id', 'pay_reference', 'payment_id'])
    .where('condo_id', '=', condoId)
    .where('pay_reference', 'is not', null)
    .execute();
  return rows.map((r) => ({ reference: r.pay_reference!, apartmentId: r.apartment_id, paymentId: r.payment_id }));
}

/** The matcher for deposits of `accountId` between the days. */
export async function loadMatcher(
  db: Kysely<Database>,
  condoId: number,
  accountId: number,
  from: string,
  to: string,
): Promise<Matcher> {
  return new Matcher(
    await dwellingNames(db, condoId),
    await openChargesByDwelling(db, condoId),
    await unclaimedPayments(db, condoId, accountId, from, to),
    await checkoutReferences(db, condoId),
  );
}
