// Who hears of what happens to a request, from src/i18n/<lang>/ticketsNotices.json: each notification keeps its
// message ids and values and is worded in its reader's language when read, and each one opens the
// request (module ticket, Props { taskID, classificationId, SectId }). Called in the change's transaction.
import type { Kysely } from 'kysely';
import { RESOLUTION_ANSWER_DAYS, type TicketState } from '../../../src/api/ticketLifecycle';
import type { Message, MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { administratorsOf, notify } from '../shared/notify';
import { noticeProps, placeOf, type TicketRow } from './rows';

type Subject = Pick<
  TicketRow,
  | 'id'
  | 'condo_id'
  | 'section_id'
  | 'category_id'
  | 'category_name'
  | 'title'
  | 'requester_user_id'
  | 'assignee_user_id'
  | 'apartment_name'
  | 'tower_name'
  | 'common_area'
>;

async function tell(
  db: Kysely<Database>,
  clock: Clock,
  to: readonly number[],
  ticket: Subject,
  notice: { title: MessageId; text: MessageId; values: Message['values'] },
) {
  await notify(db, clock, to, {
    condoId: ticket.condo_id,
    title: { id: notice.title },
    text: { id: notice.text, values: notice.values },
    modulo: 'ticket',
    props: noticeProps(ticket),
  });
}

const others = (ids: readonly number[], actorId: number | null) => ids.filter((id) => id !== actorId);

/** A new request: the administrators (but the one who filed it). */
export async function tellNewTicket(db: Kysely<Database>, clock: Clock, ticket: Subject, requesterName: string) {
  await tell(db, clock, others(await administratorsOf(db, ticket.condo_id), ticket.requester_user_id), ticket, {
    title: 'ticketsNotices.notify.new.title',
    text: 'ticketsNotices.notify.new.text',
    values: { requester: requesterName, title: ticket.title, category: ticket.category_name, place: placeOf(ticket) },
  });
}

/** Assigned: the employee, unless they assigned it to themselves. */
export async function tellAssigned(
  db: Kysely<Database>,
  clock: Clock,
  ticket: Subject,
  assigneeId: number,
  actorId: number | null,
) {
  await tell(db, clock, others([assigneeId], actorId), ticket, {
    title: 'ticketsNotices.notify.assigned.title',
    text: 'ticketsNotices.notify.assigned.text',
    values: { title: ticket.title, category: ticket.category_name, place: placeOf(ticket) },
  });
}

/** A state change: the requester, unless they made it. A resolution says how long they have to answer it;
 * the system's close says why it closed. */
export async function tellStateChange(
  db: Kysely<Database>,
  clock: Clock,
  ticket: Subject,
  state: TicketState,
  actorId: number | null,
) {
  const requester = others([ticket.requester_user_id], actorId);
  if (actorId === null && state === 'cerrado') {
    await tell(db, clock, requester, ticket, {
      title: 'ticketsNotices.notify.autoclosed.title',
      text: 'ticketsNotices.notify.autoclosed.text',
      values: { title: ticket.title, days: RESOLUTION_ANSWER_DAYS },
    });
  } else if (state === 'resuelto') {
    await tell(db, clock, requester, ticket, {
      title: 'ticketsNotices.notify.resolved.title',
      text: 'ticketsNotices.notify.resolved.text',
      values: { title: ticket.title, days: RESOLUTION_ANSWER_DAYS },
    });
  } else {
    await tell(db, clock, requester, ticket, {
      title: 'ticketsNotices.notify.state.title',
      text: 'ticketsNotices.notify.state.text',
      values: { title: ticket.title, state: { id: `ticketsNotices.state.${state}` } },
    });
  }
}

/** The people working on it when the requester speaks: the assignee, or the administrators while nobody is. */
async function workersOf(db: Kysely<Database>, ticket: Subject) {
  return ticket.assignee_user_id !== null ? [ticket.assignee_user_id] : administratorsOf(db, ticket.condo_id);
}

/** A public reply: to the requester when someone else wrote it; to those working on it when the requester did. */
export async function tellReply(db: Kysely<Database>, clock: Clock, ticket: Subject, authorId: number, authorName: string) {
  if (authorId !== ticket.requester_user_id) {
    await tell(db, clock, [ticket.requester_user_id], ticket, {
      title: 'ticketsNotices.notify.reply.title',
      text: 'ticketsNotices.notify.reply.text',
      values: { author: authorName, title: ticket.title },
    });
    return;
  }
  await tell(db, clock, others(await workersOf(db, ticket), authorId), ticket, {
    title: 'ticketsNotices.notify.requesterReply.title',
    text: 'ticketsNotices.notify.requesterReply.text',
    values: { author: authorName, title: ticket.title },
  });
}

/** The requester reopened a resolution: those working on it hear of it. */
export async function tellReopened(db: Kysely<Database>, clock: Clock, ticket: Subject, authorId: number, authorName: string) {
  await tell(db, clock, others(await workersOf(db, ticket), authorId), ticket, {
    title: 'ticketsNotices.notify.reopened.title',
    text: 'ticketsNotices.notify.reopened.text',
    values: { author: authorName, title: ticket.title },
  });
}

/** Past its due date and still open: every administrator, once (the overdue job). */
export async function tellOverdue(db: Kysely<Database>, clock: Clock, ticket: Subject) {
  await tell(db, clock, await administratorsOf(db, ticket.condo_id), ticket, {
    title: 'ticketsNotices.notify.overdue.title',
    text: 'ticketsNotices.notify.overdue.text',
    values: { title: ticket.title, category: ticket.category_name },
  });
}
