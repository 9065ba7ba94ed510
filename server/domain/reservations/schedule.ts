// The scheduled job of a confirmed reservation (server/infra/scheduledJobs.ts): the reminder
// RESERVATION_REMINDER_HOURS before it starts. Scheduled on confirmation; dropped when it is cancelled. The
// handler (jobs.ts) does nothing if the reservation is no longer confirmed by then.
import type { Kysely } from 'kysely';
import { RESERVATION_REMINDER_HOURS } from '../../../src/api/reservations';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../infra/scheduledJobs';
import type { ReservationRow } from './rows';

export const RESERVATION_REMINDER_JOB = 'reservation-reminder';

/** The reminder's time, or null when that moment has passed already (booked less than a day ahead). */
export function reminderAt(row: Pick<ReservationRow, 'starts_at'>, now: Date): string | null {
  const at = Date.parse(row.starts_at) - RESERVATION_REMINDER_HOURS * 3_600_000;
  return at > now.getTime() ? new Date(at).toISOString() : null;
}

export async function scheduleReminder(trx: Kysely<Database>, row: Pick<ReservationRow, 'id' | 'starts_at'>, now: Date) {
  const at = reminderAt(row, now);
  if (at !== null) await scheduleJob(trx, RESERVATION_REMINDER_JOB, row.id, at, now);
}

export async function dropReminder(trx: Kysely<Database>, reservationId: number) {
  await trx
    .deleteFrom('scheduled_jobs')
    .where('kind', '=', RESERVATION_REMINDER_JOB)
    .where('key', '=', String(reservationId))
    .where('done_at', 'is', null)
    .execute();
}
