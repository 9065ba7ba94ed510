// E-invoicing (issue 17): CFDI 4.0 for the condominium's fees and reservations, stamped through a pluggable PAC.
// The module lives under control-gerencial/modulos-adicionales/<INVOICING_SEGMENT>/ (spec §2.2); its brand is
// "Factura Comunidad". Who may use it: permissions.canInvoice (administrators and holders of FAC).
//
// Money is integer cents everywhere inside (the ledger's unit); quantities are decimal text with up to six
// decimals (Anexo 20's Cantidad); the CFDI's decimals are written by the engine (server/domain/invoicing/cfdi).
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  is,
  literal,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  union,
} from 'superstruct';
import { CalendarDate, Email, Id, INT32_MAX, NonEmpty, PageQueryOf, QueryInteger, Version, WholeNumber } from './validation';

/** The invoicing brand's route segment (README: "Factura Comunidad"). */
export const INVOICING_SEGMENT = 'factura-comunidad';
export const INVOICING_BASE = `/condominio/control-gerencial/modulos-adicionales/${INVOICING_SEGMENT}`;
/** The six screens of spec §2.2 (their segments are the spec's, spelling included). */
export const INVOICING_SCREENS = {
  catalogues: `${INVOICING_BASE}/facturacion-electronica`,
  createInvoice: `${INVOICING_BASE}/crear-factura`,
  report: `${INVOICING_BASE}/listado-cfdis`,
  clients: `${INVOICING_BASE}/catalago-clientes`,
  generalData: `${INVOICING_BASE}/datos-generales`,
  requestStamps: `${INVOICING_BASE}/solicitar-timbres`,
} as const;

export const INVOICING_PATHS = {
  /** GET → InvoicingGeneralData (spec §7: success and data[] with enterprise and resultTimbres). */
  generalData: '/--facturacion/datos-generales',
  /** POST IssuerDraft → IssuerSaved (no id: a new issuer). 409 when the RFC is taken in this condominium. */
  saveIssuer: '/--facturacion/emisor',
  /** POST multipart (issuerId, version, password, cer file, key file) → IssuerSaved, or 400 with CsdProblem. */
  uploadCsd: '/--facturacion/emisor/csd',
  /** GET ?kind=&q= → SatCatalogueAnswer: ClaveProdServ / ClaveUnidad search (accent-insensitive). */
  satCatalogue: '/--facturacion/catalogos-sat',
  /** GET → ProductList; POST ProductDraft → ProductSaved; POST {id, active} → ProductSaved. */
  products: '/--facturacion/productos',
  productSave: '/--facturacion/productos/guardar',
  productActive: '/--facturacion/productos/estado',
  /** GET ClientListQuery → ClientList; POST ClientDraft → ClientSaved. */
  clients: '/--facturacion/clientes',
  clientSave: '/--facturacion/clientes/guardar',
  /** GET ?apartmentId= → DwellingCharges: a dwelling's charges not yet invoiced, to invoice them. */
  dwellingCharges: '/--facturacion/cargos-vivienda',
  /** POST InvoiceDraft → InvoicePreview (totals, taxes, the cadena original; nothing stamped nor written). */
  preview: '/--facturacion/facturas/vista-previa',
  /** POST InvoiceDraft + draftKey → InvoiceStamped | 409 {reason:'noStamps'} | 502 {reason:'pacRefused', message}. */
  stamp: '/--facturacion/facturas/timbrar',
  /** GET CfdiListQuery → CfdiList (with totals); ?format=csv → text/csv. */
  list: '/--facturacion/facturas',
  /** GET /:id → CfdiDetail. */
  detail: '/--facturacion/facturas/:id',
  /** GET /:id/xml and /:id/pdf: the files; POST /:id/enviar: e-mail them to the client again. */
  xml: '/--facturacion/facturas/:id/xml',
  pdf: '/--facturacion/facturas/:id/pdf',
  send: '/--facturacion/facturas/:id/enviar',
  /** GET CfdiListQuery → application/zip of the filtered set's XML and PDF. */
  zip: '/--facturacion/facturas/zip',
  /** POST PaymentDraft → InvoiceStamped (the Pagos 2.0 complement; the payment is recorded in the ledger). */
  payment: '/--facturacion/facturas/:id/pago',
  /** POST GlobalInvoiceDraft → InvoiceStamped (público en general, InformacionGlobal). */
  global: '/--facturacion/facturas/global',
  /** POST CancelRequest → CfdiDetail (status cancelado). */
  cancel: '/--facturacion/facturas/:id/cancelar',
  /** GET → StampLedger; POST StampRequestDraft → StampRequestSaved (stored and e-mailed). */
  stamps: '/--facturacion/timbres',
  stampRequest: '/--facturacion/timbres/solicitar',
  /** The stamps provider, not a member: POST with `authorization: Bearer <STAMPS_PROVIDER_TOKEN>` credits the
   * request's package once → StampCredited; 404 unknown request (or the token unset), 409 already credited. */
  providerCredit: '/--facturacion/proveedor/solicitudes/:id/acreditar',
} as const;

/** The provider's answer: the package credited and the RFC's stamps after it. */
export interface StampCredited {
  requestId: number;
  rfc: string;
  quantity: number;
  available: number;
}

// ── SAT catalogues small enough to live here (the full ClaveProdServ / ClaveUnidad are searched on the server).

/** c_RegimenFiscal: code → who may hold it (F persona física, M persona moral). */
export const REGIMENES_FISCALES = {
  '601': 'M',
  '603': 'M',
  '605': 'F',
  '606': 'F',
  '607': 'F',
  '608': 'F',
  '610': 'FM',
  '611': 'F',
  '612': 'F',
  '614': 'F',
  '615': 'F',
  '616': 'F',
  '620': 'M',
  '621': 'F',
  '622': 'M',
  '623': 'M',
  '624': 'M',
  '625': 'F',
  '626': 'FM',
} as const;
export type RegimenFiscal = keyof typeof REGIMENES_FISCALES;
export const REGIMEN_CODES = Object.keys(REGIMENES_FISCALES) as RegimenFiscal[];

/** c_UsoCFDI codes the product offers (S01 "sin efectos fiscales" is the público en general's). */
export const USOS_CFDI = [
  'G01',
  'G02',
  'G03',
  'I01',
  'I02',
  'I03',
  'I04',
  'I05',
  'I06',
  'I07',
  'I08',
  'D01',
  'D02',
  'D03',
  'D04',
  'D05',
  'D06',
  'D07',
  'D08',
  'D09',
  'D10',
  'S01',
  'CP01',
] as const;
export type UsoCfdi = (typeof USOS_CFDI)[number];

/** c_FormaPago. '99' (por definir) is the only one a PPD invoice takes. */
export const FORMAS_PAGO = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '08',
  '12',
  '13',
  '14',
  '15',
  '17',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '99',
] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number];
export const METODOS_PAGO = ['PUE', 'PPD'] as const;
export type MetodoPago = (typeof METODOS_PAGO)[number];
/** c_ObjetoImp: 01 not subject to tax, 02 subject, 03 subject but not obliged to break down. */
export const OBJETOS_IMP = ['01', '02', '03'] as const;
export type ObjetoImp = (typeof OBJETOS_IMP)[number];
/** The IVA treatment of a concept subject to tax (ObjetoImp 02). */
export const IVA_TREATMENTS = ['tasa16', 'tasa8', 'tasa0', 'exento'] as const;
export type IvaTreatment = (typeof IVA_TREATMENTS)[number];
/** The currencies the product invoices in (MXN; USD with its TipoCambio is later work). */
export const MONEDAS = ['MXN'] as const;
/** c_Motivo of a cancellation: 01 with a replacing UUID, 02 errors without relation, 03 not done, 04 global. */
export const CANCEL_REASONS = ['01', '02', '03', '04'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** c_Periodicidad and c_Meses of a global invoice (InformacionGlobal). */
export const PERIODICIDADES = ['01', '02', '03', '04', '05'] as const;
export const MESES = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
] as const;

/** The RFC público en general and its fixed receiver data (Anexo 20's guide). */
export const PUBLICO_EN_GENERAL = {
  rfc: 'XAXX010101000',
  nombre: 'PUBLICO EN GENERAL',
  regimenFiscal: '616',
  usoCfdi: 'S01',
} as const;
export const RFC_EXTRANJERO = 'XEXX010101000';

/** An RFC: 3 letters (moral) or 4 (física), the date, the homoclave (tdCFDI t_RFC, upper case). */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
export const Rfc = pattern(string(), RFC_PATTERN);
/** A person's RFC has 13 characters, a company's 12. */
export const rfcKind = (rfc: string): 'F' | 'M' => (rfc.length === 13 ? 'F' : 'M');
/** A postal code (c_CodigoPostal's shape). */
export const PostalCode = pattern(string(), /^[0-9]{5}$/);
/** The name as the SAT has it: upper case in the constancia; kept as typed (trimmed) and sent as is. */
export const RAZON_SOCIAL_MAX = 254;
export const SERIE_MAX = 25;
export const FOLIO_MAX = 40;
/**
 * The largest next folio an issuer may set: nine digits, well below what its INTEGER column holds, so that
 * stamping (which adds 1) never reaches 2^31 (issue 33: a folio of 2147483648 answered 500 on PostgreSQL).
 */
export const NEXT_FOLIO_MAX = 999_999_999;
/** ClaveProdServ (8 digits) and ClaveUnidad (2–3 characters). */
export const ClaveProdServ = pattern(string(), /^[0-9]{8}$/);
export const ClaveUnidad = pattern(string(), /^[A-Z0-9]{1,3}$/);
/** Cantidad: positive, up to six decimals. */
export const QUANTITY_PATTERN = /^[0-9]{1,12}(\.[0-9]{1,6})?$/;
export const Quantity = refine(
  pattern(string(), QUANTITY_PATTERN),
  'Quantity',
  (value) => Number(value) > 0 || 'must be more than 0',
);
/**
 * The largest amount a concept's importe, a price or an invoice's total may be: 20,000,000.00 pesos, far above
 * any condominium's invoice (the SAT's t_Importe allows more), within the 32-bit integer columns that keep
 * invoices' cents on PostgreSQL, and low enough that the sums of CONCEPTS_MAX concepts and their taxes stay exact
 * in a JavaScript number (issue 33: 1.16e+23 reached a PAC).
 */
export const AMOUNT_MAX_CENTS = 2_000_000_000;
export const Cents = refine(
  integer(),
  'Cents',
  (value) => (value >= 0 && value <= AMOUNT_MAX_CENTS) || `must be between 0 and ${AMOUNT_MAX_CENTS}`,
);

/** A quantity ("1", "2.5", "0.333333") in millionths, exactly. */
export function quantityMillionths(cantidad: string): bigint {
  const [whole = '0', decimals = ''] = cantidad.split('.');
  return BigInt(whole || '0') * 1_000_000n + BigInt(decimals.padEnd(6, '0').slice(0, 6) || '0');
}

/** A concept's Importe in cents, exactly: Cantidad × ValorUnitario rounded half away from zero (Anexo 20). */
export function importeCentsExact(concept: { cantidad: string; valorUnitarioCents: number }): bigint {
  return (quantityMillionths(concept.cantidad) * BigInt(concept.valorUnitarioCents) + 500_000n) / 1_000_000n;
}

/** Whether a concept's importe is more than an invoice may hold (failure kind 'AmountTooLarge'). */
export const importeTooLarge = (concept: { cantidad: string; valorUnitarioCents: number }) =>
  importeCentsExact(concept) > BigInt(AMOUNT_MAX_CENTS);
/** A stamp package the product sells (solicitar-timbres). */
export const STAMP_PACKAGES = [50, 100, 250, 500, 1000] as const;

// ── Issuers (datos-generales)

export const InvoiceMode = enums(['A', 'M']);
export type InvoiceModeCode = Infer<typeof InvoiceMode>;

export const IssuerDraft = object({
  id: optional(Id),
  version: optional(Version),
  rfc: Rfc,
  razonSocial: NonEmpty(RAZON_SOCIAL_MAX),
  regimenFiscal: enums(REGIMEN_CODES),
  lugarExpedicion: PostalCode,
  serie: size(pattern(string(), /^[A-Za-z0-9]*$/), 0, SERIE_MAX),
  /** The next folio to use (the series' counter): 1 to NEXT_FOLIO_MAX. */
  nextFolio: WholeNumber(1, NEXT_FOLIO_MAX),
  modoInvoice: InvoiceMode,
});
export type IssuerDraft = Infer<typeof IssuerDraft>;

/** What the upload found wrong with a CSD (each has its message, invoicing.csd.<problem>). */
export const CSD_PROBLEMS = [
  'notCertificate',
  'notKey',
  'isFiel',
  'badPassword',
  'keyMismatch',
  'expired',
  'notYetValid',
  'rfcMismatch',
] as const;
export type CsdProblem = (typeof CSD_PROBLEMS)[number];
export const CSD_MAX_BYTES = 64 * 1024;

export interface CsdSummary {
  noCertificado: string;
  validFrom: string;
  validTo: string;
}

export interface Issuer {
  id: number;
  version: number;
  rfc: string;
  razonSocial: string;
  regimenFiscal: RegimenFiscal;
  lugarExpedicion: string;
  serie: string;
  nextFolio: number;
  modoInvoice: InvoiceModeCode;
  /** null until a CSD is uploaded; stamping needs one in force. */
  csd: CsdSummary | null;
  /** Stamps available for this RFC (the ledger's balance). */
  stampsAvailable: number;
}

/** Spec §3.3 / §7: the enterprise (rfc, modoInvoice) and resultTimbres.disponibles, one per issuer. */
export interface InvoicingGeneralData {
  success: true;
  data: { enterprise: Issuer; resultTimbres: { disponibles: number } }[];
}

export interface IssuerSaved {
  issuer: Issuer;
}

// ── Products and services (facturacion-electronica)

/** The condominium's default products (the seed and a new issuer get them). */
export const DEFAULT_PRODUCT_KINDS = ['cuotaMantenimiento', 'cuotaExtraordinaria', 'reservacion', 'multa'] as const;
export type DefaultProductKind = (typeof DEFAULT_PRODUCT_KINDS)[number];

export const ProductDraft = object({
  id: optional(Id),
  version: optional(Version),
  name: NonEmpty(120),
  claveProdServ: ClaveProdServ,
  claveUnidad: ClaveUnidad,
  unidad: size(string(), 0, 20),
  /** Kept in an INTEGER column (invoicing_products.price_cents), so below what a concept's price may be. */
  priceCents: WholeNumber(0, INT32_MAX),
  objetoImp: enums(OBJETOS_IMP),
  /** null unless objetoImp is '02'. */
  iva: nullable(enums(IVA_TREATMENTS)),
});
export type ProductDraft = Infer<typeof ProductDraft>;

export interface Product extends Omit<ProductDraft, 'id' | 'version'> {
  id: number;
  version: number;
  active: boolean;
  kind: DefaultProductKind | null;
}

export const SatCatalogueQuery = object({
  kind: enums(['prodserv', 'unidad']),
  q: size(string(), 1, 80),
});
export interface SatCatalogueAnswer {
  items: { clave: string; descripcion: string }[];
}

// ── Clients (catalago-clientes)

export const ClientDraft = object({
  id: optional(Id),
  version: optional(Version),
  rfc: Rfc,
  nombre: NonEmpty(RAZON_SOCIAL_MAX),
  regimenFiscal: enums(REGIMEN_CODES),
  domicilioFiscal: PostalCode,
  usoCfdi: enums(USOS_CFDI),
  email: optional(nullable(Email)),
  /** Dwellings whose payments invoice this client (their owner). */
  apartmentIds: size(array(Id), 0, 50),
});
export type ClientDraft = Infer<typeof ClientDraft>;

export interface Client extends Omit<ClientDraft, 'id' | 'version' | 'email'> {
  id: number;
  version: number;
  email: string | null;
  dwellings: { apartmentId: number; name: string }[];
}

export const CLIENTS_PAGE_SIZE = 25;
export const ClientListQuery = object({
  q: optional(size(string(), 0, 80)),
  limit: optional(QueryInteger(1, 100)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export interface ClientList {
  clients: Client[];
  total: number;
}

// ── Invoices (crear-factura)

const ConceptFields = object({
  productId: optional(Id),
  /** A dwelling's charge this concept invoices (then the amount is the charge's). */
  chargeId: optional(Id),
  claveProdServ: ClaveProdServ,
  claveUnidad: ClaveUnidad,
  unidad: size(string(), 0, 20),
  descripcion: NonEmpty(1000),
  cantidad: Quantity,
  valorUnitarioCents: Cents,
  descuentoCents: optional(Cents),
  objetoImp: enums(OBJETOS_IMP),
  iva: nullable(enums(IVA_TREATMENTS)),
});
/** A concept whose quantity × unit price an invoice can hold (checked exactly, before any total is summed). */
export const ConceptDraft = refine(
  ConceptFields,
  'AmountTooLarge',
  // superstruct runs an object's refinement even when a field of it failed: the product is computed only over a
  // quantity and a price that are what their own structs say (a bad one is refused by its own field).
  (concept) =>
    !is(concept.cantidad, Quantity) ||
    !is(concept.valorUnitarioCents, Cents) ||
    !importeTooLarge(concept) ||
    `its importe must be at most ${AMOUNT_MAX_CENTS} cents`,
);
export type ConceptDraft = Infer<typeof ConceptDraft>;
export const CONCEPTS_MAX = 100;

export const InvoiceDraft = object({
  issuerId: Id,
  clientId: Id,
  concepts: size(array(ConceptDraft), 1, CONCEPTS_MAX),
  metodoPago: enums(METODOS_PAGO),
  formaPago: enums(FORMAS_PAGO),
  moneda: enums(MONEDAS),
  /** The dwelling the invoice is for (its charges, its owner's client); optional for a free invoice. */
  apartmentId: optional(Id),
});
export type InvoiceDraft = Infer<typeof InvoiceDraft>;

/** Stamping carries a key the browser made for this draft: a retry after a lost answer stamps once. */
export const StampRequest = object({ draft: InvoiceDraft, draftKey: pattern(string(), /^[A-Za-z0-9-]{16,64}$/) });
export type StampRequest = Infer<typeof StampRequest>;

export interface TaxLine {
  impuesto: '002';
  tipoFactor: 'Tasa' | 'Exento';
  /** '0.160000', '0.080000', '0.000000'; null when Exento. */
  tasaOCuota: string | null;
  baseCents: number;
  importeCents: number | null;
}

export interface InvoiceTotals {
  subtotalCents: number;
  descuentoCents: number;
  trasladosCents: number;
  totalCents: number;
  taxes: TaxLine[];
}

export interface InvoicePreview {
  totals: InvoiceTotals;
  /** Problems the SAT rules find before stamping (e.g. PPD with formaPago other than 99), by message id. */
  problems: string[];
}

export const CFDI_TYPES = ['I', 'E', 'P'] as const;
export type CfdiType = (typeof CFDI_TYPES)[number];
export const CFDI_STATUSES = ['vigente', 'cancelado'] as const;
export type CfdiStatus = (typeof CFDI_STATUSES)[number];

export interface CfdiSummary {
  id: number;
  type: CfdiType;
  status: CfdiStatus;
  uuid: string;
  serie: string;
  folio: string;
  /** The CFDI's Fecha (local, YYYY-MM-DDTHH:mm:ss) and the stamp's FechaTimbrado. */
  fecha: string;
  issuerRfc: string;
  clientId: number;
  clientRfc: string;
  clientName: string;
  metodoPago: MetodoPago | null;
  totalCents: number;
  /** PPD invoices: what is still to pay (their payment complements reduce it). */
  balanceCents: number | null;
  dwelling: string | null;
}

export interface CfdiDetail extends CfdiSummary {
  version: number;
  totals: InvoiceTotals;
  cadenaOriginal: string;
  /** The SAT verification URL the PDF's QR encodes. */
  verificationUrl: string;
  concepts: { descripcion: string; cantidad: string; valorUnitarioCents: number; importeCents: number }[];
  cancellation: { reason: CancelReason; replacementUuid: string | null; at: string } | null;
  /** The payment complements of a PPD invoice, and for a complement the invoices it pays. */
  related: { id: number; uuid: string; type: CfdiType; totalCents: number }[];
}

export interface InvoiceStamped {
  cfdi: CfdiDetail;
  stampsAvailable: number;
}

/** The refusals of stamping, each with its message (invoicing.refused.<reason>). */
export const STAMP_REFUSALS = ['noStamps', 'noCsd', 'csdExpired', 'pacRefused', 'pacUnavailable'] as const;
export type StampRefusal = (typeof STAMP_REFUSALS)[number];

export const CFDI_PAGE_SIZE = 25;
export const CfdiListQuery = object({
  from: optional(CalendarDate),
  to: optional(CalendarDate),
  clientId: optional(QueryInteger(1, 2_147_483_647)),
  type: optional(enums(CFDI_TYPES)),
  status: optional(enums(CFDI_STATUSES)),
  limit: optional(QueryInteger(1, 100)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
  format: optional(literal('csv')),
});
export type CfdiListQuery = Infer<typeof CfdiListQuery>;
export interface CfdiList {
  items: CfdiSummary[];
  total: number;
  /** Totals of the whole filtered set (vigentes only), by type. */
  sums: { type: CfdiType; count: number; totalCents: number }[];
}

export const PaymentDraft = object({
  version: Version,
  paidOn: CalendarDate,
  formaPago: enums(FORMAS_PAGO.filter((code) => code !== '99') as [FormaPago, ...FormaPago[]]),
  /** Kept in INTEGER columns (the ledger's payment, the complement's link). */
  amountCents: WholeNumber(1, INT32_MAX),
  /** The bank account the payment entered (ledger_accounts). */
  accountId: Id,
  reference: size(string(), 0, 60),
});
export type PaymentDraft = Infer<typeof PaymentDraft>;

export const GlobalInvoiceDraft = object({
  issuerId: Id,
  periodicidad: enums(PERIODICIDADES),
  meses: enums(MESES),
  anio: refine(integer(), 'Year', (value) => value >= 2022 && value <= 2100),
  concepts: size(array(ConceptDraft), 1, CONCEPTS_MAX),
  formaPago: enums(FORMAS_PAGO),
  draftKey: pattern(string(), /^[A-Za-z0-9-]{16,64}$/),
});
export type GlobalInvoiceDraft = Infer<typeof GlobalInvoiceDraft>;

/** Reason 01 needs the UUID of the CFDI that replaces this one (a UUID of this issuer, vigente). */
export const UUID_PATTERN = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;
export const CancelRequest = union([
  object({ version: Version, reason: literal('01'), replacementUuid: pattern(string(), UUID_PATTERN) }),
  object({ version: Version, reason: enums(['02', '03', '04'] as const) }),
]);
export type CancelRequest = Infer<typeof CancelRequest>;

// ── Stamps (solicitar-timbres)

export interface StampMovement {
  id: number;
  issuerRfc: string;
  /** + credited, − consumed by a stamp (a cancellation consumes none). */
  delta: number;
  kind: 'credit' | 'stamp';
  cfdiUuid: string | null;
  at: string;
}

export interface StampLedger {
  balances: { issuerId: number; rfc: string; available: number }[];
  movements: StampMovement[];
  /** creditedAt: when the provider credited the package; null while it is pending. */
  requests: { id: number; rfc: string; quantity: number; at: string; requestedBy: string; creditedAt: string | null }[];
}

export const StampRequestDraft = object({
  issuerId: Id,
  quantity: enums(STAMP_PACKAGES),
  note: optional(size(string(), 0, 500)),
});
export type StampRequestDraft = Infer<typeof StampRequestDraft>;

export const IssuerActive = object({ id: Id, active: boolean() });
export const ProductActive = object({ id: Id, version: Version, active: boolean() });
export const DwellingChargesQuery = object({ apartmentId: QueryInteger(1, 2_147_483_647) });
export interface DwellingCharges {
  charges: {
    id: number;
    concept: string;
    chargedOn: string;
    amountCents: number;
    productKind: DefaultProductKind | null;
    /** Still owed (first in, first out: the receipts' reading). */
    open: boolean;
    /** Charged in this month, the condominium's period: offered ticked; older ones are offered unticked. */
    current: boolean;
  }[];
  /** The client the dwelling's payments invoice (its owner), if one is linked. */
  clientId: number | null;
  /** That client, so the receiver step can name it. */
  client?: Client | null;
}
export const CfdiPageQuery = PageQueryOf(100);

// ── Answers the paths above name without spelling out (added with the server side of the set-up).

export interface ProductList {
  products: Product[];
}
export interface ProductSaved {
  product: Product;
}
export interface ClientSaved {
  client: Client;
}
export type StampRequestSummary = StampLedger['requests'][number];
export interface StampRequestSaved {
  request: StampRequestSummary;
}
/** A 400 of the CSD upload: which problem (the message says it in the reader's language). */
export interface CsdRefusal {
  problem: CsdProblem;
}
/** The stamps a new issuer starts with: a courtesy package, recorded as a 'credit' movement. */
export const WELCOME_STAMPS = 20;
export type ClientListQuery = Infer<typeof ClientListQuery>;
export type SatCatalogueQuery = Infer<typeof SatCatalogueQuery>;
export type ProductActive = Infer<typeof ProductActive>;

// ── The CFDI routes' other refusals and answers (added with the CFDI server side).

/**
 * What else the CFDI routes refuse, as `reason` beside the error's fields (409; draftProblems is a 400 with
 * `problems`): notPayable (not a vigente PPD invoice with a balance), amountOverBalance, hasPayments (a PPD
 * invoice with vigente payment complements: cancel those first), alreadyCancelled, badReplacement (reason 01's
 * UUID is not a vigente CFDI of this issuer), chargeInvoiced (a dwelling charge a vigente CFDI covers, or not
 * the draft's dwelling's), stale (the version moved), noEmail (the client has no e-mail).
 */
export const CFDI_REFUSALS = [
  'notPayable',
  'amountOverBalance',
  'hasPayments',
  'alreadyCancelled',
  'badReplacement',
  'chargeInvoiced',
  'stale',
  'draftProblems',
  'noEmail',
] as const;
export type CfdiRefusal = (typeof CFDI_REFUSALS)[number];

/** POST send: where the CFDI went, over SMTP ('sent') or into the outbox for the re-sender ('stored'). */
export interface CfdiMailed {
  to: string;
  outcome: 'sent' | 'stored';
}
