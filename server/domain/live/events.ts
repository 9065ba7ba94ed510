// Reading the live channel (src/api/live.ts): where a stream starts and what it replays after Last-Event-ID, the
// polling fallback's page of events, and which streams' sessions are still open. Always the caller's own: their
// session's condominium and user (the rows were addressed when written, domain/shared/live.ts).
import type { Kysely } from 'kysely';
import { LIVE_RESUME_MAX, type LiveEvent } from '../../../src/api/live';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { LiveRow } from '../../infra/live/hub';
import type { Auth } from '../shared/auth';

/** The newest event id of the whole table (0 when empty): a stream without Last-Event-ID starts after it. */
export async function newestLiveId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export interface LiveStart {
  /** Nothing at or below it is sent. */
  floor: number;
  /** The caller's events after `after`, oldest first (none on a resync). */
  replay: LiveRow[];
  /** Too far behind (more than LIVE_RESUME_MAX, pruned, or an id this database never gave): read everything again. */
  resync: boolean;
}

/**
 * Where the caller's stream (or poll) starts: after `after` when given and still replayable, else after the newest
 * event. The events after it are the caller's, at most LIVE_RESUME_MAX.
 */
export async function liveStart(db: Kysely<Database>, auth: Auth, after: number | null): Promise<LiveStart> {
  const newest = await newestLiveId(db);
  if (after === null) return { floor: newest, replay: [], resync: false };
  const oldest = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirst();
  // Events after `after` may have been pruned (the oldest kept is further on), or the id is from another database.
  const pruned = oldest?.id != null && Number(oldest.id) > after + 1;
  if (after > newest || pruned) return { floor: newest, replay: [], resync: true };
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'condo_id', 'user_id', 'type', 'payload'])
    .where('condo_id', '=', auth.condoId)
    .where('user_id', '=', auth.userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(LIVE_RESUME_MAX + 1)
    .execute();
  if (rows.length > LIVE_RESUME_MAX) return { floor: newest, replay: [], resync: true };
  return { floor: after, replay: rows, resync: false };
}

/** A row as the contract's LiveEvent (its payload was written from LIVE_PAYLOADS). */
export function liveEventOf(row: Pick<LiveRow, 'id' | 'type' | 'payload'>): LiveEvent {
  return { id: row.id, type: row.type, data: JSON.parse(row.payload) } as LiveEvent;
}

/** The polling fallback: the caller's events after `after` and the id to ask from next. */
export async function liveEventsAfter(db: Kysely<Database>, auth: Auth, after: number | null) {
  const start = await liveStart(db, auth, after);
  const last = start.replay.at(-1)?.id;
  return {
    events: start.replay.map(liveEventOf),
    lastEventId: last === undefined ? start.floor : Math.max(start.floor, last),
    resync: start.resync,
  };
}

/** Of these sessions, those still open now: not revoked, not expired, their membership active. */
export async function openLiveSessions(db: Kysely<Database>, clock: Clock, sessionIds: readonly number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 's.user_id').onRef('m.condo_id', '=', 's.condo_id'))
    .select('s.id')
    .where('s.id', 'in', sessionIds)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', clock.now().toISOString())
    .where('m.active', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}
