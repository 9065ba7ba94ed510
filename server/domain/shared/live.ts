// Writing the live channel's events (issue 30, DESIGN.md §9): whatever changes something a person sees without
// reloading calls publishLive in the same transaction as the change, like notify(), naming who may see it — the
// domain decides, with the screens' own rules (a notification's recipients, a conversation's readers, the people
// of a request, the caseta and the dwelling of a walk-in). One row per reader: a stream reads only its session's
// condominium and user (infra/live/hub.ts), so no event crosses condominiums or people. The payload is ids and
// kinds (src/api/live.ts LIVE_PAYLOADS); the screens fetch the rest through their own calls. The bus
// (infra/live/bus.ts) is told in the transaction: PostgreSQL's NOTIFY is delivered at commit only; SQLite's and
// Redis's listeners wait for the commit themselves. Shared: notify.ts, conversations, tickets and the gate.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { LiveEventType, LivePayload } from '../../../src/api/live';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { idPayloads } from '../../infra/live/bus';
import { wakeLocally } from '../../infra/live/wake';
import { type DueJob, dailySlot, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';

export interface NewLiveEvent<T extends LiveEventType> {
  condoId: number;
  /** Who may see it (duplicates once); nobody: nothing is written. */
  userIds: readonly number[];
  type: T;
  data: LivePayload<T>;
}

/** Writes one event per reader in `db`'s transaction and tells the bus; answers the ids written. */
export async function publishLive<T extends LiveEventType>(
  db: Kysely<Database>,
  clock: Clock,
  event: NewLiveEvent<T>,
): Promise<number[]> {
  const readers = [...new Set(event.userIds)];
  if (readers.length === 0) return [];
  const createdAt = clock.now().toISOString();
  const payload = JSON.stringify(event.data);
  const ids: number[] = [];
  // In chunks: both databases cap the parameters of one statement.
  for (let i = 0; i < readers.length; i += 200) {
    const rows = await db
      .insertInto('live_events')
      .values(
        readers.slice(i, i + 200).map((userId) => ({
          condo_id: event.condoId,
          user_id: userId,
          type: event.type,
          payload,
          created_at: createdAt,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Delivered to every LISTENing process when (and only if) the transaction commits.
    for (const list of idPayloads(ids)) await sql`select pg_notify('live:' || current_schema(), ${list})`.execute(db);
  }
  wakeLocally(db, ids);
  return ids;
}

/** The daily prune of live events: a reader away longer than this reads everything again on coming back. */
export const LIVE_PRUNE_JOB = 'live.prune';
export const LIVE_EVENTS_KEPT_MS = 24 * 60 * 60_000;
/** Rows deleted by one run, at most; a full batch asks for a sequel at once. */
export const LIVE_PRUNE_BATCH = 5_000;

/** Deletes up to LIVE_PRUNE_BATCH events older than LIVE_EVENTS_KEPT_MS; answers whether the batch was full. */
export async function pruneLiveEvents(trx: Kysely<Database>, clock: Clock): Promise<boolean> {
  const before = new Date(clock.now().getTime() - LIVE_EVENTS_KEPT_MS).toISOString();
  const old = await trx
    .selectFrom('live_events')
    .select('id')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(LIVE_PRUNE_BATCH)
    .execute();
  if (old.length === 0) return false;
  const ids = old.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    await trx
      .deleteFrom('live_events')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  return old.length === LIVE_PRUNE_BATCH;
}

/** Asks for the next daily prune (every server process asks at start; the first to ask sets it). */
export async function scheduleLivePrune(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const slot = dailySlot(now);
  await scheduleJobOnce(db, LIVE_PRUNE_JOB, slot.key, slot.dueAt, now);
}

async function prune(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const now = clock.now();
  if (await pruneLiveEvents(trx, clock)) await scheduleJobOnce(trx, LIVE_PRUNE_JOB, sequelKey(job.key), now, now);
  // Tomorrow's run (a minute on, so a run at midnight does not name its own slot).
  const next = dailySlot(new Date(now.getTime() + 60_000));
  await scheduleJobOnce(trx, LIVE_PRUNE_JOB, next.key, next.dueAt, now);
}

export const LIVE_JOB_HANDLERS: JobHandlers = { [LIVE_PRUNE_JOB]: prune };
