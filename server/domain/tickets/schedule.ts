// The scheduled jobs of requests (server/infra/scheduledJobs.ts; their handlers are in jobs.ts): the overdue
// notice at the due date, and the automatic close RESOLUTION_ANSWER_DAYS after a resolution.
import type { Kysely } from 'kysely';
import { autoCloseAt } from '../../../src/api/ticketLifecycle';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../infra/scheduledJobs';

export const TICKET_OVERDUE_JOB = 'ticket-overdue';
export const TICKET_AUTOCLOSE_JOB = 'ticket-autoclose';

/** At the due date: tell the administrators if it is still open then (moved when the due date moves). */
export const scheduleOverdue = (trx: Kysely<Database>, ticketId: number, dueAt: string, now: Date) =>
  scheduleJob(trx, TICKET_OVERDUE_JOB, ticketId, dueAt, now);

/** After the requester's time to answer a resolution: close it if still resolved. */
export const scheduleAutoClose = (trx: Kysely<Database>, ticketId: number, resolvedAt: string, now: Date) =>
  scheduleJob(trx, TICKET_AUTOCLOSE_JOB, ticketId, autoCloseAt(resolvedAt), now);
