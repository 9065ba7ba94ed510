// The rounds' scheduled jobs (server/infra/scheduledJobs.ts). round-plan makes a plan's rounds for the days around
// today (schedule.ts) and asks for tomorrow's. round-watch, at each due time of a round: every checkpoint past its
// due time and not scanned is marked late, and once the round closes every checkpoint still not scanned is missed
// and the round is closed (done, late or missed). Each mark is a conditional UPDATE, and only the process whose
// update changed the row tells the supervisors: one notice per late checkpoint and per missed round, however many
// processes run the jobs.
import type { Kysely } from 'kysely';
import { closedStatus, type StopStatus } from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DueJob, JobHandlers } from '../../infra/scheduledJobs';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { publishRound, tellSupervisors } from './notices';
import { makePlanRounds, ROUND_PLAN_JOB, ROUND_WATCH_JOB, scheduleWatch } from './schedule';

type Db = Kysely<Database>;

/** Marks what is due in the round; answers whether anything changed. */
export async function watchRound(trx: Db, clock: Clock, roundId: number): Promise<boolean> {
  const round = await trx
    .selectFrom('rounds as r')
    .innerJoin('round_plans as p', 'p.id', 'r.plan_id')
    .select(['r.id', 'r.condo_id', 'r.status', 'r.slot_at', 'r.closes_at', 'p.name as plan'])
    .where('r.id', '=', roundId)
    .executeTakeFirst();
  if (!round || (round.status !== 'scheduled' && round.status !== 'walking')) return false;
  const now = clock.now();
  const nowIso = now.toISOString();
  const timeZone = await timeZoneOf(trx, round.condo_id);
  const slot = utcToLocal(round.slot_at, timeZone).replace('T', ' ');
  let changed = false;
  const overdue = await trx
    .selectFrom('round_stops as s')
    .innerJoin('round_checkpoints as c', 'c.id', 's.checkpoint_id')
    .select(['s.id', 'c.name'])
    .where('s.round_id', '=', round.id)
    .where('s.status', '=', 'pending')
    .where('s.due_at', '<=', nowIso)
    .orderBy('s.position')
    .execute();
  for (const stop of overdue) {
    const marked = await trx
      .updateTable('round_stops')
      .set({ status: 'late', late_notified_at: nowIso })
      .where('id', '=', stop.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) continue;
    changed = true;
    await tellSupervisors(trx, clock, round.condo_id, {
      kind: 'late',
      roundId: round.id,
      checkpoint: stop.name,
      plan: round.plan,
      slot,
    });
  }
  if (round.closes_at <= nowIso) {
    await trx
      .updateTable('round_stops')
      .set({ status: 'missed' })
      .where('round_id', '=', round.id)
      .where('scanned_at', 'is', null)
      .execute();
    const stops = await trx.selectFrom('round_stops').select(['status', 'scanned_at']).where('round_id', '=', round.id).execute();
    const status = closedStatus(stops.map((s) => ({ status: s.status as StopStatus, scanned: s.scanned_at !== null })));
    const closed = await trx
      .updateTable('rounds')
      .set({
        status,
        finished_at: round.status === 'walking' ? nowIso : null,
        missed_notified_at: status === 'missed' ? nowIso : null,
      })
      .where('id', '=', round.id)
      .where('status', 'in', ['scheduled', 'walking'])
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 1) {
      changed = true;
      if (status === 'missed') {
        const missing = stops.filter((s) => s.scanned_at === null).length;
        await tellSupervisors(trx, clock, round.condo_id, { kind: 'missed', roundId: round.id, plan: round.plan, slot, missing });
      }
    }
  } else {
    const next = await trx
      .selectFrom('round_stops')
      .select('due_at')
      .where('round_id', '=', round.id)
      .where('status', '=', 'pending')
      .orderBy('due_at')
      .executeTakeFirst();
    await scheduleWatch(trx, round.id, next && next.due_at < round.closes_at ? next.due_at : round.closes_at, now);
  }
  if (changed) await publishRound(trx, clock, { id: round.id, condoId: round.condo_id });
  return changed;
}

async function watch(trx: Db, job: DueJob, clock: Clock): Promise<void> {
  const id = Number(job.key.split('@')[0]);
  if (Number.isSafeInteger(id)) await watchRound(trx, clock, id);
}

async function plan(trx: Db, job: DueJob, clock: Clock): Promise<void> {
  const id = Number(job.key.split('@')[0]);
  if (Number.isSafeInteger(id)) await makePlanRounds(trx, clock, id);
}

export const ROUND_JOB_HANDLERS: JobHandlers = { [ROUND_WATCH_JOB]: watch, [ROUND_PLAN_JOB]: plan };
