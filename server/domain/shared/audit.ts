// History (DESIGN.md §8): every change an administrator or the system makes to shared data writes one
// audit_log row (who, what, before and after, when) through recordAudit, inside the transaction of the change
// itself, so a change is never kept without its row nor a row without its change. historial reads them.
// Shared: every area that changes shared data writes through it (tickets, polls, reservations, finance,
// invoicing, dwellings, invitations, member permissions, condominium settings, blogs, recurring charges…).
// The kinds, actions and fields it takes are the contract's lists (src/api/history.ts), each with its words:
// a new one is listed there first, or this does not typecheck.
import type { Kysely } from 'kysely';
import type { HistoryAction, HistoryEntity, HistoryField } from '../../../src/api/history';
import type { Database } from '../../db/schema';

/** An object of listed fields only: any other key (a literal's or a row type's) is refused by the compiler. */
export type AuditValues<T> = T & { readonly [K in Exclude<keyof T, HistoryField>]: never };

export interface AuditEntry<B = unknown, A = unknown> {
  condoId: number;
  /** null: the system (a scheduled job). */
  actorUserId: number | null;
  /** What kind of thing changed: 'ticket', 'ticket_category', 'ticket_due_hours', … */
  entity: HistoryEntity;
  entityId: number;
  /** What happened to it: 'create', 'update', or a lifecycle action ('asignar', 'cerrar', …). */
  action: HistoryAction;
  /** The parts that changed, as they were and as they are; undefined: nothing (a creation has no before). */
  before?: AuditValues<B> | null;
  after?: AuditValues<A> | null;
  at: Date | string;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Writes the row; `trx` is the transaction that makes the change. */
export async function recordAudit<B extends object = never, A extends object = never>(
  trx: Kysely<Database>,
  entry: AuditEntry<B, A>,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      condo_id: entry.condoId,
      actor_user_id: entry.actorUserId,
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      before_json: json(entry.before),
      after_json: json(entry.after),
      created_at: typeof entry.at === 'string' ? entry.at : entry.at.toISOString(),
    })
    .execute();
}
