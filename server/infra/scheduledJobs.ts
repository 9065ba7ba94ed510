// Scheduled work (DESIGN.md §8): a row of scheduled_jobs says "do <kind> for <key> at <due_at>". Every server
// process runs a runner (the mail outbox's lease pattern, generalised): it claims each due row with one
// conditional UPDATE (atomic on SQLite and PostgreSQL alike), runs the kind's handler and marks the row done
// in one transaction, so each due item is handled once however many processes poll, and a process that dies
// mid-job only delays it until its lease ends. A handler that throws is retried later, a few times.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from './clock';
import { createLeasedPoller, type Poller, type PollOutcome } from './leasedPoller';
import { failureText } from './mail/mailer';

export interface DueJob {
  id: number;
  kind: string;
  key: string;
  dueAt: string;
  /** This attempt included. */
  attempts: number;
}

/**
 * Does the job's work in `trx`, the transaction that also marks it done: both commit or neither. Handlers
 * re-check what they act on (is the request still open?), since what was true when the job was scheduled
 * may no longer be.
 */
export type JobHandler = (trx: Kysely<Database>, job: DueJob, clock: Clock) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** How long a claim lasts: far longer than a job's transaction takes. */
export const JOB_LEASE_MS = 5 * 60_000;
/** The wait after the first failure; each further failure doubles it, up to JOB_RETRY_MAX_DELAY_MS. */
export const JOB_RETRY_FIRST_DELAY_MS = 60_000;
export const JOB_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** After this many failed attempts the job is given up (done_at set, last_error kept for people to read). */
export const JOB_MAX_ATTEMPTS = 10;

export const jobRetryDelayMs = (attempts: number) =>
  Math.min(JOB_RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), JOB_RETRY_MAX_DELAY_MS);

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());
const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * Schedules (kind, key) at dueAt, in the caller's transaction. Scheduling it again moves it: the new due time,
 * not done, no attempts, no claim (a runner holding the old claim then cannot mark it done, and its work
 * rolls back with that: the job runs again at the new time).
 */
export async function scheduleJob(
  trx: Kysely<Database>,
  kind: string,
  key: string | number,
  dueAt: Date | string,
  now: Date = new Date(),
): Promise<void> {
  const fresh = { due_at: iso(dueAt), claimed_by: null, claimed_until: null, attempts: 0, last_error: null, done_at: null };
  await trx
    .insertInto('scheduled_jobs')
    .values({ kind, key: String(key), ...fresh, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet(fresh))
    .execute();
}

/**
 * Schedules (kind, key) at dueAt unless it is there already, done or not: the first to ask sets its time, and a
 * runner holding it keeps its claim. For work that many events ask for alike, such as a daily purge that every
 * new row asks for (dailySlot), where scheduleJob would move the job, or take it from the runner holding it, each
 * time. A handler can schedule its own sequel this way under another key; under its own key it would lose its
 * claim, and its run would roll back.
 */
export async function scheduleJobOnce(
  trx: Kysely<Database>,
  kind: string,
  key: string,
  dueAt: Date | string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('scheduled_jobs')
    .values({
      kind,
      key,
      due_at: iso(dueAt),
      claimed_by: null,
      claimed_until: null,
      attempts: 0,
      last_error: null,
      done_at: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .execute();
}

/** The slot of a job that runs once a day: the first midnight (UTC) at or after `at`, keyed by its day. */
export function dailySlot(at: Date): { key: string; dueAt: Date } {
  const day = 24 * 60 * 60_000;
  const dueAt = new Date(Math.ceil(at.getTime() / day) * day);
  return { key: dueAt.toISOString().slice(0, 10), dueAt };
}

/** When the daily runs that tell people something (reminders, automatic charges) happen: 15:00 UTC, 09:00 in
 * Mexico City, 08:00 in Tijuana, so what they send is read in the morning. */
export const MORNING_RUN_HOUR_UTC = 15;

/** The next daily run at `hourUtc` after `now` (a minute on, so a run does not name its own slot), keyed by its day. */
export function nextDailySlotAt(now: Date, hourUtc: number): { key: string; dueAt: Date } {
  const hour = 3_600_000;
  const shifted = dailySlot(new Date(now.getTime() + 60_000 - hourUtc * hour));
  return { key: shifted.key, dueAt: new Date(shifted.dueAt.getTime() + hourUtc * hour) };
}

/** The key of a daily job's sequel the same day, when one run could not do it all: '2026-11-25#2', '#3' … */
export function sequelKey(key: string): string {
  const [day, part] = key.split('#');
  return `${day}#${Number(part ?? 1) + 1}`;
}

/** Ids of jobs of these kinds that are due, not done, and not held by a live lease; the earliest first. */
export async function dueJobIds(db: Kysely<Database>, kinds: readonly string[], now: Date, limit: number): Promise<number[]> {
  if (kinds.length === 0) return [];
  const at = now.toISOString();
  const rows = await db
    .selectFrom('scheduled_jobs')
    .select('id')
    .where('done_at', 'is', null)
    .where('due_at', '<=', at)
    .where('kind', 'in', [...kinds])
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the job for `owner` if it is still due and no live lease holds it, counting the attempt; null when
 * another runner was first. The check and the write are one UPDATE: on PostgreSQL a racing UPDATE waits for
 * the first to commit and then no longer matches; SQLite runs one writer at a time.
 */
export async function claimJob(db: Kysely<Database>, id: number, owner: string, now: Date): Promise<DueJob | null> {
  const at = now.toISOString();
  const result = await db
    .updateTable('scheduled_jobs')
    .set((eb) => ({ claimed_by: owner, claimed_until: later(now, JOB_LEASE_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where('due_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, kind: row.kind, key: row.key, dueAt: row.due_at, attempts: row.attempts };
}

/** The claim was lost before the job could be marked done (re-scheduled, or a lease that ran out). */
class LeaseLost extends Error {}

/** Failed: tried again after the backoff, or given up after JOB_MAX_ATTEMPTS. Answers whether it will be retried. */
async function recordJobFailure(db: Kysely<Database>, job: DueJob, owner: string, now: Date, failure: string) {
  const retry = job.attempts < JOB_MAX_ATTEMPTS;
  await db
    .updateTable('scheduled_jobs')
    .set({
      last_error: failure,
      claimed_by: null,
      claimed_until: null,
      ...(retry ? { due_at: later(now, jobRetryDelayMs(job.attempts)) } : { done_at: now.toISOString() }),
    })
    .where('id', '=', job.id)
    .where('claimed_by', '=', owner)
    .execute();
  return retry;
}

export interface JobRunLog {
  /** A handler threw; `retry` says whether it will be tried again. */
  failed(error: unknown, job: DueJob, retry: boolean): void;
  /** The pass itself broke (the database went away): logged, and the next pass tries again. */
  broken(error: unknown): void;
}

/** runOnce answers how many jobs were handled; the first pass comes one interval after start. */
export type JobRunner = Poller;

const BATCH = 20;

export function createJobRunner(deps: {
  db: Kysely<Database>;
  clock: Clock;
  handlers: JobHandlers;
  intervalMs: number;
  log: JobRunLog;
  /** This runner's name on its claims (default: a random one, as each process has). */
  owner?: string;
}): JobRunner {
  const { db, clock, handlers, log } = deps;
  const owner = deps.owner ?? randomUUID();
  const kinds = Object.keys(handlers);
  async function runOne(id: number): Promise<PollOutcome> {
    const now = clock.now();
    const job = await claimJob(db, id, owner, now);
    if (!job) return 'taken';
    const handler = handlers[job.kind]!;
    try {
      await db.transaction().execute(async (trx) => {
        await handler(trx, job, clock);
        const done = await trx
          .updateTable('scheduled_jobs')
          .set({ done_at: clock.now().toISOString(), claimed_by: null, claimed_until: null, last_error: null })
          .where('id', '=', job.id)
          .where('claimed_by', '=', owner)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw new LeaseLost();
      });
      return 'done';
    } catch (error) {
      if (error instanceof LeaseLost) return 'taken';
      const retry = await recordJobFailure(db, job, owner, clock.now(), failureText(error));
      log.failed(error, job, retry);
      return 'tried';
    }
  }

  return createLeasedPoller({
    dueIds: (batch) => dueJobIds(db, kinds, clock.now(), batch),
    handle: runOne,
    batch: BATCH,
    intervalMs: deps.intervalMs,
    // The first pass waits one interval: starting up is busy enough, and nothing due is lost by waiting.
    firstDelayMs: deps.intervalMs,
    broken: (error) => log.broken(error),
  });
}
