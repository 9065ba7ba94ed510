// The late-fee rule and its exemptions (recargos, issue 27), for administrators (the route checks
// permissions.canManageLateFees). Every change writes its history row in its own transaction: the rule as
// 'late_fee_rule' (create or update), an exemption as 'late_fee_exemption' (create or delete). Saving an active
// rule asks for the daily job (jobs.ts). Another condominium's dwelling or exemption is 404.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type LateFeeDwelling,
  type LateFeeExemption,
  type LateFeeExemptionDraft,
  type LateFeeRule,
  NO_LATE_FEE_RULE,
  periodOf,
  ruleProblem,
} from '../../../src/api/lateFees';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { condoToday } from '../shared/zonedTime';
import { ruleOf } from './apply';
import { scheduleLateFeeJob } from './jobs';

const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
const dwellingName = (a: { name: string; tower: string | null }) => (a.tower ? `${a.tower} - ${a.name}` : a.name);

export const dwellingNotFound = () => new AppError(404, ErrorCodes.notFound, 'lateFees.error.dwellingNotFound');
const exemptionNotFound = () => new AppError(404, ErrorCodes.notFound, 'lateFees.error.exemptionNotFound');
const alreadyExempt = () => new AppError(409, ErrorCodes.conflict, 'lateFees.error.alreadyExempt', 'apartmentId');

export async function readRule(db: Kysely<Database>, condoId: number): Promise<LateFeeRule> {
  const row = await db.selectFrom('late_fee_rules').selectAll().where('condo_id', '=', condoId).executeTakeFirst();
  return row ? ruleOf(row) : NO_LATE_FEE_RULE;
}

async function activeDwellings(db: Kysely<Database>, condoId: number): Promise<LateFeeDwelling[]> {
  const rows = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .execute();
  return rows
    .map((a) => ({ id: a.id, nombre: dwellingName(a) }))
    .sort((x, y) => byName.compare(x.nombre, y.nombre) || x.id - y.id);
}

async function exemptionsOf(db: Kysely<Database>, condoId: number, id?: number): Promise<LateFeeExemption[]> {
  let query = db
    .selectFrom('late_fee_exemptions as e')
    .innerJoin('apartments as a', 'a.id', 'e.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['e.id', 'e.apartment_id', 'e.reason', 'e.created_at', 'a.name', 't.name as tower'])
    .where('e.condo_id', '=', condoId);
  if (id !== undefined) query = query.where('e.id', '=', id);
  const rows = await query.execute();
  return rows
    .map((r) => ({ id: r.id, apartmentId: r.apartment_id, vivienda: dwellingName(r), reason: r.reason, createdAt: r.created_at }))
    .sort((x, y) => byName.compare(x.vivienda, y.vivienda) || x.id - y.id);
}

/** The screen's settings: the rule (inactive zeros when none was saved), the exemptions, the dwellings, the period. */
export async function lateFeeSettings(db: Kysely<Database>, clock: Clock, auth: Auth) {
  return {
    rule: await readRule(db, auth.condoId),
    exemptions: await exemptionsOf(db, auth.condoId),
    dwellings: await activeDwellings(db, auth.condoId),
    period: periodOf(await condoToday(db, clock, auth.condoId)),
  };
}

/** Saves the rule (400 on the field when an active rule would charge 0); asks for the daily job when active. */
export async function saveRule(db: Kysely<Database>, clock: Clock, auth: Auth, rule: LateFeeRule): Promise<LateFeeRule> {
  const problem = ruleProblem(rule);
  if (problem === 'amountCents') throw new AppError(400, ErrorCodes.badRequest, 'lateFees.error.amountCents', problem);
  if (problem === 'percentBp') throw new AppError(400, ErrorCodes.badRequest, 'lateFees.error.percentBp', problem);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const before = await trx.selectFrom('late_fee_rules').selectAll().where('condo_id', '=', auth.condoId).executeTakeFirst();
    const values = {
      kind: rule.kind,
      amount_cents: rule.amountCents,
      percent_bp: rule.percentBp,
      grace_days: rule.graceDays,
      cap_cents: rule.capCents,
      active: rule.active ? (1 as const) : (0 as const),
      updated_at: now.toISOString(),
      updated_by: auth.userId,
    };
    let id: number;
    if (before) {
      id = before.id;
      await trx.updateTable('late_fee_rules').set(values).where('id', '=', id).execute();
    } else {
      id = (
        await trx
          .insertInto('late_fee_rules')
          .values({ condo_id: auth.condoId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'late_fee_rule',
      entityId: id,
      action: before ? 'update' : 'create',
      before: before ? ruleOf(before) : undefined,
      after: rule,
      at: now,
    });
    if (rule.active) await scheduleLateFeeJob(trx, now);
  });
  return rule;
}

/** Exempts an active dwelling of the condominium (404 otherwise; 409 when it is already exempt). */
export async function addExemption(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: LateFeeExemptionDraft,
): Promise<LateFeeExemption> {
  const now = clock.now().toISOString();
  const reason = draft.reason.trim();
  const id = await db.transaction().execute(async (trx) => {
    const apartment = await trx
      .selectFrom('apartments')
      .select('id')
      .where('id', '=', draft.apartmentId)
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!apartment) throw dwellingNotFound();
    const row = await trx
      .insertInto('late_fee_exemptions')
      .values({ condo_id: auth.condoId, apartment_id: apartment.id, reason, created_at: now, created_by: auth.userId })
      .onConflict((oc) => oc.columns(['condo_id', 'apartment_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw alreadyExempt();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'late_fee_exemption',
      entityId: row.id,
      action: 'create',
      after: { apartmentId: apartment.id, motivo: reason },
      at: now,
    });
    return row.id;
  });
  return (await exemptionsOf(db, auth.condoId, id))[0]!;
}

/** Removes an exemption of the condominium (404 otherwise). */
export async function removeExemption(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('late_fee_exemptions')
      .select(['id', 'apartment_id', 'reason'])
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!row) throw exemptionNotFound();
    const deleted = await trx.deleteFrom('late_fee_exemptions').where('id', '=', row.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw exemptionNotFound();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'late_fee_exemption',
      entityId: row.id,
      action: 'delete',
      before: { apartmentId: row.apartment_id, motivo: row.reason },
      at: clock.now(),
    });
  });
}
