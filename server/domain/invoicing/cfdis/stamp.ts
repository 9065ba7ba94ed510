// crear-factura's stamp: an Ingreso from the browser's draft, idempotent on its draftKey (a retry after a lost
// answer gets the CFDI already stamped, not a second one). The rules are issue.ts's; this file turns the
// draft into the engine's and answers InvoiceStamped.
import type { Kysely } from 'kysely';
import type { InvoiceStamped, StampRequest } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../shared/auth';
import { cfdiDetail, stampsAvailable } from './detail';
import { checkDwelling, conceptsOf, issuerOf, loadClient, receiverOf } from './draftFromDb';
import { AlreadyStamped, type CfdiDeps, issueCfdi } from './issue';

async function answer(db: Kysely<Database>, condoId: number, cfdiId: number): Promise<InvoiceStamped> {
  const cfdi = await cfdiDetail(db, condoId, cfdiId);
  const issuer = await db.selectFrom('cfdis').select('issuer_id').where('id', '=', cfdiId).executeTakeFirstOrThrow();
  return { cfdi, stampsAvailable: await stampsAvailable(db, issuer.issuer_id) };
}

/** Runs `work` in a transaction; a retried draftKey answers the CFDI it already made. */
export async function stampOnce(
  db: Kysely<Database>,
  condoId: number,
  draftKey: string | null,
  work: (trx: Kysely<Database>) => Promise<{ id: number }>,
): Promise<InvoiceStamped> {
  if (draftKey) {
    const done = await db
      .selectFrom('cfdis')
      .select('id')
      .where('draft_key', '=', draftKey)
      .where('condo_id', '=', condoId)
      .executeTakeFirst();
    if (done) return answer(db, condoId, done.id);
  }
  try {
    const { id } = await db.transaction().execute(work);
    return answer(db, condoId, id);
  } catch (error) {
    if (error instanceof AlreadyStamped) return answer(db, condoId, error.cfdiId);
    throw error;
  }
}

export async function stampInvoice(
  db: Kysely<Database>,
  deps: CfdiDeps,
  auth: Auth,
  request: StampRequest,
): Promise<InvoiceStamped> {
  const { draft, draftKey } = request;
  return stampOnce(db, auth.condoId, draftKey, async (trx) => {
    const issuer = await issuerOf(trx, auth.condoId, draft.issuerId);
    const client = await loadClient(trx, auth.condoId, draft.clientId);
    await checkDwelling(trx, auth.condoId, draft.apartmentId);
    const { concepts, chargeIds } = await conceptsOf(trx, auth.condoId, draft.concepts, draft.apartmentId);
    return issueCfdi(trx, deps, {
      condoId: auth.condoId,
      issuerId: issuer.id,
      clientId: client.id,
      apartmentId: draft.apartmentId ?? null,
      userId: auth.userId,
      draftKey,
      paymentId: null,
      draft: (common) => ({
        kind: 'I',
        ...common,
        receiver: receiverOf(client, issuer.lugar_expedicion),
        formaPago: draft.formaPago,
        metodoPago: draft.metodoPago,
        moneda: draft.moneda,
        concepts,
      }),
      balanceOf: (totals) => (draft.metodoPago === 'PPD' ? totals.totalCents : null),
      links: chargeIds.map((chargeId) => ({ chargeId })),
      auditAction: 'timbrar',
    });
  });
}
