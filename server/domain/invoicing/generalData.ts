// datos-generales' answer (spec §7): success and one entry per issuer, the enterprise (rfc, modoInvoice, …)
// and resultTimbres.disponibles (spec §3.3), read from the issuer's kept balance.
import type { Kysely } from 'kysely';
import type { InvoicingGeneralData } from '../../../src/api/invoicing';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { listIssuers } from './issuers';

export async function invoicingGeneralData(db: Kysely<Database>, auth: Auth): Promise<InvoicingGeneralData> {
  const issuers = await listIssuers(db, auth.condoId);
  return {
    success: true,
    data: issuers.map((enterprise) => ({ enterprise, resultTimbres: { disponibles: enterprise.stampsAvailable } })),
  };
}
