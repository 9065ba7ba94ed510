// The scheduled jobs of a poll (server/infra/scheduledJobs.ts; their handlers are in jobs.ts): the opening at
// `abre` (fix the electorate, tell its people), the reminder POLL_REMINDER_HOURS before `cierra` (those who have
// not voted), and the closing at `cierra`. Moved when the times move; dropped when the poll ends early.
import type { Kysely } from 'kysely';
import { POLL_REMINDER_HOURS } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../infra/scheduledJobs';
import type { PollRow } from './rows';

export const POLL_OPEN_JOB = 'poll-open';
export const POLL_REMINDER_JOB = 'poll-reminder';
export const POLL_CLOSE_JOB = 'poll-close';
const POLL_JOBS = [POLL_OPEN_JOB, POLL_REMINDER_JOB, POLL_CLOSE_JOB] as const;

const HOUR_MS = 3_600_000;

/** The reminder's time; null when the poll is open for less than that (it would come at the opening). */
export function reminderAt(row: Pick<PollRow, 'opens_at' | 'closes_at'>): string | null {
  const at = Date.parse(row.closes_at) - POLL_REMINDER_HOURS * HOUR_MS;
  return at > Date.parse(row.opens_at) ? new Date(at).toISOString() : null;
}

async function dropJobs(trx: Kysely<Database>, pollId: number, kinds: readonly string[]): Promise<void> {
  // A runner holding one of them then cannot mark it done, and its work rolls back (scheduledJobs.ts).
  await trx
    .deleteFrom('scheduled_jobs')
    .where('kind', 'in', [...kinds])
    .where('key', '=', String(pollId))
    .where('done_at', 'is', null)
    .execute();
}

/** A published poll: its opening, reminder and closing, at its times (again, when they moved). */
export async function schedulePollJobs(trx: Kysely<Database>, row: Pick<PollRow, 'id' | 'opens_at' | 'closes_at'>, now: Date) {
  await scheduleJob(trx, POLL_OPEN_JOB, row.id, row.opens_at, now);
  await scheduleClosing(trx, row, now);
}

/** The reminder and the closing (an extension moves them; the opening has happened). */
export async function scheduleClosing(trx: Kysely<Database>, row: Pick<PollRow, 'id' | 'opens_at' | 'closes_at'>, now: Date) {
  const remind = reminderAt(row);
  if (remind !== null && Date.parse(remind) > now.getTime()) await scheduleJob(trx, POLL_REMINDER_JOB, row.id, remind, now);
  else await dropJobs(trx, row.id, [POLL_REMINDER_JOB]);
  await scheduleJob(trx, POLL_CLOSE_JOB, row.id, row.closes_at, now);
}

/** Closed early or cancelled: nothing more is due. */
export const dropPollJobs = (trx: Kysely<Database>, pollId: number) => dropJobs(trx, pollId, POLL_JOBS);
