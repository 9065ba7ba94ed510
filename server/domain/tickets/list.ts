// Lists of requests (GET list): only what the caller may see, which is permissions.canSeeTicket written as SQL
// (administrators every request of the condominium; everyone else those they filed or are assigned), filtered
// by state, category, assignee, age, overdue and text, newest first, a page at a time. Also the per-section
// counts of open requests for the menu and the home.
import { type Kysely, type SqlBool, sql } from 'kysely';
import { type CommunicationViewer, canManageTickets } from '../../../src/api/permissions';
import { searchNeedle } from '../../../src/api/search';
import { OPEN_STATES } from '../../../src/api/ticketLifecycle';
import type { TicketListAnswer, TicketListQuery } from '../../../src/api/tickets';
import { TICKETS_PAGE_SIZE } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf } from '../shared/zonedTime';
import { requireListAccess } from './access';
import { summaryOf } from './answers';
import { TICKET_COLUMNS, type TicketRow, ticketsQuery } from './rows';
import { ageBounds } from './time';

/** LIKE's wildcards and its escape character, typed by the person, are plain characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The requests the viewer may see (canSeeTicket): all of the condominium for administrators. */
function visibleTo(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer) {
  let query = ticketsQuery(db).where('t.condo_id', '=', auth.condoId);
  if (!canManageTickets(viewer)) {
    query = query.where((eb) => eb.or([eb('t.requester_user_id', '=', auth.userId), eb('t.assignee_user_id', '=', auth.userId)]));
  }
  return query;
}

export async function listTickets(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  filters: TicketListQuery,
): Promise<TicketListAnswer> {
  const viewer = await loadViewer(db, auth);
  await requireListAccess(db, auth, viewer, filters.sectionId);
  const now = clock.now();
  let query = visibleTo(db, auth, viewer);
  if (filters.sectionId !== undefined) query = query.where('t.section_id', '=', filters.sectionId);
  if (filters.estado !== undefined) query = query.where('t.state', '=', filters.estado);
  if (filters.categoria !== undefined) query = query.where('t.category_id', '=', filters.categoria);
  if (filters.asignado !== undefined) {
    query =
      filters.asignado === 0
        ? query.where('t.assignee_user_id', 'is', null)
        : query.where('t.assignee_user_id', '=', filters.asignado);
  }
  if (filters.edad !== undefined) {
    const [from, to] = ageBounds(now, await timeZoneOf(db, auth.condoId))[filters.edad];
    if (from !== null) query = query.where('t.created_at', '>=', from);
    if (to !== null) query = query.where('t.created_at', '<', to);
  }
  if (filters.vencidas === '1') {
    query = query.where('t.state', 'in', [...OPEN_STATES]).where('t.due_at', '<', now.toISOString());
  }
  const needle = searchNeedle(filters.search ?? '');
  // The column is already folded (create.ts), so the search is a plain LIKE on it.
  if (needle) query = query.where(sql<SqlBool>`${sql.ref('t.search')} like ${`%${escapeLike(needle)}%`} escape '\\'`);

  const total = await query.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...TICKET_COLUMNS])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(filters.limit ?? TICKETS_PAGE_SIZE)
    .offset(filters.offset ?? 0)
    .execute();
  return { success: true, items: (rows as TicketRow[]).map((r) => summaryOf(r, now)), total: Number(total.n) };
}

/**
 * Open requests the caller sees, per SA section (for the menu and the home): administrators every open one of
 * the condominium, others those they filed or are assigned.
 */
export async function openTicketCountsBySection(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>> {
  const viewer = await loadViewer(db, auth);
  const rows = await visibleTo(db, auth, viewer)
    .where('t.state', 'in', [...OPEN_STATES])
    .select(['t.section_id', db.fn.countAll<number>().as('n')])
    .groupBy('t.section_id')
    .execute();
  return new Map(rows.map((r) => [r.section_id, Number(r.n)]));
}
