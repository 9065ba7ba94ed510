// When the daily reminder run happens: 15:00 UTC, 09:00 in Mexico City (and 08:00 in Tijuana, 09:00 in Cancún
// in winter): a reminder read in the morning, not at midnight. One slot per UTC day, so two processes never run
// one day twice (claimJob), and the unique key of reminded_charges would still tell nothing twice if they did.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dailySlot, scheduleJobOnce } from '../../infra/scheduledJobs';

export const REMINDER_JOB = 'payment-reminders';
const RUN_HOUR_UTC = 15;
const HOUR_MS = 3_600_000;

/** The next run at RUN_HOUR_UTC after `now` (a minute on, so a run does not name its own slot). */
export function nextReminderSlot(now: Date): { key: string; dueAt: Date } {
  const shifted = dailySlot(new Date(now.getTime() + 60_000 - RUN_HOUR_UTC * HOUR_MS));
  return { key: shifted.key, dueAt: new Date(shifted.dueAt.getTime() + RUN_HOUR_UTC * HOUR_MS) };
}

export async function scheduleReminderJob(db: Kysely<Database>, now: Date): Promise<void> {
  const slot = nextReminderSlot(now);
  await scheduleJobOnce(db, REMINDER_JOB, slot.key, slot.dueAt, now);
}
