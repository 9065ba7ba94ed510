// Applying late fees (recargos, issue 27): for a condominium with an active rule, each active dwelling that is not
// exempt and owes a fee this period (the month of today in the condominium's zone) gets, in the caller's
// transaction, its late_fees row, its dwelling_charges row ("Recargo moratorio MM/YYYY", due the same day) and its
// history row. The late_fees row goes first and its unique key (condo, dwelling, period) decides: a second run, or
// a second process running at the same moment, inserts nothing (on PostgreSQL the second insert waits for the
// first transaction and then finds the row) and so charges nothing. The ledger is read as the statement's vencido
// reads it (finance/statements.ts, shared/ledgerReports.ts arrears): payments and credits settle the oldest
// charges first; the rule itself is src/api/lateFees.ts.
import type { Kysely } from 'kysely';
import { addDays, type LateFeeRule, type LedgerCharge, lateFeeConcept, lateFeeDue, periodOf } from '../../../src/api/lateFees';
import type { Database, LateFeeRuleTable } from '../../db/schema';
import { recordAudit } from '../shared/audit';
import { localDate, timeZoneOf } from '../shared/zonedTime';

export const ruleOf = (
  row: Pick<LateFeeRuleTable, 'kind' | 'amount_cents' | 'percent_bp' | 'grace_days' | 'cap_cents' | 'active'>,
): LateFeeRule => ({
  kind: row.kind === 'fijo' ? 'fijo' : 'porcentaje',
  amountCents: row.amount_cents,
  percentBp: row.percent_bp,
  graceDays: row.grace_days,
  capCents: row.cap_cents,
  active: row.active === 1,
});

/** The ledger of the condominium's dwellings as the rule reads it on `today`, by dwelling. */
async function ledgersOf(trx: Kysely<Database>, condoId: number, today: string, graceDays: number) {
  const cutoff = addDays(today, -graceDays);
  // Charges due before the cutoff (later ones come after them in the oldest-first order, so they change nothing);
  // a waived fee is left out, and so is its credit below: together they are nothing.
  const charges = await trx
    .selectFrom('dwelling_charges as c')
    .leftJoin('late_fees as f', 'f.charge_id', 'c.id')
    .select(['c.apartment_id', 'c.due_on', 'c.amount_cents', 'f.id as fee_id', 'f.waived_at'])
    .where('c.condo_id', '=', condoId)
    .where('c.amount_cents', '>', 0)
    .where('c.due_on', '<', cutoff)
    .execute();
  const paid = await trx
    .selectFrom('dwelling_payments')
    .select(['apartment_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('condo_id', '=', condoId)
    .where('paid_on', '<=', today)
    .groupBy('apartment_id')
    .execute();
  const credited = await trx
    .selectFrom('dwelling_charges as c')
    .leftJoin('late_fees as w', 'w.waive_charge_id', 'c.id')
    .select(['c.apartment_id', (eb) => eb.fn.sum<string | number>('c.amount_cents').as('total')])
    .where('c.condo_id', '=', condoId)
    .where('c.amount_cents', '<', 0)
    .where('c.charged_on', '<=', today)
    .where('w.id', 'is', null)
    .groupBy('c.apartment_id')
    .execute();
  const ledgers = new Map<number, { charges: LedgerCharge[]; settledCents: number }>();
  const of = (id: number) => {
    let ledger = ledgers.get(id);
    if (!ledger) {
      ledger = { charges: [], settledCents: 0 };
      ledgers.set(id, ledger);
    }
    return ledger;
  };
  for (const c of charges) {
    if (c.fee_id !== null && c.waived_at !== null) continue;
    of(c.apartment_id).charges.push({ dueOn: c.due_on, amountCents: Number(c.amount_cents), lateFee: c.fee_id !== null });
  }
  for (const p of paid) of(p.apartment_id).settledCents += Number(p.total);
  for (const c of credited) of(c.apartment_id).settledCents -= Number(c.total);
  return ledgers;
}

export interface Applied {
  period: string;
  applied: number;
}

/**
 * Applies this period's fees of one condominium in `trx`; answers the period and how many fees it wrote (0 with
 * no active rule). `actorUserId` null: the daily job.
 */
export async function applyLateFees(
  trx: Kysely<Database>,
  condoId: number,
  now: Date,
  actorUserId: number | null,
): Promise<Applied> {
  const timeZone = await timeZoneOf(trx, condoId);
  const today = localDate(now, timeZone);
  const period = periodOf(today);
  const row = await trx.selectFrom('late_fee_rules').selectAll().where('condo_id', '=', condoId).executeTakeFirst();
  if (row?.active !== 1) return { period, applied: 0 };
  const rule = ruleOf(row);
  const candidates = await trx
    .selectFrom('apartments as a')
    .select('a.id')
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('late_fee_exemptions as e').select('e.id').whereRef('e.apartment_id', '=', 'a.id'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('late_fees as f').select('f.id').whereRef('f.apartment_id', '=', 'a.id').where('f.period', '=', period),
        ),
      ),
    )
    .orderBy('a.id')
    .execute();
  if (candidates.length === 0) return { period, applied: 0 };
  const ledgers = await ledgersOf(trx, condoId, today, rule.graceDays);
  const at = now.toISOString();
  let applied = 0;
  // By dwelling id, so two processes take the rows in the same order and never wait on each other in a circle.
  for (const { id: apartmentId } of candidates) {
    const ledger = ledgers.get(apartmentId);
    if (!ledger) continue;
    const { baseCents, feeCents } = lateFeeDue(rule, ledger, today);
    if (feeCents <= 0) continue;
    const fee = await trx
      .insertInto('late_fees')
      .values({
        condo_id: condoId,
        apartment_id: apartmentId,
        period,
        base_cents: baseCents,
        amount_cents: feeCents,
        charge_id: null,
        created_at: at,
        waived_at: null,
        waived_by: null,
        waive_reason: null,
        waive_charge_id: null,
      })
      .onConflict((oc) => oc.columns(['condo_id', 'apartment_id', 'period']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // Another run has charged it this period.
    if (!fee) continue;
    const charge = await trx
      .insertInto('dwelling_charges')
      .values({
        condo_id: condoId,
        apartment_id: apartmentId,
        concept: lateFeeConcept(period),
        charged_on: today,
        due_on: today,
        amount_cents: feeCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('late_fees').set({ charge_id: charge.id }).where('id', '=', fee.id).execute();
    await recordAudit(trx, {
      condoId,
      actorUserId,
      entity: 'late_fee',
      entityId: fee.id,
      action: 'create',
      after: { apartmentId, periodo: period, base: baseCents, monto: feeCents },
      at,
    });
    applied++;
  }
  return { period, applied };
}

/** The condominiums with an active rule. */
export async function condosWithActiveRule(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('late_fee_rules').select('condo_id').where('active', '=', 1).orderBy('condo_id').execute();
  return rows.map((r) => r.condo_id);
}
