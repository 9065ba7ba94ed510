// The invoicing module as its views see it: mounted under its base like CondominioRoutes does, with the
// answers of the calls its screens make (stubbed at fetch, the edge of these tests).
import { vi } from 'vitest';
import { Route } from 'wouter';
import { INVOICING_BASE } from '../../../src/api/invoicing';
import type { SessionData } from '../../../src/api/sessions';
import type { IssuerRow } from '../../../src/machines/issuersMachine';
import InvoicingRoutes from '../../../src/views/invoicing/InvoicingRoutes';
import { json } from '../http';
import { signedIn, stubApi } from './signedInShell';

export const ISSUER: IssuerRow = {
  id: 1,
  version: 1,
  rfc: 'CPA010101AB1',
  razonSocial: 'CONDOMINIO LAS PALMAS',
  regimenFiscal: '601',
  lugarExpedicion: '06600',
  serie: 'A',
  nextFolio: 12,
  modoInvoice: 'M',
  csd: { noCertificado: '30001000000500003416', validFrom: '2025-01-01T00:00:00', validTo: '2029-01-01T00:00:00' },
  stampsAvailable: 5,
};

export const generalData = (issuers: IssuerRow[]) =>
  json({
    success: true,
    data: issuers.map((enterprise) => ({ enterprise, resultTimbres: { disponibles: enterprise.stampsAvailable } })),
  });

export function openInvoicing(data: SessionData, screen: string, answers: Record<string, () => Response | Promise<Response>>) {
  const stub = stubApi(data, answers);
  // The CSD upload is multipart, which stubApi (JSON bodies) cannot read: answered here, its text fields recorded.
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const answer = answers[path];
    if (!answer || !(request.headers.get('content-type') ?? '').startsWith('multipart/')) return stubbed(request);
    const form = await request.clone().formData();
    const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]));
    stub.calls.push({ method: request.method, path, body: fields });
    return answer();
  });
  const view = signedIn(
    <Route path={INVOICING_BASE} nest>
      <InvoicingRoutes />
    </Route>,
    `${INVOICING_BASE}${screen}`,
  );
  return { ...view, stub };
}
