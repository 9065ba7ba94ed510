// Keeping checkpoints and plans (supervisors and administrators). A checkpoint gets a random code when made (the
// text of its QR sheet) that never changes; retiring one keeps it in the rounds that walked it. A plan's stops are
// written again whole on every save, and its coming rounds not started are made again (schedule.ts). Every change
// writes a history row in its transaction.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Checkpoint, CheckpointRequest, Plan, PlanRequest } from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { remakePlanRounds } from './schedule';

type Db = Kysely<Database>;

/** A checkpoint's code: 'RC-' and 16 random characters, unguessable, fit for a QR code of a few modules. */
export const newCheckpointCode = () => `RC-${randomBytes(12).toString('base64url')}`;

const toCheckpoint = (r: {
  id: number;
  name: string;
  place: string;
  instructions: string;
  code: string;
  nfc_tag: string | null;
  active: number;
}): Checkpoint => ({
  id: r.id,
  name: r.name,
  place: r.place,
  instructions: r.instructions,
  code: r.code,
  nfcTag: r.nfc_tag,
  active: r.active === 1,
});

export async function listCheckpoints(db: Db, auth: Auth): Promise<Checkpoint[]> {
  const rows = await db
    .selectFrom('round_checkpoints')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toCheckpoint);
}

async function checkpointRow(db: Db, auth: Auth, id: number) {
  const row = await db
    .selectFrom('round_checkpoints')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function saveCheckpoint(db: Db, clock: Clock, auth: Auth, input: CheckpointRequest): Promise<Checkpoint> {
  const values = {
    name: input.name.trim(),
    place: input.place.trim(),
    instructions: input.instructions.trim(),
    nfc_tag: input.nfcTag ? input.nfcTag.toLowerCase() : null,
  };
  const id = await db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    if (input.id === undefined) {
      const { id } = await trx
        .insertInto('round_checkpoints')
        .values({ condo_id: auth.condoId, code: newCheckpointCode(), created_at: now, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'round_checkpoint',
        entityId: id,
        action: 'create',
        after: { name: values.name, place: values.place },
        at: now,
      });
      return id;
    }
    const before = await checkpointRow(trx, auth, input.id);
    await trx.updateTable('round_checkpoints').set(values).where('id', '=', before.id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'round_checkpoint',
      entityId: before.id,
      action: 'update',
      before: { name: before.name, place: before.place },
      after: { name: values.name, place: values.place },
      at: now,
    });
    return before.id;
  });
  return toCheckpoint(await checkpointRow(db, auth, id));
}

export async function retireCheckpoint(db: Db, clock: Clock, auth: Auth, id: number): Promise<Checkpoint> {
  await db.transaction().execute(async (trx) => {
    const before = await checkpointRow(trx, auth, id);
    if (before.active === 0) return;
    await trx.updateTable('round_checkpoints').set({ active: 0 }).where('id', '=', id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'round_checkpoint',
      entityId: id,
      action: 'desactivar',
      before: { active: true },
      after: { active: false },
      at: clock.now(),
    });
  });
  return toCheckpoint(await checkpointRow(db, auth, id));
}

export async function listPlans(db: Db, auth: Auth): Promise<Plan[]> {
  const plans = await db.selectFrom('round_plans').selectAll().where('condo_id', '=', auth.condoId).orderBy('id').execute();
  if (plans.length === 0) return [];
  const stops = await db
    .selectFrom('round_plan_stops as s')
    .innerJoin('round_checkpoints as c', 'c.id', 's.checkpoint_id')
    .select(['s.plan_id', 's.checkpoint_id', 'c.name', 's.tolerance_minutes'])
    .where(
      's.plan_id',
      'in',
      plans.map((p) => p.id),
    )
    .orderBy('s.plan_id')
    .orderBy('s.position')
    .execute();
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    ordered: p.ordered === 1,
    everyHours: p.every_hours,
    from: p.from_time,
    to: p.to_time,
    active: p.active === 1,
    stops: stops
      .filter((s) => s.plan_id === p.id)
      .map((s) => ({ checkpointId: s.checkpoint_id, name: s.name, toleranceMinutes: s.tolerance_minutes })),
  }));
}

export async function savePlan(db: Db, clock: Clock, auth: Auth, input: PlanRequest): Promise<Plan> {
  const ids = input.stops.map((s) => s.checkpointId);
  if (new Set(ids).size !== ids.length) throw new AppError(400, ErrorCodes.badRequest, 'rounds.refusal.repeated', 'stops');
  const id = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const known = await trx
      .selectFrom('round_checkpoints')
      .select('id')
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .where('id', 'in', ids)
      .execute();
    if (known.length !== ids.length) throw new AppError(400, ErrorCodes.badRequest, 'rounds.refusal.checkpoint', 'stops');
    const now = clock.now().toISOString();
    const values = {
      name: input.name.trim(),
      ordered: input.ordered ? (1 as const) : (0 as const),
      every_hours: input.everyHours,
      from_time: input.from,
      to_time: input.to,
      updated_at: now,
    };
    let planId: number;
    if (input.id === undefined) {
      planId = (
        await trx
          .insertInto('round_plans')
          .values({ condo_id: auth.condoId, created_at: now, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const before = await trx
        .selectFrom('round_plans')
        .select(['id', 'name'])
        .where('id', '=', input.id)
        .where('condo_id', '=', auth.condoId)
        .executeTakeFirst();
      if (!before) throw notFound();
      planId = before.id;
      await trx.updateTable('round_plans').set(values).where('id', '=', planId).execute();
      await trx.deleteFrom('round_plan_stops').where('plan_id', '=', planId).execute();
    }
    await trx
      .insertInto('round_plan_stops')
      .values(
        input.stops.map((s, index) => ({
          plan_id: planId,
          checkpoint_id: s.checkpointId,
          position: index + 1,
          tolerance_minutes: s.toleranceMinutes,
        })),
      )
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'round_plan',
      entityId: planId,
      action: input.id === undefined ? 'create' : 'update',
      after: { name: values.name },
      at: now,
    });
    await remakePlanRounds(trx, clock, planId);
    return planId;
  });
  const plan = (await listPlans(db, auth)).find((p) => p.id === id);
  if (!plan) throw notFound();
  return plan;
}
