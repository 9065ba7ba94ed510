// Cancellation with the SAT's reasons: 01 (errors, with the replacing CFDI's UUID: a vigente CFDI of this
// issuer), 02 (errors, no relation), 03 (not done), 04 (nominative operation in a global invoice). A PPD
// invoice with vigente payment complements is refused (the SAT wants those cancelled first). The PAC is asked
// first; only when it accepts is the CFDI marked cancelado, with its audit row. Cancelling a payment
// complement gives its amount back to the invoices it paid (their balance); the ledger payment stays, as the
// money did arrive. No stamp is consumed.
import type { Kysely } from 'kysely';
import type { CancelRequest, CfdiDetail } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../errors';
import { recordAudit } from '../../shared/audit';
import type { Auth } from '../../shared/auth';
import { cfdiDetail } from './detail';
import type { CfdiDeps } from './issue';
import { conflict, pacFailed } from './refusals';
import { cfdiFacts } from './xmlFacts';

export async function cancelCfdi(
  db: Kysely<Database>,
  deps: CfdiDeps,
  auth: Auth,
  id: number,
  request: CancelRequest,
): Promise<CfdiDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('cfdis')
      .selectAll()
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'vigente') throw conflict('alreadyCancelled');
    if (row.version !== request.version) throw conflict('stale');
    const replacementUuid = request.reason === '01' ? request.replacementUuid.toUpperCase() : null;
    if (replacementUuid) {
      const replacement = await trx
        .selectFrom('cfdis')
        .select('id')
        .where('uuid', '=', replacementUuid)
        .where('issuer_id', '=', row.issuer_id)
        .where('condo_id', '=', auth.condoId)
        .where('status', '=', 'vigente')
        .where('id', '!=', row.id)
        .executeTakeFirst();
      if (!replacement) throw conflict('badReplacement');
    }
    if (row.type === 'I' && row.metodo_pago === 'PPD') {
      const complement = await trx
        .selectFrom('cfdi_links as l')
        .innerJoin('cfdis as p', 'p.id', 'l.cfdi_id')
        .select('p.id')
        .where('l.related_cfdi_id', '=', row.id)
        .where('p.type', '=', 'P')
        .where('p.status', '=', 'vigente')
        .executeTakeFirst();
      if (complement) throw conflict('hasPayments');
    }
    const facts = cfdiFacts(row.xml);
    const answer = await deps.pac.cancel({
      uuid: row.uuid,
      rfcEmisor: facts.issuer.rfc,
      rfcReceptor: facts.receiver.rfc,
      totalCents: facts.totalCents,
      reason: request.reason,
      ...(replacementUuid ? { replacementUuid } : {}),
      // Some PACs (Finkok) want the issuer's certificate with the request.
      certificadoBase64: facts.certificado,
    });
    if (!answer.ok) throw pacFailed(answer.reason, answer.message, answer.code);
    const now = deps.clock.now().toISOString();
    const updated = await trx
      .updateTable('cfdis')
      .set((eb) => ({
        status: 'cancelado',
        cancel_reason: request.reason,
        replacement_uuid: replacementUuid,
        cancelled_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', row.id)
      .where('version', '=', request.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('stale');
    if (row.type === 'P') {
      const paid = await trx
        .selectFrom('cfdi_links')
        .select(['related_cfdi_id', 'amount_cents'])
        .where('cfdi_id', '=', row.id)
        .execute();
      for (const link of paid) {
        if (link.related_cfdi_id === null || !link.amount_cents) continue;
        await trx
          .updateTable('cfdis')
          .set((eb) => ({ balance_cents: eb('balance_cents', '+', link.amount_cents!), version: eb('version', '+', 1) }))
          .where('id', '=', link.related_cfdi_id)
          .execute();
      }
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'cfdi',
      entityId: row.id,
      action: 'cancelar',
      before: { status: 'vigente' },
      after: { status: 'cancelado', reason: request.reason, replacementUuid },
      at: now,
    });
  });
  return cfdiDetail(db, auth.condoId, id);
}
