// The daily purge of password-reset links that ended over a day ago (server/infra/scheduledJobs.ts): every new
// link asks for it as it is written (schedulePasswordResetPurge, in sendPasswordReset's transaction). A link ends
// at its expires_at, RESET_TOKEN_MINUTES after it was sent; a used or revoked one is worthless from then on too
// and goes at the same time. Rows stay a day after they end, like sessions (shared/sessionRows.ts); one bounded
// batch per run, and a full batch asks for a sequel at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { type DueJob, dailySlot, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';

export const PASSWORD_RESET_PURGE_JOB = 'password-reset-purge';
/** Ended links deleted by one run, at most. */
export const PASSWORD_RESET_PURGE_BATCH = 500;
/** How long a link is kept after it ends. */
export const ENDED_RESETS_KEPT_MS = 24 * 60 * 60_000;

/** Schedules the purge that finds a link ending at `end` a day over: the first daily purge after that, once. */
export async function schedulePasswordResetPurge(db: Kysely<Database>, end: string, now: Date): Promise<void> {
  const slot = dailySlot(new Date(Date.parse(end) + ENDED_RESETS_KEPT_MS));
  await scheduleJobOnce(db, PASSWORD_RESET_PURGE_JOB, slot.key, slot.dueAt, now);
}

/** Deletes up to PASSWORD_RESET_PURGE_BATCH links that ended over ENDED_RESETS_KEPT_MS ago; answers whether the
 * batch was full. */
export async function purgeEndedResets(trx: Kysely<Database>, clock: Clock): Promise<boolean> {
  const endedBefore = new Date(clock.now().getTime() - ENDED_RESETS_KEPT_MS).toISOString();
  const ended = await trx
    .selectFrom('password_resets')
    .select('id')
    .where('expires_at', '<', endedBefore)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(PASSWORD_RESET_PURGE_BATCH)
    .execute();
  if (ended.length === 0) return false;
  const ids = ended.map((row) => row.id);
  await trx.deleteFrom('password_resets').where('id', 'in', ids).execute();
  return ended.length === PASSWORD_RESET_PURGE_BATCH;
}

async function purgeResets(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  if (await purgeEndedResets(trx, clock)) {
    await scheduleJobOnce(trx, PASSWORD_RESET_PURGE_JOB, sequelKey(job.key), clock.now(), clock.now());
  }
}

export const ACCOUNT_JOB_HANDLERS: JobHandlers = { [PASSWORD_RESET_PURGE_JOB]: purgeResets };
