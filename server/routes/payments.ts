// A dwelling's payment recorded in the ledger (src/api/payments.ts PAYMENT_PATHS): the accounts it may enter and
// the recording itself. For administrators and members with ADEUDOS 'editar' or 'alto' (permissions.
// canRecordPayment, checked before the body is read: 401 without a session, 403 otherwise); another
// condominium's or an inactive dwelling, or another condominium's account, is 404 in the domain.
import type { FastifyInstance } from 'fastify';
import { type LedgerAccountsAnswer, PAYMENT_PATHS, PaymentRecord, type PaymentRecorded } from '../../src/api/payments';
import { canRecordPayment } from '../../src/api/permissions';
import { listPaymentAccounts, recordPayment } from '../domain/finance/payments';
import { signedInRoutes } from './guards';

export default async function paymentRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const recorders = { allow: canRecordPayment };

  /**
   * A payment whose invoice was scheduled (mode A) is invoiced by this process's job runner at once, not at its
   * next tick. The answer does not wait: the job runs in its own transaction once the payment's has committed,
   * and a failure is logged and retried by the runner. Its claims keep the job to one process however many run
   * it. A process that runs no jobs (SCHEDULED_JOBS_SECONDS=0; the tests, which run them themselves) leaves it
   * to those that do.
   */
  const invoiceSoon = () => {
    if (app.config.scheduledJobsSeconds <= 0) return;
    void app.jobRunner
      .runOnce()
      .catch((error: unknown) => app.log.error({ err: error }, 'scheduled jobs pass after a payment failed'));
  };

  // Recorders: the condominium's ledger accounts (banks and cash boxes), by name.
  routes.get(
    PAYMENT_PATHS.accounts,
    recorders,
    async (request): Promise<LedgerAccountsAnswer> => ({
      success: true,
      data: await listPaymentAccounts(app.db, request.auth.condoId),
    }),
  );

  // Recorders: a payment of one of the condominium's active dwellings into one of its accounts, paid on a day
  // not after today in the condominium (400 on paidOn otherwise) → 201 with how it will be invoiced.
  routes.post<{ Body: PaymentRecord }>(
    PAYMENT_PATHS.record,
    { schema: { body: PaymentRecord }, ...recorders },
    async (request, reply): Promise<PaymentRecorded> => {
      const data = await recordPayment(app.db, { clock: app.clock }, request.auth, request.body);
      if (data.invoicing === 'scheduled') invoiceSoon();
      reply.code(201);
      return { success: true, data };
    },
  );
}
