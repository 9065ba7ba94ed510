// What the sessions area's scheduled jobs do when due (server/infra/scheduledJobs.ts): the daily purge of session
// rows that ended over a day ago, which every new row asks for as it is written (shared/sessionRows.ts
// scheduleSessionPurge). A row ends at its expires_at, the idle expiry that never passes its absolute end, whatever
// its kind: working sessions (idle, at their absolute end, or revoked), sign-in and bridge tokens, spent or not. A
// product token ends with its working session and goes with it: its own expires_at is its session's first one and
// is never moved on. One bounded batch per run, in the run's transaction; a full batch asks for a sequel at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { type DueJob, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';
import { ENDED_SESSIONS_KEPT_MS, SESSION_PURGE_JOB } from '../shared/sessionRows';

/** Ended sessions deleted by one run, at most (their product tokens go with them). */
export const SESSION_PURGE_BATCH = 500;

/** Deletes up to SESSION_PURGE_BATCH sessions that ended over ENDED_SESSIONS_KEPT_MS ago, and their product
 * tokens; answers whether the batch was full. */
export async function purgeEndedSessions(trx: Kysely<Database>, clock: Clock): Promise<boolean> {
  const endedBefore = new Date(clock.now().getTime() - ENDED_SESSIONS_KEPT_MS).toISOString();
  const ended = await trx
    .selectFrom('sessions')
    .select('id')
    .where('expires_at', '<', endedBefore)
    .where('kind', '!=', 'product')
    .orderBy('expires_at')
    .orderBy('id')
    .limit(SESSION_PURGE_BATCH)
    .execute();
  if (ended.length === 0) return false;
  const ids = ended.map((row) => row.id);
  // The foreign key cascades too; deleting the tokens first says so here and needs no pragma.
  await trx.deleteFrom('sessions').where('parent_id', 'in', ids).execute();
  await trx.deleteFrom('sessions').where('id', 'in', ids).execute();
  return ended.length === SESSION_PURGE_BATCH;
}

async function purgeSessions(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  if (await purgeEndedSessions(trx, clock)) {
    await scheduleJobOnce(trx, SESSION_PURGE_JOB, sequelKey(job.key), clock.now(), clock.now());
  }
}

export const SESSION_JOB_HANDLERS: JobHandlers = { [SESSION_PURGE_JOB]: purgeSessions };
