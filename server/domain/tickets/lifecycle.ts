// Applying one transition of the lifecycle table (src/api/ticketLifecycle.ts) that the caller already found
// allowed: the row moves only if nobody changed it since it was read (WHERE version = the one read, then one
// more), and the same transaction writes the timeline, the audit row, the jobs and the notifications. Used by
// people's changes (change.ts, update.ts) and by the system's automatic close (jobs.ts).
import type { Kysely } from 'kysely';
import type { TicketRole, TicketTransition } from '../../../src/api/ticketLifecycle';
import type { Database, TicketTable } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import { publishTicket } from './live';
import { tellAssigned, tellReopened, tellStateChange } from './notices';
import { isFinished, type TicketRow } from './rows';
import { scheduleAutoClose, scheduleOverdue } from './schedule';

/** The request changed since the caller read it (its version moved): the caller answers 409. */
export class StaleTicket extends Error {}

export interface TicketActor {
  /** null: the system. */
  userId: number | null;
  name: string | null;
  roles: readonly TicketRole[];
}

export const SYSTEM_ACTOR: TicketActor = { userId: null, name: null, roles: ['system'] };

/** A public word from the administration or the assignee answers the request (the overview's first reply). */
export const answersRequester = (actor: TicketActor) => actor.roles.includes('admin') || actor.roles.includes('assignee');

/** Writes version + 1 where the version is still the one read; StaleTicket when it is not. */
export async function bumpVersion(
  trx: Kysely<Database>,
  row: Pick<TicketRow, 'id' | 'version'>,
  changes: Partial<
    Pick<
      TicketTable,
      | 'state'
      | 'assignee_user_id'
      | 'priority'
      | 'due_at'
      | 'resolved_at'
      | 'closed_at'
      | 'first_reply_at'
      | 'overdue_notified_at'
    >
  >,
  at: string,
): Promise<void> {
  const result = await trx
    .updateTable('tickets')
    .set({ ...changes, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new StaleTicket();
}

export async function addEvent(
  trx: Kysely<Database>,
  event: {
    ticketId: number;
    kind: string;
    from?: string | null;
    to?: string | null;
    text?: string | null;
    internal?: boolean;
    userId: number | null;
    at: string;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('ticket_events')
    .values({
      ticket_id: event.ticketId,
      kind: event.kind,
      from_value: event.from ?? null,
      to_value: event.to ?? null,
      text: event.text ?? null,
      internal: event.internal ? 1 : 0,
      user_id: event.userId,
      created_at: event.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function applyTransition(
  trx: Kysely<Database>,
  clock: Clock,
  row: TicketRow,
  transition: TicketTransition,
  actor: TicketActor,
  extra: { assignee?: { id: number; name: string }; nota?: string } = {},
): Promise<void> {
  const now = clock.now();
  const at = now.toISOString();
  const to = transition.to;
  const nota = extra.nota?.trim() || null;
  const assignee = extra.assignee;
  const firstReply = nota !== null && row.first_reply_at === null && answersRequester(actor);
  await bumpVersion(
    trx,
    row,
    {
      state: to,
      ...(assignee ? { assignee_user_id: assignee.id } : {}),
      // resolved_at is the last resolution: set by resolver, gone when the requester reopens.
      ...(to === 'resuelto' ? { resolved_at: at } : {}),
      ...(transition.action === 'reabrir' ? { resolved_at: null } : {}),
      ...(isFinished(to) ? { closed_at: at } : {}),
      ...(firstReply ? { first_reply_at: at } : {}),
    },
    at,
  );
  if (assignee && assignee.id !== row.assignee_user_id) {
    await addEvent(trx, {
      ticketId: row.id,
      kind: 'asignacion',
      from: row.assignee_name,
      to: assignee.name,
      userId: actor.userId,
      at,
    });
  }
  await addEvent(trx, { ticketId: row.id, kind: 'estado', from: row.state, to, text: nota, userId: actor.userId, at });
  await recordAudit(trx, {
    condoId: row.condo_id,
    actorUserId: actor.userId,
    entity: 'ticket',
    entityId: row.id,
    action: transition.action,
    before: { state: row.state, assignee: row.assignee_user_id },
    after: { state: to, assignee: assignee?.id ?? row.assignee_user_id, ...(nota ? { nota } : {}) },
    at,
  });

  if (to === 'resuelto') await scheduleAutoClose(trx, row.id, at, now);
  // Reopened before the administrators were told it is overdue: told at its due date (now, if that has passed).
  if (transition.action === 'reabrir' && row.due_at && row.overdue_notified_at === null) {
    await scheduleOverdue(trx, row.id, row.due_at > at ? row.due_at : at, now);
  }

  const moved = { ...row, assignee_user_id: assignee?.id ?? row.assignee_user_id };
  if (assignee && assignee.id !== row.assignee_user_id) await tellAssigned(trx, clock, moved, assignee.id, actor.userId);
  await tellStateChange(trx, clock, moved, to, actor.userId);
  await publishTicket(trx, clock, moved);
  if (transition.action === 'reabrir' && actor.userId !== null) {
    await tellReopened(trx, clock, moved, actor.userId, actor.name ?? '');
  }
}
