// The fees applied (recargos, issue 27): the administrators' list, paged and filtered by period and dwelling, and
// waiving one with a reason: a credit (a negative dwelling_charges row "Condonación de recargo MM/YYYY", on today in
// the condominium's zone) and the late_fees row marked waived, with its history row, in one transaction. The
// waiving UPDATE is conditional (waived_at is null), so of two waives at once one wins and the other is 409.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { LATE_FEES_PAGE_SIZE, type LateFee, type LateFeeListQuery, waiveConcept } from '../../../src/api/lateFees';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { condoToday } from '../shared/zonedTime';

const feeNotFound = () => new AppError(404, ErrorCodes.notFound, 'lateFees.error.feeNotFound');
const alreadyWaived = () => new AppError(409, ErrorCodes.conflict, 'lateFees.error.alreadyWaived');

function feesQuery(db: Kysely<Database>, condoId: number) {
  return db
    .selectFrom('late_fees as f')
    .innerJoin('apartments as a', 'a.id', 'f.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'f.waived_by')
    .where('f.condo_id', '=', condoId);
}

type FeeRow = {
  id: number;
  apartment_id: number;
  period: string;
  base_cents: number;
  amount_cents: number;
  created_at: string;
  waived_at: string | null;
  waive_reason: string | null;
  name: string;
  tower: string | null;
  waiver: string | null;
};

const toFee = (r: FeeRow): LateFee => ({
  id: r.id,
  apartmentId: r.apartment_id,
  vivienda: r.tower ? `${r.tower} - ${r.name}` : r.name,
  period: r.period,
  baseCents: Number(r.base_cents),
  amountCents: Number(r.amount_cents),
  createdAt: r.created_at,
  waivedAt: r.waived_at,
  waivedBy: r.waiver,
  waiveReason: r.waive_reason,
});

const COLUMNS = [
  'f.id',
  'f.apartment_id',
  'f.period',
  'f.base_cents',
  'f.amount_cents',
  'f.created_at',
  'f.waived_at',
  'f.waive_reason',
  'a.name',
  't.name as tower',
  'u.name as waiver',
] as const;

/** The condominium's fees, newest period first, then by dwelling id; with the total for the pages. */
export async function listLateFees(db: Kysely<Database>, auth: Auth, query: LateFeeListQuery) {
  let base = feesQuery(db, auth.condoId);
  if (query.periodo) base = base.where('f.period', '=', query.periodo);
  if (query.vivienda) base = base.where('f.apartment_id', '=', query.vivienda);
  const rows = await base
    .select(COLUMNS)
    .orderBy('f.period', 'desc')
    .orderBy('f.apartment_id')
    .orderBy('f.id')
    .limit(query.limit ?? LATE_FEES_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { items: rows.map(toFee), total: Number(count.n) };
}

async function feeOf(db: Kysely<Database>, condoId: number, id: number): Promise<LateFee | null> {
  const row = await feesQuery(db, condoId).select(COLUMNS).where('f.id', '=', id).executeTakeFirst();
  return row ? toFee(row) : null;
}

/** Waives one of the condominium's fees with a reason (404 another condominium's; 409 already waived). */
export async function waiveLateFee(db: Kysely<Database>, clock: Clock, auth: Auth, id: number, reason: string): Promise<LateFee> {
  const why = reason.trim();
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const fee = await trx
      .selectFrom('late_fees')
      .select(['id', 'apartment_id', 'period', 'amount_cents', 'waived_at'])
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!fee) throw feeNotFound();
    if (fee.waived_at !== null) throw alreadyWaived();
    const marked = await trx
      .updateTable('late_fees')
      .set({ waived_at: now, waived_by: auth.userId, waive_reason: why })
      .where('id', '=', fee.id)
      .where('waived_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw alreadyWaived();
    const today = await condoToday(trx, clock, auth.condoId);
    const credit = await trx
      .insertInto('dwelling_charges')
      .values({
        condo_id: auth.condoId,
        apartment_id: fee.apartment_id,
        concept: waiveConcept(fee.period),
        charged_on: today,
        due_on: today,
        amount_cents: -Number(fee.amount_cents),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('late_fees').set({ waive_charge_id: credit.id }).where('id', '=', fee.id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'late_fee',
      entityId: fee.id,
      action: 'condonar',
      before: { condonado: false },
      after: { condonado: true, motivo: why, monto: Number(fee.amount_cents), periodo: fee.period },
      at: now,
    });
  });
  return (await feeOf(db, auth.condoId, id))!;
}
