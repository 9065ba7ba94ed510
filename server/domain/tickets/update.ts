// Administrators set who works on a request, its priority and its due date (POST update), on the version they
// saw. Assigning a new request is the lifecycle's 'asignar' (it moves to asignado); on a request under way it
// only changes hands. A new priority without a due date moves the due date to what the priority gives; a moved
// due date moves the overdue job, and the administrators may be told again once the new one passes.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canManageTickets, ticketRolesOf } from '../../../src/api/permissions';
import { isOpenState, ticketTransition } from '../../../src/api/ticketLifecycle';
import type { TicketAnswer, TicketUpdateRequest } from '../../../src/api/tickets';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf } from '../shared/zonedTime';
import { assigneeFor, userName, visibleTicket } from './access';
import { ticketAnswer } from './answers';
import type { Signer } from './attachments';
import { ticketConflict } from './conflict';
import { addEvent, applyTransition, bumpVersion, StaleTicket, type TicketActor } from './lifecycle';
import { publishTicket } from './live';
import { tellAssigned } from './notices';
import { findTicket, lifecycleFactsOf, peopleOf, type TicketRow } from './rows';
import { scheduleOverdue } from './schedule';
import { dueAtFrom, dueHoursOf, parseDueDate } from './time';

export async function updateTicket(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: TicketUpdateRequest,
  sign: Signer,
): Promise<TicketAnswer> {
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    if (!canManageTickets(viewer)) throw forbidden();
    let row = await visibleTicket(trx, auth, viewer, request.ticketId);
    const now = clock.now();
    const refuse = async (refusal: MessageId) => ticketConflict(trx, auth, viewer, row.id, now, sign, refusal);
    if (row.version !== request.version) throw await refuse('ticketsNotices.refusal.stale');
    if (!isOpenState(row.state)) throw await refuse('ticketsNotices.refusal.finished');

    let due: string | undefined;
    if (request.FechaLimite !== undefined) {
      const parsed = parseDueDate(request.FechaLimite, await timeZoneOf(trx, auth.condoId));
      if (parsed === null) throw new AppError(400, ErrorCodes.badRequest, 'ticketsNotices.refusal.dueDate', 'FechaLimite');
      due = parsed;
    }
    const assignee = request.asignadoId ? await assigneeFor(trx, auth.condoId, request.asignadoId) : undefined;
    if (request.asignadoId === null && row.assignee_user_id !== null) throw await refuse('ticketsNotices.refusal.keepAssignee');
    const actor: TicketActor = {
      userId: auth.userId,
      name: await userName(trx, auth.userId),
      roles: ticketRolesOf(viewer, peopleOf(row)),
    };

    try {
      if (assignee && row.state === 'nuevo') {
        const transition = ticketTransition(lifecycleFactsOf(row), 'asignar', actor.roles, now);
        if (!transition) throw await refuse('ticketsNotices.refusal.notAllowed');
        await applyTransition(trx, clock, row, transition, actor, { assignee });
        row = (await findTicket(trx, auth.condoId, row.id))!;
      }
      await changeFields(trx, clock, row, actor, { assignee, priority: request.Prioridad, due });
    } catch (error) {
      if (error instanceof StaleTicket) throw await refuse('ticketsNotices.refusal.stale');
      throw error;
    }
    return ticketAnswer(trx, viewer, (await findTicket(trx, auth.condoId, row.id))!, now, sign);
  });
}

/** Assignee (of a request under way), priority and due date: one version, one audit row, an event each. */
async function changeFields(
  trx: Kysely<Database>,
  clock: Clock,
  row: TicketRow,
  actor: TicketActor,
  wanted: {
    assignee: { id: number; name: string } | undefined;
    priority: TicketRow['priority'] | undefined;
    due: string | undefined;
  },
): Promise<void> {
  const now = clock.now();
  const at = now.toISOString();
  const newAssignee = wanted.assignee && wanted.assignee.id !== row.assignee_user_id ? wanted.assignee : undefined;
  const newPriority = wanted.priority !== undefined && wanted.priority !== row.priority ? wanted.priority : undefined;
  let due = wanted.due;
  if (due === undefined && newPriority !== undefined)
    due = dueAtFrom(row.created_at, (await dueHoursOf(trx, row.condo_id))[newPriority]);
  const newDue = due !== undefined && due !== row.due_at ? due : undefined;
  if (!newAssignee && newPriority === undefined && newDue === undefined) return;

  await bumpVersion(
    trx,
    row,
    {
      ...(newAssignee ? { assignee_user_id: newAssignee.id } : {}),
      ...(newPriority !== undefined ? { priority: newPriority } : {}),
      // A due date moved past now may pass again: the administrators hear of it then.
      ...(newDue !== undefined ? { due_at: newDue, ...(newDue > at ? { overdue_notified_at: null } : {}) } : {}),
    },
    at,
  );
  const event = { ticketId: row.id, userId: actor.userId, at };
  if (newAssignee) await addEvent(trx, { ...event, kind: 'asignacion', from: row.assignee_name, to: newAssignee.name });
  if (newPriority !== undefined) await addEvent(trx, { ...event, kind: 'prioridad', from: row.priority, to: newPriority });
  if (newDue !== undefined) await addEvent(trx, { ...event, kind: 'vencimiento', from: row.due_at, to: newDue });
  await recordAudit(trx, {
    condoId: row.condo_id,
    actorUserId: actor.userId,
    entity: 'ticket',
    entityId: row.id,
    action: 'update',
    before: {
      ...(newAssignee ? { assignee: row.assignee_user_id } : {}),
      ...(newPriority !== undefined ? { priority: row.priority } : {}),
      ...(newDue !== undefined ? { due: row.due_at } : {}),
    },
    after: {
      ...(newAssignee ? { assignee: newAssignee.id } : {}),
      ...(newPriority !== undefined ? { priority: newPriority } : {}),
      ...(newDue !== undefined ? { due: newDue } : {}),
    },
    at,
  });
  if (newDue !== undefined) await scheduleOverdue(trx, row.id, newDue, now);
  if (newAssignee) await tellAssigned(trx, clock, { ...row, assignee_user_id: newAssignee.id }, newAssignee.id, actor.userId);
  await publishTicket(trx, clock, { ...row, assignee_user_id: newAssignee?.id ?? row.assignee_user_id });
}
