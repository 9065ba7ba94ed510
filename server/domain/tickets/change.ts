// A lifecycle action on a request (POST change): allowed only when ticketLifecycle.ts lists it for the
// caller's roles on this request now, and only on the version the caller saw. Either refusal is a 409 with the
// request as it is now.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { ticketRolesOf } from '../../../src/api/permissions';
import { ticketTransition } from '../../../src/api/ticketLifecycle';
import type { TicketAnswer, TicketChangeRequest } from '../../../src/api/tickets';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { assigneeFor, userName, visibleTicket } from './access';
import { ticketAnswer } from './answers';
import type { Signer } from './attachments';
import { ticketConflict } from './conflict';
import { applyTransition, StaleTicket } from './lifecycle';
import { findTicket, lifecycleFactsOf, peopleOf } from './rows';

export async function changeTicket(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: TicketChangeRequest,
  sign: Signer,
): Promise<TicketAnswer> {
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const row = await visibleTicket(trx, auth, viewer, request.ticketId);
    const now = clock.now();
    const refuse = async (refusal: MessageId) => ticketConflict(trx, auth, viewer, row.id, now, sign, refusal);
    if (row.version !== request.version) throw await refuse('ticketsNotices.refusal.stale');
    const roles = ticketRolesOf(viewer, peopleOf(row));
    const transition = ticketTransition(lifecycleFactsOf(row), request.action, roles, now);
    if (!transition) throw await refuse('ticketsNotices.refusal.notAllowed');
    let assignee: { id: number; name: string } | undefined;
    if (transition.needsAssignee) {
      if (request.asignadoId === undefined) {
        throw new AppError(400, ErrorCodes.badRequest, 'ticketsNotices.refusal.assignee', 'asignadoId');
      }
      assignee = await assigneeFor(trx, auth.condoId, request.asignadoId);
    }
    const actor = { userId: auth.userId, name: await userName(trx, auth.userId), roles };
    try {
      await applyTransition(trx, clock, row, transition, actor, {
        ...(assignee ? { assignee } : {}),
        ...(request.nota ? { nota: request.nota } : {}),
      });
    } catch (error) {
      if (error instanceof StaleTicket) throw await refuse('ticketsNotices.refusal.stale');
      throw error;
    }
    return ticketAnswer(trx, viewer, (await findTicket(trx, auth.condoId, row.id))!, now, sign);
  });
}
