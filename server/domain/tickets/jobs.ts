// What the scheduled jobs of requests do when due (scheduled in schedule.ts, run by scheduledJobs.ts). Each
// re-checks the request: the job was scheduled when things were otherwise.
import type { Kysely } from 'kysely';
import { ticketTransition } from '../../../src/api/ticketLifecycle';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DueJob, JobHandlers } from '../../infra/scheduledJobs';
import { applyTransition, SYSTEM_ACTOR } from './lifecycle';
import { tellOverdue } from './notices';
import { isOverdue, lifecycleFactsOf, TICKET_COLUMNS, type TicketRow, ticketsQuery } from './rows';
import { TICKET_AUTOCLOSE_JOB, TICKET_OVERDUE_JOB } from './schedule';

async function ticketOf(db: Kysely<Database>, job: DueJob): Promise<TicketRow | undefined> {
  const id = Number(job.key);
  if (!Number.isSafeInteger(id)) return undefined;
  return (await ticketsQuery(db)
    .select([...TICKET_COLUMNS])
    .where('t.id', '=', id)
    .executeTakeFirst()) as TicketRow | undefined;
}

/** At the due date: still open and past due, and not told yet → every administrator, once. */
async function overdue(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const row = await ticketOf(trx, job);
  const now = clock.now();
  if (!row || row.overdue_notified_at !== null || !isOverdue(row, now)) return;
  const marked = await trx
    .updateTable('tickets')
    .set({ overdue_notified_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('overdue_notified_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) await tellOverdue(trx, clock, row);
}

/** RESOLUTION_ANSWER_DAYS after the resolution, still resolved → the lifecycle's system 'cerrar'. */
async function autoClose(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const row = await ticketOf(trx, job);
  if (!row) return;
  const transition = ticketTransition(lifecycleFactsOf(row), 'cerrar', SYSTEM_ACTOR.roles, clock.now());
  if (transition) await applyTransition(trx, clock, row, transition, SYSTEM_ACTOR);
}

export const TICKET_JOB_HANDLERS: JobHandlers = {
  [TICKET_OVERDUE_JOB]: overdue,
  [TICKET_AUTOCLOSE_JOB]: autoClose,
};
