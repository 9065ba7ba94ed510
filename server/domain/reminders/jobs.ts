// The daily reminder run (server/infra/scheduledJobs.ts): every condominium whose reminders are on gets today's
// (send.ts), in the job's one transaction; every run that finds one asks for the next day's (schedule.ts). The
// handlers close over the server's own address, which a reminder's mail links to.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { JobHandlers } from '../../infra/scheduledJobs';
import { REMINDER_JOB, scheduleReminderJob } from './schedule';
import { condosWithReminders, sendReminders } from './send';

/** Sends today's reminders in every condominium with reminders on; answers how many went out. */
export async function sendAllReminders(trx: Kysely<Database>, clock: Clock, baseUrl: string | null): Promise<number> {
  let sent = 0;
  for (const condoId of await condosWithReminders(trx)) sent += await sendReminders(trx, clock, condoId, baseUrl);
  return sent;
}

export function reminderJobHandlers(baseUrl: string | null): JobHandlers {
  return {
    [REMINDER_JOB]: async (trx, _job, clock) => {
      await sendAllReminders(trx, clock, baseUrl);
      if ((await condosWithReminders(trx)).length > 0) await scheduleReminderJob(trx, clock.now());
    },
  };
}
