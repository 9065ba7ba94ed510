// crear-factura's preview: the totals and the SAT rules' problems of a draft, nothing stamped nor written.
import type { Kysely } from 'kysely';
import type { InvoiceDraft, InvoicePreview } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import type { Auth } from '../../shared/auth';
import { localTimestamp, timeZoneOf } from '../../shared/zonedTime';
import { computeTotals } from '../cfdi/amounts';
import { draftProblems } from '../cfdi/problems';
import { checkDwelling, conceptsOf, issuerOf, loadClient, receiverOf } from './draftFromDb';

export async function previewInvoice(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: InvoiceDraft,
): Promise<InvoicePreview> {
  const issuer = await issuerOf(db, auth.condoId, draft.issuerId);
  const client = await loadClient(db, auth.condoId, draft.clientId);
  await checkDwelling(db, auth.condoId, draft.apartmentId);
  const { concepts } = await conceptsOf(db, auth.condoId, draft.concepts, draft.apartmentId);
  const problems = draftProblems({
    kind: 'I',
    serie: issuer.serie,
    folio: String(issuer.next_folio),
    fecha: localTimestamp(clock.now(), await timeZoneOf(db, auth.condoId)),
    issuer: {
      rfc: issuer.rfc,
      nombre: issuer.razon_social,
      regimenFiscal: issuer.regimen_fiscal,
      lugarExpedicion: issuer.lugar_expedicion,
    },
    receiver: receiverOf(client, issuer.lugar_expedicion),
    formaPago: draft.formaPago,
    metodoPago: draft.metodoPago,
    moneda: draft.moneda,
    concepts,
  });
  return { totals: computeTotals(concepts), problems };
}
