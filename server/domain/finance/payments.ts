// A dwelling's payment recorded in the ledger (src/api/payments.ts): the dwelling_payments row that statements,
// reports and CFDI read, its history row, and in invoice mode A the job that invoices it (spec §4), all in one
// transaction. Who may record one is decided by the route (permissions.canRecordPayment); here the dwelling
// and the account must be the caller's condominium's (404 otherwise), and the day paid not after today there.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { LedgerAccount, PaymentInvoicing, PaymentRecord, PaymentRecorded } from '../../../src/api/payments';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { insertLedgerPayment } from '../shared/ledgerPayments';
import { invoicePaymentIfAutomatic } from '../shared/paymentInvoicing';
import { condoToday } from '../shared/zonedTime';

const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** The condominium's banks and cash boxes, by name (the same order on SQLite and PostgreSQL). */
export async function listPaymentAccounts(db: Kysely<Database>, condoId: number): Promise<LedgerAccount[]> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'name', 'kind']).where('condo_id', '=', condoId).execute();
  return rows
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((row) => ({ id: row.id, nombre: row.name, tipo: row.kind }));
}

const paidInFuture = () => new AppError(400, ErrorCodes.badRequest, 'errors.payments.paidOnFuture', 'paidOn');

export async function recordPayment(
  db: Kysely<Database>,
  deps: { clock: Clock },
  auth: Auth,
  body: PaymentRecord,
): Promise<PaymentRecorded['data']> {
  return db.transaction().execute(async (trx) => {
    const apartment = await trx
      .selectFrom('apartments')
      .select('id')
      .where('id', '=', body.ApartmentId)
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!apartment) throw notFound('errors.notFound.dwelling');
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('id', '=', body.accountId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!account) throw notFound('errors.notFound.ledgerAccount');
    if (body.paidOn > (await condoToday(trx, deps.clock, auth.condoId))) throw paidInFuture();

    const reference = body.reference.trim();
    const now = deps.clock.now();
    // Empty when none was given: the statement then reads "Pago" alone (statements.ts).
    const id = await insertLedgerPayment(
      trx,
      {
        condoId: auth.condoId,
        apartmentId: apartment.id,
        accountId: account.id,
        paidOn: body.paidOn,
        reference,
        method: 'registrado',
      },
      body.amountCents,
      { actorUserId: auth.userId, at: now, after: { accountId: account.id, reference } },
    );
    const invoicing: PaymentInvoicing = await invoicePaymentIfAutomatic(trx, auth.condoId, apartment.id, id, now);
    return { id, ApartmentId: apartment.id, paidOn: body.paidOn, amountCents: body.amountCents, invoicing };
  });
}
