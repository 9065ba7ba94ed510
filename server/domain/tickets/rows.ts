// A request as the domain reads it: the tickets row with the names around it (category, requester, assignee,
// dwelling), and the facts the shared rules of src/api read from it (lifecycle, permissions).
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { TicketFactsOfPeople } from '../../../src/api/permissions';
import { isOpenState, type TicketFacts, type TicketPriority, type TicketState } from '../../../src/api/ticketLifecycle';
import type { Database } from '../../db/schema';

export interface TicketRow {
  id: number;
  condo_id: number;
  section_id: number;
  category_id: number;
  category_name: string;
  requester_user_id: number;
  requester_name: string;
  requester_email: string;
  apartment_id: number | null;
  apartment_name: string | null;
  tower_name: string | null;
  common_area: string | null;
  title: string;
  description: string;
  priority: TicketPriority;
  state: TicketState;
  assignee_user_id: number | null;
  assignee_name: string | null;
  due_at: string | null;
  resolved_at: string | null;
  closed_at: string | null;
  first_reply_at: string | null;
  overdue_notified_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The request with its names; callers add their WHERE (every one names the condominium). */
export function ticketsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .innerJoin('users as r', 'r.id', 't.requester_user_id')
    .leftJoin('users as a', 'a.id', 't.assignee_user_id')
    .leftJoin('apartments as ap', 'ap.id', 't.apartment_id')
    .leftJoin('towers as tw', 'tw.id', 'ap.tower_id');
}

export const TICKET_COLUMNS = [
  't.id',
  't.condo_id',
  't.section_id',
  't.category_id',
  'c.name as category_name',
  't.requester_user_id',
  'r.name as requester_name',
  'r.email as requester_email',
  't.apartment_id',
  'ap.name as apartment_name',
  'tw.name as tower_name',
  't.common_area',
  't.title',
  't.description',
  't.priority',
  't.state',
  't.assignee_user_id',
  'a.name as assignee_name',
  't.due_at',
  't.resolved_at',
  't.closed_at',
  't.first_reply_at',
  't.overdue_notified_at',
  't.version',
  't.created_at',
  't.updated_at',
] as const;

/** The request of this condominium; undefined for another's or none. */
export async function findTicket(db: Kysely<Database>, condoId: number, ticketId: number): Promise<TicketRow | undefined> {
  const row = await ticketsQuery(db)
    .select([...TICKET_COLUMNS])
    .where('t.id', '=', ticketId)
    .where('t.condo_id', '=', condoId)
    .executeTakeFirst();
  return row as TicketRow | undefined;
}

/** "Torre A - 101", "Casa 12", or the common area's name. */
export const placeOf = (row: Pick<TicketRow, 'apartment_name' | 'tower_name' | 'common_area'>) =>
  row.apartment_name !== null ? dwellingName(row.tower_name, row.apartment_name) : (row.common_area ?? '');

export const peopleOf = (row: Pick<TicketRow, 'requester_user_id' | 'assignee_user_id'>): TicketFactsOfPeople => ({
  requesterId: row.requester_user_id,
  assigneeId: row.assignee_user_id,
});

export const lifecycleFactsOf = (row: Pick<TicketRow, 'state' | 'resolved_at'>): TicketFacts => ({
  state: row.state,
  resolvedAt: row.resolved_at,
});

/** Open and past its due date. */
export const isOverdue = (row: Pick<TicketRow, 'state' | 'due_at'>, now: Date) =>
  isOpenState(row.state) && row.due_at !== null && row.due_at < now.toISOString();

/** Cerrado and cancelado: nothing more happens to it. */
export const isFinished = (state: TicketState) => state === 'cerrado' || state === 'cancelado';

/** The props a notification of this request carries (src/api/notifications.ts, module ticket). */
export const noticeProps = (row: Pick<TicketRow, 'id' | 'category_id' | 'section_id'>) => ({
  taskID: row.id,
  classificationId: row.category_id,
  SectId: row.section_id,
});
