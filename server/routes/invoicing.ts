// E-invoicing set-up (src/api/invoicing.ts): datos-generales (issuers, their CSD), facturacion-electronica
// (products, the SAT key search), catalago-clientes, solicitar-timbres. Everyone but administrators and holders
// of FAC is refused before the body is read (permissions.canInvoice in the onRequest hook); everything is the session's
// condominium's. Thin: validated input, the domain call, the answer. The invoices themselves are cfdis.ts's.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, size, string } from 'superstruct';
import { ErrorCodes } from '../../src/api/errors';
import {
  ClientDraft,
  type ClientList,
  ClientListQuery,
  type ClientSaved,
  CSD_MAX_BYTES,
  INVOICING_PATHS,
  type InvoicingGeneralData,
  IssuerDraft,
  type IssuerSaved,
  ProductActive,
  ProductDraft,
  type ProductList,
  type ProductSaved,
  SatCatalogueQuery,
  type StampCredited,
  type StampLedger,
  StampRequestDraft,
  type StampRequestSaved,
} from '../../src/api/invoicing';
import { canInvoice } from '../../src/api/permissions';
import { ID_MAX, QueryInteger } from '../../src/api/validation';
import { listClients, saveClient } from '../domain/invoicing/clients';
import { invoicingGeneralData } from '../domain/invoicing/generalData';
import { csdRefused, saveIssuer, uploadCsd } from '../domain/invoicing/issuers';
import { listProducts, saveProduct, setProductActive } from '../domain/invoicing/products';
import { searchSatCatalogue } from '../domain/invoicing/satCatalogue';
import { creditStampRequest, mailStampRequest, requestStamps, StampCreditRefusal } from '../domain/invoicing/stampRequests';
import { stampLedger } from '../domain/invoicing/stamps';
import { AppError, unauthenticated } from '../errors';
import { signedInRoutes } from './guards';

/** The CSD upload's form once read: text fields as sent, the two files in base64 (plain input, like JSON). */
const CsdUploadForm = object({
  issuerId: QueryInteger(1, ID_MAX),
  version: QueryInteger(1, ID_MAX),
  password: size(string(), 1, 256),
  cer: size(string(), 1, Math.ceil((CSD_MAX_BYTES * 4) / 3) + 8),
  key: size(string(), 1, Math.ceil((CSD_MAX_BYTES * 4) / 3) + 8),
});
type CsdUploadForm = { issuerId: number; version: number; password: string; cer: string; key: string };

/** Two files of CSD_MAX_BYTES, the fields and the multipart framing. */
const CSD_BODY_LIMIT = 2 * CSD_MAX_BYTES + 16_384;
const FORM_FIELDS = ['issuerId', 'version', 'password'] as const;
const FORM_FILES = ['cer', 'key'] as const;

/**
 * multipart/form-data for this plugin's routes (only the CSD upload takes it), read by the platform's own
 * parser (undici's Response.formData): no package, and the body limit bounds what it reads. A part that is
 * missing stays missing, and the struct names it.
 */
async function readCsdForm(contentType: string, body: Buffer): Promise<Partial<Record<keyof CsdUploadForm, string>>> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const out: Partial<Record<keyof CsdUploadForm, string>> = {};
  for (const name of FORM_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') out[name] = value;
  }
  for (const name of FORM_FILES) {
    const value = form.get(name);
    if (value !== null && typeof value !== 'string') {
      if (value.size > CSD_MAX_BYTES) throw csdRefused('tooLarge');
      out[name] = Buffer.from(await value.arrayBuffer()).toString('base64');
    }
  }
  return out;
}

export default async function invoicingRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const invoicing = { allow: canInvoice };

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: CSD_BODY_LIMIT }, (request, body, done) => {
    readCsdForm(String(request.headers['content-type']), body as Buffer).then(
      (form) => done(null, form),
      (error: unknown) => done(error instanceof Error && 'statusCode' in error ? error : csdRefused('missing'), undefined),
    );
  });

  routes.get(
    INVOICING_PATHS.generalData,
    invoicing,
    async (request): Promise<InvoicingGeneralData> => invoicingGeneralData(app.db, request.auth),
  );

  // 409 with the issuer now for a stale version; 409 for an RFC already in this condominium.
  routes.post<{ Body: IssuerDraft }>(
    INVOICING_PATHS.saveIssuer,
    { schema: { body: IssuerDraft }, ...invoicing },
    async (request): Promise<IssuerSaved> => ({ issuer: await saveIssuer(app.db, app.clock, request.auth, request.body) }),
  );

  // 400 with { problem } when the files are not this RFC's CSD in force (CsdRefusal).
  routes.post<{ Body: CsdUploadForm }>(
    INVOICING_PATHS.uploadCsd,
    { schema: { body: CsdUploadForm }, ...invoicing, bodyLimit: CSD_BODY_LIMIT },
    async (request): Promise<IssuerSaved> => {
      const { issuerId, version, password, cer, key } = request.body;
      const files = { cer: Buffer.from(cer, 'base64'), key: Buffer.from(key, 'base64') };
      if (files.cer.length > CSD_MAX_BYTES || files.key.length > CSD_MAX_BYTES) throw csdRefused('tooLarge');
      return { issuer: await uploadCsd(app.db, app.clock, request.auth, { issuerId, version, password, ...files }) };
    },
  );

  routes.get<{ Querystring: SatCatalogueQuery }>(
    INVOICING_PATHS.satCatalogue,
    { schema: { querystring: SatCatalogueQuery }, ...invoicing },
    async (request) => searchSatCatalogue(request.query.kind, request.query.q),
  );

  routes.get(
    INVOICING_PATHS.products,
    invoicing,
    async (request): Promise<ProductList> => ({
      products: await listProducts(app.db, request.auth.condoId),
    }),
  );

  routes.post<{ Body: ProductDraft }>(
    INVOICING_PATHS.productSave,
    { schema: { body: ProductDraft }, ...invoicing },
    async (request): Promise<ProductSaved> => ({ product: await saveProduct(app.db, app.clock, request.auth, request.body) }),
  );

  routes.post<{ Body: ProductActive }>(
    INVOICING_PATHS.productActive,
    { schema: { body: ProductActive }, ...invoicing },
    async (request): Promise<ProductSaved> => ({
      product: await setProductActive(app.db, app.clock, request.auth, request.body),
    }),
  );

  routes.get<{ Querystring: ClientListQuery }>(
    INVOICING_PATHS.clients,
    { schema: { querystring: ClientListQuery }, ...invoicing },
    async (request): Promise<ClientList> => listClients(app.db, request.auth, request.query),
  );

  routes.post<{ Body: ClientDraft }>(
    INVOICING_PATHS.clientSave,
    { schema: { body: ClientDraft }, ...invoicing },
    async (request): Promise<ClientSaved> => ({ client: await saveClient(app.db, app.clock, request.auth, request.body) }),
  );

  routes.get(INVOICING_PATHS.stamps, invoicing, async (request): Promise<StampLedger> => stampLedger(app.db, request.auth));

  // Stored, then e-mailed after the answer (SMTP or the outbox) to the stamps provider.
  routes.post<{ Body: StampRequestDraft }>(
    INVOICING_PATHS.stampRequest,
    { schema: { body: StampRequestDraft }, ...invoicing },
    async (request): Promise<StampRequestSaved> => {
      const outcome = await requestStamps(app.db, app.clock, request.auth, request.body);
      app.tasks.run('stamp request mail', () => mailStampRequest(app.mailer, app.config.invoicingStampsEmail, outcome));
      return { request: outcome.request };
    },
  );

  // The stamps provider credits a requested package while the server runs (SQLite keeps one process on its
  // file, so `npm run stamps -- credit` works only with the server stopped or on PostgreSQL). Off unless
  // STAMPS_PROVIDER_TOKEN is set; the token is compared in constant time through its hash.
  const providerToken = app.config.stampsProviderToken;
  if (providerToken !== null) {
    const expected = createHash('sha256').update(providerToken).digest();
    const isProvider = (request: FastifyRequest) => {
      const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      return timingSafeEqual(createHash('sha256').update(given).digest(), expected);
    };
    app.post<{ Params: { id: number } }>(
      INVOICING_PATHS.providerCredit,
      { schema: { params: object({ id: QueryInteger(1, ID_MAX) }) } },
      async (request): Promise<StampCredited> => {
        if (!isProvider(request)) throw unauthenticated();
        try {
          const done = await creditStampRequest(app.db, app.clock, request.params.id);
          return { requestId: done.requestId, rfc: done.rfc, quantity: done.quantity, available: done.available };
        } catch (error) {
          if (!(error instanceof StampCreditRefusal)) throw error;
          throw error.reason === 'notFound'
            ? new AppError(404, ErrorCodes.notFound, 'invoicingErrors.notFound.stampRequest')
            : new AppError(409, ErrorCodes.conflict, 'invoicingErrors.stampRequest.alreadyCredited');
        }
      },
    );
  }
}
