// The parcels' scheduled job (server/infra/scheduledJobs.ts): once a day, the residents of every parcel waiting
// its condominium's parcelReminderDays (default PARCEL_REMINDER_DAYS) or more are reminded, at most once per parcel per (UTC) day, each reminder counted on
// the parcel (reminders, reminded_at). Every arrival asks for the run that will first find it due; a run that
// leaves parcels waiting asks for the next day's; a full batch asks for a sequel at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { type DueJob, dailySlot, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';
import { tellResidents } from './notices';
import { pickupCoder } from './pickupCode';
import { parcelRows } from './rows';

export const PARCEL_REMINDER_JOB = 'parcel-reminders';
/** Parcels reminded by one run, at most. */
export const PARCEL_REMINDER_BATCH = 200;

const DAY_MS = 24 * 60 * 60_000;

/** Reminds a batch of due parcels; answers how many were reminded and whether the batch was full. */
export async function remindWaitingParcels(trx: Kysely<Database>, clock: Clock): Promise<{ reminded: number; full: boolean }> {
  const now = clock.now();
  // Each condominium with parcels waiting, and the arrival time before which its parcels are due.
  const condos = await trx
    .selectFrom('condominiums as c')
    .select(['c.id', 'c.parcel_reminder_days'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('parcels as w').select('w.id').whereRef('w.condo_id', '=', 'c.id').where('w.status', '=', 'waiting'),
      ),
    )
    .execute();
  if (condos.length === 0) return { reminded: 0, full: false };
  const dueBefore = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const today = now.toISOString().slice(0, 10);
  const due = await parcelRows(trx)
    .where('p.status', '=', 'waiting')
    .where((eb) =>
      eb.or(
        condos.map((c) => eb.and([eb('p.condo_id', '=', c.id), eb('p.arrived_at', '<=', dueBefore(c.parcel_reminder_days))])),
      ),
    )
    .where((eb) => eb.or([eb('p.reminded_at', 'is', null), eb('p.reminded_at', '<', `${today}T00:00:00.000Z`)]))
    .orderBy('p.arrived_at')
    .orderBy('p.id')
    .limit(PARCEL_REMINDER_BATCH)
    .execute();
  const code = await pickupCoder(trx, clock);
  for (const parcel of due) {
    const days = Math.floor((now.getTime() - Date.parse(parcel.arrived_at)) / DAY_MS);
    await tellResidents(trx, clock, parcel, code(parcel), { kind: 'reminder', days });
    await trx
      .updateTable('parcels')
      .set((eb) => ({ reminders: eb('reminders', '+', 1), reminded_at: now.toISOString() }))
      .where('id', '=', parcel.id)
      .execute();
  }
  return { reminded: due.length, full: due.length === PARCEL_REMINDER_BATCH };
}

async function remindParcels(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const now = clock.now();
  const { full } = await remindWaitingParcels(trx, clock);
  if (full) {
    await scheduleJobOnce(trx, PARCEL_REMINDER_JOB, sequelKey(job.key), now, now);
    return;
  }
  const stillWaiting = await trx.selectFrom('parcels').select('id').where('status', '=', 'waiting').limit(1).executeTakeFirst();
  if (stillWaiting) {
    // Tomorrow's run (a minute on, so a run at midnight itself does not name its own slot).
    const next = dailySlot(new Date(now.getTime() + 60_000));
    await scheduleJobOnce(trx, PARCEL_REMINDER_JOB, next.key, next.dueAt, now);
  }
}

export const PARCEL_JOB_HANDLERS: JobHandlers = { [PARCEL_REMINDER_JOB]: remindParcels };
