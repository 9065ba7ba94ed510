// Mode A's decision (spec §4), as whoever records a payment asks it in that transaction: the condominium's
// issuer that invoices payments on its own, the client a dwelling's payments are invoiced to, and scheduling
// the payment's automatic invoice. Shared: finance/payments.ts decides and schedules with it, and the job that
// issues the invoice (invoicing/cfdis/autoInvoice.ts) re-checks the same two queries when due.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../infra/scheduledJobs';

/** The scheduled job's kind; its key is the payment's id. */
export const AUTO_INVOICE_JOB = 'cfdi.autoInvoice';

/** Schedules the payment's automatic invoice, due now, in the caller's transaction (the one recording it). */
export async function schedulePaymentInvoice(trx: Kysely<Database>, paymentId: number, now: Date): Promise<void> {
  await scheduleJob(trx, AUTO_INVOICE_JOB, paymentId, now, now);
}

/**
 * Whether a payment just recorded is invoiced on its own: 'scheduled' (and the job is scheduled, due now) when the
 * condominium has an issuer in mode A and the dwelling a client, as the job itself decides
 * (invoicing/cfdis/autoInvoice.ts); 'noClient' in mode A without a client; 'manual' otherwise. In the
 * transaction that records the payment ("Registrar pago", an online payment's webhook).
 */
export async function invoicePaymentIfAutomatic(
  trx: Kysely<Database>,
  condoId: number,
  apartmentId: number,
  paymentId: number,
  now: Date,
): Promise<'scheduled' | 'noClient' | 'manual'> {
  if (!(await automaticIssuer(trx, condoId))) return 'manual';
  if (!(await dwellingClient(trx, condoId, apartmentId))) return 'noClient';
  await schedulePaymentInvoice(trx, paymentId, now);
  return 'scheduled';
}

/** The issuer that invoices the condominium's payments on its own: its first issuer in mode A, if any. */
export function automaticIssuer(db: Kysely<Database>, condoId: number) {
  return db
    .selectFrom('invoicing_issuers')
    .selectAll()
    .where('condo_id', '=', condoId)
    .where('mode', '=', 'A')
    .orderBy('id')
    .executeTakeFirst();
}

/** The client a dwelling's payments are invoiced to (invoicing_client_dwellings), if it has one. */
export function dwellingClient(db: Kysely<Database>, condoId: number, apartmentId: number) {
  return db
    .selectFrom('invoicing_client_dwellings as d')
    .innerJoin('invoicing_clients as c', 'c.id', 'd.client_id')
    .selectAll('c')
    .where('d.apartment_id', '=', apartmentId)
    .where('c.condo_id', '=', condoId)
    .executeTakeFirst();
}
