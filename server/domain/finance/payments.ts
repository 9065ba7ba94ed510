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
import { automaticIssuer, dwellingClient, schedulePaymentInvoice } from '../invoicing/cfdis/autoInvoice';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { condoToday } from '../shared/zonedTime';

const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** The condominium's banks and cash boxes, by name (the same order on SQLite and PostgreSQL). */
export async function listPaymentAccounts(db: Kysely<Database>, condoId: number): Promise<LedgerAccount[]> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'name', 'kind']).where('condo_id', '=', condoId).execute();
  return rows
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((row) => ({ id: row.id, nombre: row.name, tipo: row.kind }));
}

/** Where a payment entered the ledger: the dwelling, the account, the day paid and its reference. */
export interface LedgerPayment {
  condoId: number;
  apartmentId: number;
  accountId: number;
  paidOn: string;
  reference: string;
}

/**
 * Writes a dwelling's payment and its history row, in the caller's transaction: the one way a payment enters
 * the ledger ("Registrar pago" here, a PPD invoice's payment in invoicing/cfdis/payment.ts). The history's `after`
 * adds what the caller's history row says beyond the dwelling, amount and day.
 */
export async function insertLedgerPayment(
  trx: Kysely<Database>,
  payment: LedgerPayment,
  amountCents: number,
  history: { actorUserId: number; at: Date; after: Record<string, unknown> },
): Promise<number> {
  const { id } = await trx
    .insertInto('dwelling_payments')
    .values({
      condo_id: payment.condoId,
      apartment_id: payment.apartmentId,
      account_id: payment.accountId,
      paid_on: payment.paidOn,
      reference: payment.reference,
      amount_cents: amountCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId: payment.condoId,
    actorUserId: history.actorUserId,
    entity: 'dwelling_payment',
    entityId: id,
    action: 'create',
    after: { apartmentId: payment.apartmentId, amount: amountCents, paidOn: payment.paidOn, ...history.after },
    at: history.at,
  });
  return id;
}

const paidInFuture = () => new AppError(400, ErrorCodes.badRequest, 'errors.payments.paidOnFuture', 'paidOn');

/**
 * Whether the payment is invoiced on its own: 'scheduled' (and the job is scheduled, due now) when the
 * condominium has an issuer in mode A and the dwelling a client, as the job itself decides (autoInvoice.ts).
 */
async function invoicingOf(trx: Kysely<Database>, condoId: number, apartmentId: number, paymentId: number, now: Date) {
  if (!(await automaticIssuer(trx, condoId))) return 'manual';
  if (!(await dwellingClient(trx, condoId, apartmentId))) return 'noClient';
  await schedulePaymentInvoice(trx, paymentId, now);
  return 'scheduled';
}

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
      { condoId: auth.condoId, apartmentId: apartment.id, accountId: account.id, paidOn: body.paidOn, reference },
      body.amountCents,
      { actorUserId: auth.userId, at: now, after: { accountId: account.id, reference } },
    );
    const invoicing: PaymentInvoicing = await invoicingOf(trx, auth.condoId, apartment.id, id, now);
    return { id, ApartmentId: apartment.id, paidOn: body.paidOn, amountCents: body.amountCents, invoicing };
  });
}
