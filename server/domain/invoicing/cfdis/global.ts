// The global invoice to público en general (InformacionGlobal: periodicidad, meses, año) for the period's
// sales no client asked an invoice for. The receiver is the condominium's público en general client (made the
// first time, so the report can name and filter it like any other); PUE, never a dwelling's.
import type { Kysely } from 'kysely';
import { type GlobalInvoiceDraft, type InvoiceStamped, PUBLICO_EN_GENERAL } from '../../../../src/api/invoicing';
import { foldForSearch } from '../../../../src/api/search';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../shared/auth';
import { conceptsOf, issuerOf, receiverOf } from './draftFromDb';
import { type CfdiDeps, issueCfdi } from './issue';
import { stampOnce } from './stamp';

const GLOBAL_CLAVE = '01010101';
const GLOBAL_UNIDAD = 'ACT';

async function publicoEnGeneral(trx: Kysely<Database>, condoId: number, lugarExpedicion: string, now: Date) {
  const found = await trx
    .selectFrom('invoicing_clients')
    .selectAll()
    .where('condo_id', '=', condoId)
    .where('rfc', '=', PUBLICO_EN_GENERAL.rfc)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found;
  return trx
    .insertInto('invoicing_clients')
    .values({
      condo_id: condoId,
      rfc: PUBLICO_EN_GENERAL.rfc,
      nombre: PUBLICO_EN_GENERAL.nombre,
      nombre_key: foldForSearch(PUBLICO_EN_GENERAL.nombre),
      regimen_fiscal: PUBLICO_EN_GENERAL.regimenFiscal,
      domicilio_fiscal: lugarExpedicion,
      uso_cfdi: PUBLICO_EN_GENERAL.usoCfdi,
      email: null,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function stampGlobal(
  db: Kysely<Database>,
  deps: CfdiDeps,
  auth: Auth,
  draft: GlobalInvoiceDraft,
): Promise<InvoiceStamped> {
  return stampOnce(db, auth.condoId, draft.draftKey, async (trx) => {
    const issuer = await issuerOf(trx, auth.condoId, draft.issuerId);
    const client = await publicoEnGeneral(trx, auth.condoId, issuer.lugar_expedicion, deps.clock.now());
    // Anexo 20's guide for the global invoice: each concept is a sale (ClaveProdServ 01010101, ClaveUnidad ACT).
    const { concepts } = await conceptsOf(
      trx,
      auth.condoId,
      draft.concepts.map(({ chargeId: _charge, ...concept }) => ({
        ...concept,
        claveProdServ: GLOBAL_CLAVE,
        claveUnidad: GLOBAL_UNIDAD,
        unidad: '',
      })),
      undefined,
    );
    return issueCfdi(trx, deps, {
      condoId: auth.condoId,
      issuerId: issuer.id,
      clientId: client.id,
      apartmentId: null,
      userId: auth.userId,
      draftKey: draft.draftKey,
      paymentId: null,
      isGlobal: true,
      draft: (common) => ({
        kind: 'I',
        ...common,
        receiver: receiverOf(client, issuer.lugar_expedicion),
        formaPago: draft.formaPago,
        metodoPago: 'PUE',
        moneda: 'MXN',
        concepts,
        informacionGlobal: { periodicidad: draft.periodicidad, meses: draft.meses, anio: draft.anio },
      }),
      balanceOf: () => null,
      links: [],
      auditAction: 'facturaGlobal',
    });
  });
}
