// The communication home's counts (src/api/communicationHome.ts): for each section the member may read, what
// waits there. Each count comes from its own area, handed in by the route: posts are counted with the posts'
// own reading rule (posts/list.ts readablePosts), so a count never includes what the section would not show.
import type { Kysely } from 'kysely';
import { type HomeSummaryAnswer, NEW_POSTS_DAYS } from '../../../src/api/communicationHome';
import type { CommunicationViewer } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { readableSections, requireCommunication } from '../shared/sections';
import { loadViewer } from '../shared/viewer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts of other areas, per section id (tickets: open requests; conversations: unread messages; polls:
 * open polls the caller has not answered), and the new posts of one section. */
export interface AreaCounts {
  openTickets(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>>;
  unreadMessages(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>>;
  pollsToAnswer(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>>;
  /** One count for the condominium (reservations belong to facilities, not to a section). */
  reservationsWaiting(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<number>;
  upcomingEvents(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>>;
  /** Others' published posts since `since` in the section, as the viewer may read them. */
  newPosts(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer, section: Section, since: string): Promise<number>;
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
    const nuevas = OWN_COUNTS.has(section.code) ? 0 : await areas.newPosts(db, auth, viewer, section, since);
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
