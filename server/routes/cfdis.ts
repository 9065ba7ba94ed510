// The CFDI themselves (src/api/invoicing.ts INVOICING_PATHS): a dwelling's charges to invoice, preview and stamp an invoice, the report (page,
// CSV, ZIP), a CFDI's detail, XML and PDF, e-mail to the client, the payment complement, the global invoice
// and cancellation. For administrators and holders of FAC (permissions.canInvoice, checked before the body
// is read); another condominium's CFDI, client, issuer or dwelling is 404 in the domain.
//
// The PAC is app.pac, decorated at the root by pacPlugin (so the mode A job, which runs outside any route,
// stamps through the same one): BuildOptions.pac (tests: the sandbox they can tell to fail), else
// pacFromConfig (the sandbox by default; a real PAC by configuration).
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { object } from 'superstruct';
import {
  CancelRequest,
  CfdiListQuery,
  DwellingChargesQuery,
  GlobalInvoiceDraft,
  INVOICING_PATHS,
  InvoiceDraft,
  PaymentDraft,
  StampRequest,
} from '../../src/api/invoicing';
import { canInvoice } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { cadenaOfXml } from '../domain/invoicing/cfdi/xmlTree';
import { cancelCfdi } from '../domain/invoicing/cfdis/cancel';
import { cfdisCsv } from '../domain/invoicing/cfdis/csv';
import { cfdiDetail, findCfdiRow } from '../domain/invoicing/cfdis/detail';
import { dwellingCharges } from '../domain/invoicing/cfdis/dwellingCharges';
import { stampGlobal } from '../domain/invoicing/cfdis/global';
import { allFiltered, listCfdis } from '../domain/invoicing/cfdis/list';
import { mailCfdi } from '../domain/invoicing/cfdis/mail';
import { stampPayment } from '../domain/invoicing/cfdis/payment';
import { cfdiPdf } from '../domain/invoicing/cfdis/pdf';
import { previewInvoice } from '../domain/invoicing/cfdis/preview';
import { stampInvoice } from '../domain/invoicing/cfdis/stamp';
import { cfdisZip, fileStem } from '../domain/invoicing/cfdis/zip';
import type { PacAdapter } from '../domain/invoicing/pac/adapter';
import { pacFromConfig } from '../domain/invoicing/pac/fromConfig';
import { signedInRoutes } from './guards';

declare module 'fastify' {
  interface FastifyInstance {
    /** The PAC every stamping and cancellation goes through. */
    pac: PacAdapter;
  }
}

/** app.pac at the root: `pac` when given (tests), else what the configuration selects. */
export const pacPlugin = fp(async (app: FastifyInstance, options: { pac?: PacAdapter | undefined }) => {
  app.decorate('pac', options.pac ?? pacFromConfig(process.env, { now: () => app.clock.now(), cadenaOf: cadenaOfXml }));
});

const CfdiParams = object({ id: IdParam });
type CfdiParams = { id: number };

/** A download: the file's bytes with its type and name. */
const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer, inline = false) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);

export default async function cfdiRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const invoicers = { allow: canInvoice };
  const deps = () => ({ pac: app.pac, clock: app.clock });

  /** A stamped CFDI goes to its client when the client has an e-mail; a failure to mail never undoes it. */
  const mailQuietly = async (condoId: number, cfdiId: number) => {
    try {
      await mailCfdi(app.db, app.mailer, condoId, cfdiId);
    } catch (error) {
      app.log.warn({ err: error, cfdiId }, 'CFDI not e-mailed after stamping');
    }
  };

  routes.get<{ Querystring: { apartmentId: number } }>(
    INVOICING_PATHS.dwellingCharges,
    { schema: { querystring: DwellingChargesQuery }, ...invoicers },
    async (request) => dwellingCharges(app.db, app.clock, request.auth.condoId, request.query.apartmentId),
  );

  routes.post<{ Body: InvoiceDraft }>(
    INVOICING_PATHS.preview,
    { schema: { body: InvoiceDraft }, ...invoicers },
    async (request) => previewInvoice(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: StampRequest }>(
    INVOICING_PATHS.stamp,
    { schema: { body: StampRequest }, ...invoicers },
    async (request) => {
      const stamped = await stampInvoice(app.db, deps(), request.auth, request.body);
      await mailQuietly(request.auth.condoId, stamped.cfdi.id);
      return stamped;
    },
  );

  routes.post<{ Body: GlobalInvoiceDraft }>(
    INVOICING_PATHS.global,
    { schema: { body: GlobalInvoiceDraft }, ...invoicers },
    async (request) => stampGlobal(app.db, deps(), request.auth, request.body),
  );

  routes.get<{ Querystring: CfdiListQuery }>(
    INVOICING_PATHS.list,
    { schema: { querystring: CfdiListQuery }, ...invoicers },
    async (request, reply) => {
      if (request.query.format !== 'csv') return listCfdis(app.db, request.auth.condoId, request.query);
      const rows = await allFiltered(app.db, request.auth.condoId, request.query);
      return download(reply, 'text/csv; charset=utf-8', 'cfdis.csv', cfdisCsv(rows));
    },
  );

  routes.get<{ Querystring: CfdiListQuery }>(
    INVOICING_PATHS.zip,
    { schema: { querystring: CfdiListQuery }, ...invoicers },
    async (request, reply) => {
      const rows = await allFiltered(app.db, request.auth.condoId, request.query);
      return download(reply, 'application/zip', 'cfdis.zip', await cfdisZip(rows, request.language));
    },
  );

  routes.get<{ Params: CfdiParams }>(INVOICING_PATHS.detail, { schema: { params: CfdiParams }, ...invoicers }, async (request) =>
    cfdiDetail(app.db, request.auth.condoId, request.params.id),
  );

  routes.get<{ Params: CfdiParams }>(
    INVOICING_PATHS.xml,
    { schema: { params: CfdiParams }, ...invoicers },
    async (request, reply) => {
      const row = await findCfdiRow(app.db, request.auth.condoId, request.params.id);
      return download(reply, 'application/xml; charset=utf-8', `${fileStem(row)}.xml`, row.xml);
    },
  );

  routes.get<{ Params: CfdiParams }>(
    INVOICING_PATHS.pdf,
    { schema: { params: CfdiParams }, ...invoicers },
    async (request, reply) => {
      const row = await findCfdiRow(app.db, request.auth.condoId, request.params.id);
      return download(reply, 'application/pdf', `${fileStem(row)}.pdf`, await cfdiPdf(row, request.language), true);
    },
  );

  routes.post<{ Params: CfdiParams }>(INVOICING_PATHS.send, { schema: { params: CfdiParams }, ...invoicers }, async (request) =>
    mailCfdi(app.db, app.mailer, request.auth.condoId, request.params.id),
  );

  routes.post<{ Params: CfdiParams; Body: PaymentDraft }>(
    INVOICING_PATHS.payment,
    { schema: { params: CfdiParams, body: PaymentDraft }, ...invoicers },
    async (request) => {
      const stamped = await stampPayment(app.db, deps(), request.auth, request.params.id, request.body);
      await mailQuietly(request.auth.condoId, stamped.cfdi.id);
      return stamped;
    },
  );

  routes.post<{ Params: CfdiParams; Body: CancelRequest }>(
    INVOICING_PATHS.cancel,
    { schema: { params: CfdiParams, body: CancelRequest }, ...invoicers },
    async (request) => cancelCfdi(app.db, deps(), request.auth, request.params.id, request.body),
  );
}
