// When the daily reminder run happens: 15:00 UTC, 09:00 in Mexico City (and 08:00 in Tijuana, 09:00 in Cancún
// in winter): a reminder read in the morning, not at midnight. One slot per UTC day, so two processes never run
// one day twice (claimJob), and the unique key of reminded_charges would still tell nothing twice if they did.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MORNING_RUN_HOUR_UTC, nextDailySlotAt, scheduleJobOnce } from '../../infra/scheduledJobs';

export const REMINDER_JOB = 'payment-reminders';

/** The next run at 15:00 UTC after `now`. */
export const nextReminderSlot = (now: Date) => nextDailySlotAt(now, MORNING_RUN_HOUR_UTC);

export async function scheduleReminderJob(db: Kysely<Database>, now: Date): Promise<void> {
  const slot = nextReminderSlot(now);
  await scheduleJobOnce(db, REMINDER_JOB, slot.key, slot.dueAt, now);
}
