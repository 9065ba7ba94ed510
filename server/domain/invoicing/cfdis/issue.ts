// The one way a CFDI is made (an invoice, a payment complement, a global invoice, an automatic invoice): in
// the caller's transaction, all or nothing. The issuer's row is taken first (its folio counter is bumped,
// which on PostgreSQL locks the row until commit and on SQLite takes the write lock), then: CSD in force,
// a stamp taken (stamps.consumeStamp; none left is refused BEFORE the PAC hears of it), the engine builds the XML, the CSD seals it, the PAC
// stamps it; only then the cfdis row, its links, the stamp consumed and the audit row. A PAC refusal throws,
// so the folio, the stamp and everything else roll back.
//
// Decision: the transaction is held across the PAC call, so a refusal leaves nothing behind by construction
// (no stamp to give back, no folio gap). The sandbox PAC is in-process (a schema check and two RSA
// operations). The cost with a remote PAC: on PostgreSQL only this issuer's stampings wait (its row is
// locked), which SAT folios want anyway; on SQLite the app's one connection is held, so every request of the
// process waits for the PAC's round trip. SQLite is the single-server deployment; if a remote PAC makes that
// felt, the next step is a reserve/commit split (take stamp and folio and commit; call the PAC; write the CFDI,
// or give the stamp back and record the folio as unused).
import type { Kysely } from 'kysely';
import type { HistoryAction } from '../../../../src/api/history';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../errors';
import type { Clock } from '../../../infra/clock';
import { recordAudit } from '../../shared/audit';
import { openSecret } from '../../shared/vault';
import { localTimestamp, timeZoneOf } from '../../shared/zonedTime';
import { buildCfdi } from '../cfdi/build';
import { draftProblems } from '../cfdi/problems';
import type { CfdiDraft, CfdiIssuer, InvoiceTotals } from '../cfdi/types';
import { openPrivateKey, signCadena } from '../csd/seal';
import type { PacAdapter } from '../pac/adapter';
import { attachStampToCfdi, consumeStamp } from '../stamps';
import { badDraft, conflict, pacFailed } from './refusals';

export interface CfdiDeps {
  pac: PacAdapter;
  clock: Clock;
}

export interface CfdiLink {
  relatedCfdiId?: number;
  chargeId?: number;
  parcialidad?: number;
  amountCents?: number;
}

export interface IssueInput {
  condoId: number;
  issuerId: number;
  clientId: number;
  apartmentId: number | null;
  /** null: the system (mode A's job). */
  userId: number | null;
  draftKey: string | null;
  paymentId: number | null;
  isGlobal?: boolean;
  /** The engine's draft, once the folio and the Fecha are known. */
  draft(common: { serie: string; folio: string; fecha: string; issuer: CfdiIssuer }): CfdiDraft;
  /** PPD invoices start owing their total; the rest have no balance. */
  balanceOf(totals: InvoiceTotals): number | null;
  /** What the report sums for it (a payment complement's Total is 0: its amount paid is summed instead). */
  reportTotalOf?(totals: InvoiceTotals): number;
  links: CfdiLink[];
  auditAction: HistoryAction;
}

/** A retried stamp request found its CFDI: the caller answers that one (and this transaction rolls back). */
export class AlreadyStamped extends Error {
  constructor(readonly cfdiId: number) {
    super('already stamped');
  }
}

export async function issueCfdi(trx: Kysely<Database>, deps: CfdiDeps, input: IssueInput): Promise<{ id: number; uuid: string }> {
  const now = deps.clock.now();
  // Taking the folio first is what serialises stampings of one issuer (see above).
  const taken = await trx
    .updateTable('invoicing_issuers')
    .set((eb) => ({ next_folio: eb('next_folio', '+', 1) }))
    .where('id', '=', input.issuerId)
    .where('condo_id', '=', input.condoId)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw notFound();
  if (input.draftKey) {
    const done = await trx.selectFrom('cfdis').select('id').where('draft_key', '=', input.draftKey).executeTakeFirst();
    if (done) throw new AlreadyStamped(done.id);
  }
  const issuer = await trx.selectFrom('invoicing_issuers').selectAll().where('id', '=', input.issuerId).executeTakeFirstOrThrow();
  if (!issuer.csd_cer || !issuer.csd_key || !issuer.csd_password_sealed || !issuer.csd_no_certificado) throw conflict('noCsd');
  const at = now.toISOString();
  if ((issuer.csd_valid_to && issuer.csd_valid_to < at) || (issuer.csd_valid_from && issuer.csd_valid_from > at)) {
    throw conflict('csdExpired');
  }
  // The stamp is taken before the PAC hears of anything; a refusal later rolls it back with the rest.
  if (!(await consumeStamp(trx, issuer.id, null, input.userId, now))) throw conflict('noStamps');

  const folio = String(issuer.next_folio - 1);
  const draft = input.draft({
    serie: issuer.serie,
    folio,
    // Anexo 20: the local time where it is issued, the condominium's clock (docs/decisions.md).
    fecha: localTimestamp(now, await timeZoneOf(trx, input.condoId)),
    issuer: {
      rfc: issuer.rfc,
      nombre: issuer.razon_social,
      regimenFiscal: issuer.regimen_fiscal,
      lugarExpedicion: issuer.lugar_expedicion,
    },
  });
  const problems = draftProblems(draft);
  if (problems.length) throw badDraft(problems);
  const unsigned = buildCfdi(draft, {
    noCertificado: issuer.csd_no_certificado,
    certificadoBase64: Buffer.from(issuer.csd_cer).toString('base64'),
  });
  const key = openPrivateKey(
    Buffer.from(issuer.csd_key),
    await openSecret(trx, deps.clock, 'csd-vault', issuer.csd_password_sealed),
  );
  const xml = unsigned.sealed(signCadena(unsigned.cadenaOriginal, key));

  const answer = await deps.pac.stamp(xml);
  if (!answer.ok) throw pacFailed(answer.reason, answer.message, answer.code);

  const totals = unsigned.totals;
  const row = await trx
    .insertInto('cfdis')
    .values({
      condo_id: input.condoId,
      issuer_id: issuer.id,
      client_id: input.clientId,
      apartment_id: input.apartmentId,
      type: draft.kind,
      uuid: answer.timbre.uuid.toUpperCase(),
      serie: issuer.serie,
      folio,
      fecha: draft.fecha,
      fecha_timbrado: answer.timbre.fechaTimbrado,
      metodo_pago: draft.kind === 'I' ? draft.metodoPago : null,
      forma_pago: draft.kind === 'I' ? draft.formaPago : draft.pago.formaDePagoP,
      subtotal_cents: totals.subtotalCents,
      total_cents: input.reportTotalOf ? input.reportTotalOf(totals) : totals.totalCents,
      balance_cents: input.balanceOf(totals),
      is_global: input.isGlobal ? 1 : 0,
      xml: answer.xml,
      draft_key: input.draftKey,
      payment_id: input.paymentId,
      created_by: input.userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const link of input.links) {
    await trx
      .insertInto('cfdi_links')
      .values({
        cfdi_id: row.id,
        related_cfdi_id: link.relatedCfdiId ?? null,
        charge_id: link.chargeId ?? null,
        parcialidad: link.parcialidad ?? null,
        amount_cents: link.amountCents ?? null,
      })
      .execute();
  }
  await attachStampToCfdi(trx, issuer.id, row.id);
  await recordAudit(trx, {
    condoId: input.condoId,
    actorUserId: input.userId,
    entity: 'cfdi',
    entityId: row.id,
    action: input.auditAction,
    after: { uuid: answer.timbre.uuid, type: draft.kind, serie: issuer.serie, folio, total: totals.totalCents },
    at: now,
  });
  return { id: row.id, uuid: answer.timbre.uuid };
}
