// app.jobRunner: this process's runner of due scheduled jobs (infra/scheduledJobs.ts), every
// SCHEDULED_JOBS_SECONDS (0: never on its own; tests call runOnce()). Each area adds its handlers by kind here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_JOB_HANDLERS } from '../domain/account/jobs';
import { CHECKOUT_JOB_HANDLERS } from '../domain/checkout/jobs';
import { savedCardCharger } from '../domain/checkout/savedCardCharges';
import { GATE_JOB_HANDLERS } from '../domain/gate/jobs';
import { autoInvoiceJobHandlers } from '../domain/invoicing/cfdis/autoInvoice';
import { LATE_FEE_JOB_HANDLERS } from '../domain/lateFees/jobs';
import { PARCEL_JOB_HANDLERS } from '../domain/parcels/jobs';
import { POLL_JOB_HANDLERS } from '../domain/polls/jobs';
import { recurringChargeJobHandlers } from '../domain/recurringCharges/jobs';
import { reminderJobHandlers } from '../domain/reminders/jobs';
import { RESERVATION_JOB_HANDLERS } from '../domain/reservations/jobs';
import { ROUND_JOB_HANDLERS } from '../domain/rounds/jobs';
import { SESSION_JOB_HANDLERS } from '../domain/sessions/jobs';
import { LIVE_JOB_HANDLERS } from '../domain/shared/live';
import { TICKET_JOB_HANDLERS } from '../domain/tickets/jobs';
import { createJobRunner, type JobHandlers, type JobRunner } from '../infra/scheduledJobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobRunner: JobRunner;
  }
}

/** Every kind of job this server knows, with what to do when one is due. */
const HANDLERS: JobHandlers = {
  ...TICKET_JOB_HANDLERS,
  ...POLL_JOB_HANDLERS,
  ...RESERVATION_JOB_HANDLERS,
  ...SESSION_JOB_HANDLERS,
  ...ACCOUNT_JOB_HANDLERS,
  ...PARCEL_JOB_HANDLERS,
  ...ROUND_JOB_HANDLERS,
  ...GATE_JOB_HANDLERS,
  ...LATE_FEE_JOB_HANDLERS,
  ...CHECKOUT_JOB_HANDLERS,
  ...LIVE_JOB_HANDLERS,
};

export default fp(async function scheduledJobs(app: FastifyInstance) {
  const runner = createJobRunner({
    db: app.db,
    clock: app.clock,
    // Mode A's automatic invoices stamp through app.pac (pacPlugin, registered before this plugin).
    // Payment reminders link to the app at PUBLIC_URL (no link without it).
    // Automatic charges charge saved cards through paying online's checkout path, with its deployment policy.
    handlers: {
      ...HANDLERS,
      ...autoInvoiceJobHandlers(() => app.pac),
      ...reminderJobHandlers(app.config.publicUrl),
      ...recurringChargeJobHandlers(
        savedCardCharger({ sandbox: app.config.paymentSandbox, apiBase: app.config.paymentProviderApiBase }),
        app.config.publicUrl,
      ),
    },
    intervalMs: app.config.scheduledJobsSeconds * 1000,
    log: {
      failed: (error, job, retry) =>
        app.log.error(
          { err: error, job: { id: job.id, kind: job.kind, key: job.key, attempts: job.attempts } },
          retry ? 'scheduled job failed; it will be tried again' : 'scheduled job failed; giving up',
        ),
      broken: (error) => app.log.error({ err: error }, 'scheduled jobs pass failed'),
    },
  });
  app.decorate('jobRunner', runner);
  // Started once the app is ready, never during a failed start; stopped before the database closes.
  if (app.config.scheduledJobsSeconds > 0) app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', () => runner.stop());
});
