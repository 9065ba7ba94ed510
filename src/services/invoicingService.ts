// Browser side of e-invoicing (src/api/invoicing.ts): one function per call of INVOICING_PATHS. Expected refusals
// come back as typed results (a CSD with a problem, a stamp refused for no stamps or by the PAC) so the machines
// model them as states; anything else throws ApiError.
import { HTTPError } from 'ky';
import {
  type CancelRequest,
  type CfdiListQuery,
  type ClientDraft,
  CSD_PROBLEMS,
  type CsdProblem,
  type GlobalInvoiceDraft,
  INVOICING_PATHS,
  type InvoiceDraft,
  type IssuerDraft,
  type PaymentDraft,
  type ProductDraft,
  STAMP_REFUSALS,
  type StampRefusal,
  type StampRequest,
  type StampRequestDraft,
} from '../api/invoicing';
import { ApiError, apiPath, call, http } from './http';
import {
  CfdiDetailAnswer,
  CfdiListAnswer,
  ClientListAnswer,
  ClientSavedAnswer,
  DwellingChargesAnswer,
  GeneralDataAnswer,
  IssuerSavedAnswer,
  PreviewAnswer,
  ProductListAnswer,
  ProductSavedAnswer,
  SatCatalogueItems,
  StampedAnswer,
  StampLedgerAnswer,
  StampRequestSavedAnswer,
} from './invoicingAnswers';

const query = (params: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

/** A path of INVOICING_PATHS with its :id filled in, as ky wants it. */
export const cfdiPath = (path: string, id: number) => apiPath(path.replace(':id', String(id)));
/** The browser-facing URL of a CFDI's file (the XML and PDF download links). */
export const cfdiFileUrl = (kind: 'xml' | 'pdf', id: number) => `/api/${cfdiPath(INVOICING_PATHS[kind], id)}`;

// ── Issuers (datos-generales)

export function fetchGeneralData(signal?: AbortSignal): Promise<GeneralDataAnswer> {
  return call(() => http.get(apiPath(INVOICING_PATHS.generalData), { signal }), GeneralDataAnswer);
}

export function saveIssuer(draft: IssuerDraft, signal?: AbortSignal): Promise<IssuerSavedAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.saveIssuer), { json: draft, signal }), IssuerSavedAnswer);
}

export interface CsdUpload {
  issuerId: number;
  version: number;
  password: string;
  cer: Blob & { name: string };
  key: Blob & { name: string };
}

export type CsdUploadResult =
  | { kind: 'saved'; issuer: IssuerSavedAnswer['issuer'] }
  | { kind: 'problem'; problem: CsdProblem; message: string };

/** Which CSD problem a refusal names: its `problem`/`reason` field, its code, or its message id. */
function csdProblemOf(body: unknown): CsdProblem | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as Record<string, unknown>;
  const candidates = [
    fields.problem,
    fields.reason,
    fields.code,
    String(fields.messageId ?? '')
      .split('.')
      .pop(),
  ];
  return (CSD_PROBLEMS as readonly unknown[]).find((p) => candidates.includes(p as string)) as CsdProblem | null;
}

/** Reads the JSON body of a refusal with the given status, or null (the body stays readable for call()). */
async function refusalBody(error: unknown, statuses: number[]): Promise<Record<string, unknown> | null> {
  if (!(error instanceof HTTPError) || !statuses.includes(error.response.status)) return null;
  const body: unknown = await error.response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/** Runs the request, keeping the body of a refusal with one of `statuses` before call() reads it. */
function keepingRefusal(request: () => Promise<Response>, statuses: number[]) {
  let kept: Record<string, unknown> | null = null;
  const send = async () => {
    try {
      return await request();
    } catch (error) {
      kept = await refusalBody(error, statuses);
      throw error;
    }
  };
  return { send, refusal: () => kept };
}

export async function uploadCsd(upload: CsdUpload, signal?: AbortSignal): Promise<CsdUploadResult> {
  const form = new FormData();
  form.set('issuerId', String(upload.issuerId));
  form.set('version', String(upload.version));
  form.set('password', upload.password);
  form.set('cer', upload.cer, upload.cer.name);
  form.set('key', upload.key, upload.key.name);
  const kept = keepingRefusal(
    () => http.post(apiPath(INVOICING_PATHS.uploadCsd), { body: form, signal, timeout: 60_000 }),
    [400],
  );
  try {
    const saved = await call(kept.send, IssuerSavedAnswer);
    return { kind: 'saved', issuer: saved.issuer };
  } catch (error) {
    const problem = csdProblemOf(kept.refusal());
    if (problem && error instanceof ApiError) return { kind: 'problem', problem, message: error.message };
    throw error;
  }
}

// ── Products and the SAT catalogues (facturacion-electronica)

export function searchSatCatalogue(kind: 'prodserv' | 'unidad', q: string, signal?: AbortSignal): Promise<SatCatalogueItems> {
  return call(() => http.get(apiPath(INVOICING_PATHS.satCatalogue), { searchParams: { kind, q }, signal }), SatCatalogueItems);
}

export function fetchProducts(signal?: AbortSignal): Promise<ProductListAnswer> {
  return call(() => http.get(apiPath(INVOICING_PATHS.products), { signal }), ProductListAnswer);
}

export function saveProduct(draft: ProductDraft, signal?: AbortSignal): Promise<ProductSavedAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.productSave), { json: draft, signal }), ProductSavedAnswer);
}

export function setProductActive(
  request: { id: number; version: number; active: boolean },
  signal?: AbortSignal,
): Promise<ProductSavedAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.productActive), { json: request, signal }), ProductSavedAnswer);
}

// ── Clients (catalago-clientes)

export function fetchClients(
  params: { q?: string; limit?: number; offset?: number },
  signal?: AbortSignal,
): Promise<ClientListAnswer> {
  return call(() => http.get(apiPath(INVOICING_PATHS.clients), { searchParams: query(params), signal }), ClientListAnswer);
}

export function saveClient(draft: ClientDraft, signal?: AbortSignal): Promise<ClientSavedAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.clientSave), { json: draft, signal }), ClientSavedAnswer);
}

export function fetchDwellingCharges(apartmentId: number, signal?: AbortSignal): Promise<DwellingChargesAnswer> {
  return call(
    () => http.get(apiPath(INVOICING_PATHS.dwellingCharges), { searchParams: { apartmentId }, signal }),
    DwellingChargesAnswer,
  );
}

// ── Invoices (crear-factura, listado-cfdis)

export function previewInvoice(draft: InvoiceDraft, signal?: AbortSignal): Promise<PreviewAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.preview), { json: draft, signal }), PreviewAnswer);
}

export type StampResult =
  | { kind: 'stamped'; stamped: StampedAnswer }
  | { kind: 'refused'; reason: StampRefusal; message: string };

/** Which refusal a 409/502/503 names (its `reason`, else its message id invoicing.refused.<reason>). */
function stampRefusalOf(body: Record<string, unknown> | null): StampRefusal | null {
  if (!body) return null;
  const candidates = [
    body.reason,
    body.code,
    String(body.messageId ?? '')
      .split('.')
      .pop(),
  ];
  return (STAMP_REFUSALS as readonly unknown[]).find((r) => candidates.includes(r as string)) as StampRefusal | null;
}

/** Stamps a CFDI; expected refusals resolve as { kind: 'refused', reason, message } (the PAC's words). */
async function stampOrRefused(request: () => Promise<Response>): Promise<StampResult> {
  const kept = keepingRefusal(request, [400, 409, 422, 502, 503]);
  try {
    return { kind: 'stamped', stamped: await call(kept.send, StampedAnswer) };
  } catch (error) {
    const body = kept.refusal();
    const reason = stampRefusalOf(body);
    if (reason && error instanceof ApiError) {
      const message = typeof body?.message === 'string' ? body.message : error.message;
      return { kind: 'refused', reason, message };
    }
    throw error;
  }
}

export function stampInvoice(request: StampRequest, signal?: AbortSignal): Promise<StampResult> {
  return stampOrRefused(() => http.post(apiPath(INVOICING_PATHS.stamp), { json: request, signal, timeout: 120_000 }));
}

export function stampGlobalInvoice(draft: GlobalInvoiceDraft, signal?: AbortSignal): Promise<StampResult> {
  return stampOrRefused(() => http.post(apiPath(INVOICING_PATHS.global), { json: draft, signal, timeout: 120_000 }));
}

export function recordPayment(cfdiId: number, draft: PaymentDraft, signal?: AbortSignal): Promise<StampResult> {
  return stampOrRefused(() => http.post(cfdiPath(INVOICING_PATHS.payment, cfdiId), { json: draft, signal, timeout: 120_000 }));
}

export function fetchCfdis(params: Omit<CfdiListQuery, 'format'>, signal?: AbortSignal): Promise<CfdiListAnswer> {
  return call(() => http.get(apiPath(INVOICING_PATHS.list), { searchParams: query(params), signal }), CfdiListAnswer);
}

/** The filtered set as CSV (a download). */
export async function downloadCfdiCsv(params: Omit<CfdiListQuery, 'format'>, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(INVOICING_PATHS.list), { searchParams: { ...query(params), format: 'csv' }, signal }).blob();
  } catch (error) {
    throw await asApiError(error);
  }
}

/** The filtered set's XML and PDF as a ZIP (a download). */
export async function downloadCfdiZip(params: Omit<CfdiListQuery, 'format'>, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(INVOICING_PATHS.zip), { searchParams: query(params), signal, timeout: 300_000 }).blob();
  } catch (error) {
    throw await asApiError(error);
  }
}

/** One CFDI's file (XML or PDF) as a Blob, for a download the page starts itself. */
export async function downloadCfdiFile(kind: 'xml' | 'pdf', id: number, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(cfdiPath(INVOICING_PATHS[kind], id), { signal, timeout: 120_000 }).blob();
  } catch (error) {
    throw await asApiError(error);
  }
}

/** A failed download as ApiError, like call() does for JSON answers. */
async function asApiError(error: unknown): Promise<unknown> {
  if (!(error instanceof HTTPError)) return error;
  const body = await refusalBody(error, [error.response.status]);
  return new ApiError(
    error.response.status,
    typeof body?.code === 'string' ? body.code : 'HTTP',
    typeof body?.message === 'string' ? body.message : error.message,
  );
}

export function fetchCfdi(id: number, signal?: AbortSignal): Promise<CfdiDetailAnswer> {
  return call(() => http.get(cfdiPath(INVOICING_PATHS.detail, id), { signal }), CfdiDetailAnswer);
}

/** E-mails the CFDI's XML and PDF to its client again. */
export async function sendCfdi(id: number, signal?: AbortSignal): Promise<void> {
  try {
    await http.post(cfdiPath(INVOICING_PATHS.send, id), { json: {}, signal });
  } catch (error) {
    throw await asApiError(error);
  }
}

export function cancelCfdi(id: number, request: CancelRequest, signal?: AbortSignal): Promise<CfdiDetailAnswer> {
  return call(
    () => http.post(cfdiPath(INVOICING_PATHS.cancel, id), { json: request, signal, timeout: 120_000 }),
    CfdiDetailAnswer,
  );
}

// ── Stamps (solicitar-timbres)

export function fetchStampLedger(signal?: AbortSignal): Promise<StampLedgerAnswer> {
  return call(() => http.get(apiPath(INVOICING_PATHS.stamps), { signal }), StampLedgerAnswer);
}

export function requestStamps(draft: StampRequestDraft, signal?: AbortSignal): Promise<StampRequestSavedAnswer> {
  return call(() => http.post(apiPath(INVOICING_PATHS.stampRequest), { json: draft, signal }), StampRequestSavedAnswer);
}
