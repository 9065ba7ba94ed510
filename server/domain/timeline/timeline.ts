// What happened in a condominium, for the welcome timeline. Whatever creates something worth telling the
// neighbours about calls recordActivity in the same transaction as the change itself.
import type { Kysely } from 'kysely';
import type { TimelineItem } from '../../../src/api/timeline';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

export interface Activity {
  condoId: number;
  /** One of TIMELINE_KINDS, or a newer kind (the client shows an unknown kind with its subject alone). */
  kind: string;
  /** The member's, section's or condominium's name, as it was then. */
  subject: string;
  detail?: string | null;
  actorUserId?: number | null;
  /** When it happened; now by default (the demo history gives past dates). */
  at?: Date;
}

export async function recordActivity(db: Kysely<Database>, clock: Clock, activity: Activity): Promise<number> {
  const row = await db
    .insertInto('activity')
    .values({
      condo_id: activity.condoId,
      kind: activity.kind,
      subject: activity.subject,
      detail: activity.detail ?? null,
      actor_user_id: activity.actorUserId ?? null,
      created_at: (activity.at ?? clock.now()).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A page of the condominium's timeline, newest first, and how many items there are in all. */
export async function listTimeline(
  db: Kysely<Database>,
  condoId: number,
  page: { limit: number; offset: number },
): Promise<{ items: TimelineItem[]; total: number }> {
  const rows = await db
    .selectFrom('activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.kind', 'a.subject', 'a.detail', 'u.name as actorName', 'a.created_at as at'])
    .where('a.condo_id', '=', condoId)
    // Timestamps are fixed-width ISO-8601 text, so text order is time order; the id breaks ties.
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('activity')
    .select(db.fn.countAll<number>().as('n'))
    .where('condo_id', '=', condoId)
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({ ...r, actorName: r.actorName ?? null })),
    total: Number(count.n),
  };
}
