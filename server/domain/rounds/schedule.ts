// The rounds a plan's schedule makes (src/api/rounds.ts windowSlots): each slot of yesterday's, today's and
// tomorrow's windows (the condominium's calendar) is a round with one stop per checkpoint of the plan, due its
// tolerance after the slot; a slot already closed is never made (no round is missed before it existed). Made once:
// rounds are unique by (plan, slot), so two processes making the same day write it once. Each new round asks for
// its watch (jobs.ts) at its first due time; each plan asks for tomorrow's making.
import type { Kysely } from 'kysely';
import { roundClosesAt, windowSlots } from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { scheduleJobOnce } from '../../infra/scheduledJobs';
import { localDate, localToUtc, startOfLocalDay, timeZoneOf } from '../shared/zonedTime';

export const ROUND_PLAN_JOB = 'round-plan';
export const ROUND_WATCH_JOB = 'round-watch';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE = 60_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The watch of a round at `at` (one job per round and instant). */
export async function scheduleWatch(trx: Kysely<Database>, roundId: number, at: string, now: Date): Promise<void> {
  await scheduleJobOnce(trx, ROUND_WATCH_JOB, `${roundId}@${at}`, at, now);
}

/** Makes the plan's missing rounds around today; answers how many were made. */
export async function makePlanRounds(trx: Kysely<Database>, clock: Clock, planId: number): Promise<number> {
  const plan = await trx.selectFrom('round_plans').selectAll().where('id', '=', planId).executeTakeFirst();
  if (plan?.active !== 1) return 0;
  const stops = await trx
    .selectFrom('round_plan_stops as s')
    .innerJoin('round_checkpoints as c', 'c.id', 's.checkpoint_id')
    .select(['s.checkpoint_id', 's.position', 's.tolerance_minutes'])
    .where('s.plan_id', '=', planId)
    .where('c.active', '=', 1)
    .orderBy('s.position')
    .execute();
  if (stops.length === 0) return 0;
  const timeZone = await timeZoneOf(trx, plan.condo_id);
  const now = clock.now();
  const today = localDate(now, timeZone);
  let made = 0;
  for (const day of [shiftDay(today, -1), today, shiftDay(today, 1)]) {
    const windowStart = new Date(localToUtc(`${day}T${plan.from_time}`, timeZone));
    for (const slot of windowSlots(windowStart, { everyHours: plan.every_hours, from: plan.from_time, to: plan.to_time })) {
      const closesAt = roundClosesAt(
        slot,
        stops.map((s) => s.tolerance_minutes),
      );
      if (closesAt.getTime() <= now.getTime()) continue;
      const inserted = await trx
        .insertInto('rounds')
        .values({
          condo_id: plan.condo_id,
          plan_id: plan.id,
          slot_at: slot.toISOString(),
          closes_at: closesAt.toISOString(),
          status: 'scheduled',
          started_at: null,
          finished_at: null,
          walked_by_user_id: null,
          device_id: null,
          missed_notified_at: null,
        })
        .onConflict((oc) => oc.columns(['plan_id', 'slot_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      made += 1;
      await trx
        .insertInto('round_stops')
        .values(
          stops.map((s, index) => ({
            round_id: inserted.id,
            checkpoint_id: s.checkpoint_id,
            position: index + 1,
            due_at: new Date(slot.getTime() + s.tolerance_minutes * MINUTE).toISOString(),
            status: 'pending',
            scan_id: null,
            scanned_at: null,
            late_notified_at: null,
          })),
        )
        .execute();
      const firstDue = Math.min(...stops.map((s) => slot.getTime() + s.tolerance_minutes * MINUTE));
      await scheduleWatch(trx, inserted.id, new Date(firstDue).toISOString(), now);
    }
  }
  // Tomorrow's making, at the start of tomorrow in the condominium.
  const tomorrow = shiftDay(today, 1);
  await scheduleJobOnce(trx, ROUND_PLAN_JOB, `${plan.id}@${tomorrow}`, startOfLocalDay(tomorrow, timeZone), now);
  return made;
}

/** A plan changed: its rounds not started yet are made again from the plan as it is now. */
export async function remakePlanRounds(trx: Kysely<Database>, clock: Clock, planId: number): Promise<void> {
  await trx
    .deleteFrom('rounds')
    .where('plan_id', '=', planId)
    .where('status', '=', 'scheduled')
    .where('slot_at', '>', clock.now().toISOString())
    .execute();
  await makePlanRounds(trx, clock, planId);
}
