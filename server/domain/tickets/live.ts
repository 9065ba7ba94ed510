// The live channel's word that a request changed (issue 30): its state, a reply, its assignee, a rating. Told to
// those who may see it (permissions.canSeeTicket: its requester, its assignee, the administrators), as it is after
// the change, in the change's transaction; an internal note only to those who read internal notes
// (canSeeInternalNotes: the administrators and the assignee). Their open request screens read it again.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';
import { administratorsOf } from '../shared/notify';
import type { TicketRow } from './rows';

export async function publishTicket(
  trx: Kysely<Database>,
  clock: Clock,
  ticket: Pick<TicketRow, 'id' | 'condo_id' | 'requester_user_id' | 'assignee_user_id'>,
  options: { internal?: boolean } = {},
): Promise<void> {
  const people = [...(await administratorsOf(trx, ticket.condo_id))];
  if (ticket.assignee_user_id !== null) people.push(ticket.assignee_user_id);
  if (!options.internal) people.push(ticket.requester_user_id);
  await publishLive(trx, clock, { condoId: ticket.condo_id, userIds: people, type: 'ticket', data: { ticketId: ticket.id } });
}
