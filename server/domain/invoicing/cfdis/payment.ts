// The payment complement (Pagos 2.0) of a PPD invoice when a payment arrives: only for a vigente PPD Ingreso
// with a balance, for at most that balance. Its NumParcialidad follows the invoice's vigente complements; the
// invoice's balance drops by the amount; and when the invoice is a dwelling's, the payment is recorded in the
// ledger (dwelling_payments) in the same transaction, so statements and CFDI never disagree.
import type { Kysely } from 'kysely';
import type { InvoiceStamped, PaymentDraft } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../errors';
import { recordAudit } from '../../shared/audit';
import type { Auth } from '../../shared/auth';
import { insertLedgerPayment } from '../../shared/ledgerPayments';
import { computeTotals } from '../cfdi/amounts';
import { loadClient, receiverOf } from './draftFromDb';
import { type CfdiDeps, issueCfdi } from './issue';
import { conflict } from './refusals';
import { stampOnce } from './stamp';
import { cfdiFacts } from './xmlFacts';

export async function stampPayment(
  db: Kysely<Database>,
  deps: CfdiDeps,
  auth: Auth,
  invoiceId: number,
  payment: PaymentDraft,
): Promise<InvoiceStamped> {
  return stampOnce(db, auth.condoId, null, async (trx) => {
    const invoice = await trx
      .selectFrom('cfdis')
      .selectAll()
      .where('id', '=', invoiceId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!invoice) throw notFound();
    if (invoice.version !== payment.version) throw conflict('stale');
    if (invoice.type !== 'I' || invoice.metodo_pago !== 'PPD' || invoice.status !== 'vigente' || !invoice.balance_cents) {
      throw conflict('notPayable');
    }
    if (payment.amountCents > invoice.balance_cents) throw conflict('amountOverBalance');
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('id', '=', payment.accountId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!account) throw notFound();
    const previous = await trx
      .selectFrom('cfdi_links as l')
      .innerJoin('cfdis as p', 'p.id', 'l.cfdi_id')
      .select((eb) => eb.fn.max('l.parcialidad').as('last'))
      .where('l.related_cfdi_id', '=', invoice.id)
      .where('p.type', '=', 'P')
      .where('p.status', '=', 'vigente')
      .executeTakeFirst();
    const numParcialidad = Number(previous?.last ?? 0) + 1;
    const client = await loadClient(trx, auth.condoId, invoice.client_id);
    const issuer = await trx
      .selectFrom('invoicing_issuers')
      .select('lugar_expedicion')
      .where('id', '=', invoice.issuer_id)
      .executeTakeFirstOrThrow();
    const facts = cfdiFacts(invoice.xml);
    const invoiceTotals = computeTotals(facts.concepts);

    let paymentId: number | null = null;
    if (invoice.apartment_id !== null) {
      paymentId = await insertLedgerPayment(
        trx,
        {
          condoId: auth.condoId,
          apartmentId: invoice.apartment_id,
          accountId: payment.accountId,
          paidOn: payment.paidOn,
          reference: payment.reference || `CFDI ${invoice.uuid}`,
          method: 'factura',
        },
        payment.amountCents,
        { actorUserId: auth.userId, at: deps.clock.now(), after: { cfdi: invoice.uuid } },
      );
    }
    const stamped = await issueCfdi(trx, deps, {
      condoId: auth.condoId,
      issuerId: invoice.issuer_id,
      clientId: invoice.client_id,
      apartmentId: invoice.apartment_id,
      userId: auth.userId,
      draftKey: null,
      paymentId,
      draft: (common) => ({
        kind: 'P',
        ...common,
        // Anexo 20 (Pagos 2.0): a payment complement's UsoCFDI is CP01 whatever the client's.
        receiver: { ...receiverOf(client, issuer.lugar_expedicion), usoCfdi: 'CP01' },
        pago: {
          fechaPago: `${payment.paidOn}T12:00:00`,
          formaDePagoP: payment.formaPago as Exclude<typeof payment.formaPago, '99'>,
          montoCents: payment.amountCents,
          documents: [
            {
              uuid: invoice.uuid,
              ...(invoice.serie ? { serie: invoice.serie } : {}),
              ...(invoice.folio ? { folio: invoice.folio } : {}),
              numParcialidad,
              saldoAnteriorCents: invoice.balance_cents!,
              importePagadoCents: payment.amountCents,
              invoiceTotals,
              objetoImp: invoiceTotals.taxes.length ? '02' : '01',
            },
          ],
        },
      }),
      balanceOf: () => null,
      reportTotalOf: () => payment.amountCents,
      links: [{ relatedCfdiId: invoice.id, parcialidad: numParcialidad, amountCents: payment.amountCents }],
      auditAction: 'complementoPago',
    });
    await trx
      .updateTable('cfdis')
      .set((eb) => ({ balance_cents: eb('balance_cents', '-', payment.amountCents), version: eb('version', '+', 1) }))
      .where('id', '=', invoice.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'cfdi',
      entityId: invoice.id,
      action: 'pago',
      before: { balance: invoice.balance_cents },
      after: { balance: invoice.balance_cents! - payment.amountCents, complemento: stamped.uuid },
      at: deps.clock.now(),
    });
    return stamped;
  });
}
