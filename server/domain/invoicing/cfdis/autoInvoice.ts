// Mode A (spec §4): each payment recorded in the ledger is invoiced by a scheduled job: a PUE Ingreso to the
// dwelling's linked client, with the condominium's default product 'cuotaMantenimiento' as its one concept,
// for the amount paid (IVA included when the product carries IVA). Whoever records a payment (finance/payments.ts)
// calls schedulePaymentInvoice (shared/paymentInvoicing.ts) in that transaction; the job re-checks everything
// when due (the issuer may have left mode A, the dwelling may have no client), and makes one invoice per payment
// however often it runs: it looks for the payment's invoice first, and the unique (payment_id, type) index
// stops a racing second one.
import type { Kysely } from 'kysely';
import type { IvaTreatment } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import type { DueJob, JobHandlers } from '../../../infra/scheduledJobs';
import { AUTO_INVOICE_JOB, automaticIssuer, dwellingClient } from '../../shared/paymentInvoicing';
import type { CfdiConcept } from '../cfdi/types';
import type { PacAdapter } from '../pac/adapter';
import { receiverOf } from './draftFromDb';
import { issueCfdi } from './issue';

/** A payment's forma de pago is not in the ledger; a transfer (03) is how condominium fees are paid. */
export const AUTO_INVOICE_FORMA_PAGO = '03';

const RATES: Record<IvaTreatment, number> = { tasa16: 0.16, tasa8: 0.08, tasa0: 0, exento: 0 };

/** The unit value whose invoice totals the amount paid: the amount without its IVA when the product has one. */
export function unitValueFor(amountCents: number, objetoImp: string, iva: string | null): number {
  const rate = objetoImp === '02' && iva ? (RATES[iva as IvaTreatment] ?? 0) : 0;
  return Math.round(amountCents / (1 + rate));
}

async function invoicePayment(trx: Kysely<Database>, job: DueJob, clock: Clock, pac: PacAdapter): Promise<void> {
  const paymentId = Number(job.key);
  if (!Number.isSafeInteger(paymentId)) return;
  const payment = await trx.selectFrom('dwelling_payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) return;
  const invoiced = await trx
    .selectFrom('cfdis')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('type', '=', 'I')
    .executeTakeFirst();
  if (invoiced) return;
  const issuer = await automaticIssuer(trx, payment.condo_id);
  if (!issuer) return;
  const client = await dwellingClient(trx, payment.condo_id, payment.apartment_id);
  if (!client) return;
  const product = await trx
    .selectFrom('invoicing_products')
    .selectAll()
    .where('condo_id', '=', payment.condo_id)
    .where('kind', '=', 'cuotaMantenimiento')
    .where('active', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!product) return;
  const concept: CfdiConcept = {
    claveProdServ: product.clave_prod_serv,
    cantidad: '1',
    claveUnidad: product.clave_unidad,
    ...(product.unidad ? { unidad: product.unidad } : {}),
    descripcion: `${product.name} (pago del ${payment.paid_on})`,
    valorUnitarioCents: unitValueFor(payment.amount_cents, product.objeto_imp, product.iva),
    objetoImp: product.objeto_imp as CfdiConcept['objetoImp'],
    iva: product.objeto_imp === '02' ? (product.iva as IvaTreatment | null) : null,
  };
  // No stamps, no CSD or a PAC refusal throw: the job rolls back and is tried again later (stamps may be
  // credited meanwhile), up to the runner's attempts.
  await issueCfdi(
    trx,
    { pac, clock },
    {
      condoId: payment.condo_id,
      issuerId: issuer.id,
      clientId: client.id,
      apartmentId: payment.apartment_id,
      userId: null,
      draftKey: null,
      paymentId,
      draft: (common) => ({
        kind: 'I',
        ...common,
        receiver: receiverOf(client, issuer.lugar_expedicion),
        formaPago: AUTO_INVOICE_FORMA_PAGO,
        metodoPago: 'PUE',
        moneda: 'MXN',
        concepts: [concept],
      }),
      balanceOf: () => null,
      links: [],
      auditAction: 'facturaAutomatica',
    },
  );
}

/** The job's handler; `pacOf` answers the app's PAC when the job runs (it is set up after the runner). */
export function autoInvoiceJobHandlers(pacOf: () => PacAdapter): JobHandlers {
  return { [AUTO_INVOICE_JOB]: (trx, job, clock) => invoicePayment(trx, job, clock, pacOf()) };
}
