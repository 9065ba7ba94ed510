// What the reservations' scheduled job does when due: the reminder the day before, to the dwelling's residents,
// only while the reservation is still confirmed and has not started (a cancellation drops the job; this
// re-check covers a job already claimed).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DueJob, JobHandlers } from '../../infra/scheduledJobs';
import { tellDwelling } from './notices';
import { findReservation } from './rows';
import { RESERVATION_REMINDER_JOB } from './schedule';

async function remind(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const id = Number(job.key);
  if (!Number.isSafeInteger(id)) return;
  const row = await findReservation(trx, null, id);
  if (row?.state !== 'confirmada' || clock.now().getTime() >= Date.parse(row.starts_at)) return;
  await tellDwelling(trx, clock, row, 'reminder', null);
}

export const RESERVATION_JOB_HANDLERS: JobHandlers = { [RESERVATION_REMINDER_JOB]: remind };
