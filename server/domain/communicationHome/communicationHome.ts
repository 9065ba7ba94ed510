// The communication home's counts (src/api/communicationHome.ts): for each section the member may read, what
// waits there. Requests and messages are counted by their own areas; posts here, with the posts' own reading
// rule (readablePosts), so a count never includes what the section would not show.
import type { Kysely } from 'kysely';
import { type HomeSummaryAnswer, NEW_POSTS_DAYS } from '../../../src/api/communicationHome';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { readablePosts } from '../posts/posts';
import type { Auth } from '../shared/auth';
import { readableSections, requireCommunication } from '../shared/sections';
import { loadViewer } from '../shared/viewer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts of other areas, per section id (tickets: open requests; conversations: unread messages; polls:
 * open polls the caller has not answered). */
export interface AreaCounts {
  openTickets(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>>;
  unreadMessages(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>>;
  pollsToAnswer(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>>;
  /** One count for the condominium (reservations belong to facilities, not to a section). */
  reservationsWaiting(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<number>;
  upcomingEvents(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>>;
}

/** Codes whose count comes from their own area rather than from posts. */
const OWN_COUNTS = new Set(['SA', 'IC', 'EN', 'RI', 'EV']);

export async function homeSummary(db: Kysely<Database>, auth: Auth, clock: Clock, areas: AreaCounts): Promise<HomeSummaryAnswer> {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const sections = await readableSections(db, auth, viewer);
  const codes = new Set(sections.map((s) => s.code));
  const [open, unread, toAnswer, reservations, events] = await Promise.all([
    areas.openTickets(db, auth),
    areas.unreadMessages(db, auth),
    areas.pollsToAnswer(db, clock, auth),
    codes.has('RI') ? areas.reservationsWaiting(db, clock, auth) : 0,
    codes.has('EV') ? areas.upcomingEvents(db, clock, auth) : new Map<number, number>(),
  ]);
  const since = new Date(clock.now().getTime() - NEW_POSTS_DAYS * DAY_MS).toISOString();
  const counts = [];
  for (const section of sections) {
    let nuevas = 0;
    if (!OWN_COUNTS.has(section.code)) {
      const row = await readablePosts(db, viewer, section)
        .where('p.status', '=', 'A')
        .where('p.author_user_id', '!=', auth.userId)
        .where('p.created_at', '>=', since)
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      nuevas = Number(row.n);
    }
    counts.push({
      SectId: section.id,
      abiertas: open.get(section.id) ?? 0,
      noLeidos: unread.get(section.id) ?? 0,
      porContestar: toAnswer.get(section.id) ?? 0,
      reservaciones: section.code === 'RI' ? reservations : 0,
      proximos: events.get(section.id) ?? 0,
      nuevas,
    });
  }
  return { success: true, sections: counts };
}
