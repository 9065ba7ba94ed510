// The answers of the invoicing calls (src/api/invoicing.ts declares them as interfaces): the structs the
// service checks them with. Read leniently with type(): a property the server adds later never turns an
// answer into an unreadable one. The wrappers whose shape the contract names but does not spell out
// (ProductList, ProductSaved, ClientSaved, StampRequestSaved) follow the contract's other wrappers.
import { array, boolean, enums, type Infer, integer, literal, nullable, optional, string, type } from 'superstruct';
import {
  CANCEL_REASONS,
  CFDI_STATUSES,
  CFDI_TYPES,
  DEFAULT_PRODUCT_KINDS,
  IVA_TREATMENTS,
  METODOS_PAGO,
  OBJETOS_IMP,
  REGIMEN_CODES,
  USOS_CFDI,
} from '../api/invoicing';

export const CsdSummaryAnswer = type({ noCertificado: string(), validFrom: string(), validTo: string() });

export const IssuerAnswer = type({
  id: integer(),
  version: integer(),
  rfc: string(),
  razonSocial: string(),
  regimenFiscal: enums(REGIMEN_CODES),
  lugarExpedicion: string(),
  serie: string(),
  nextFolio: integer(),
  modoInvoice: enums(['A', 'M'] as const),
  csd: nullable(CsdSummaryAnswer),
  stampsAvailable: integer(),
});

export const GeneralDataAnswer = type({
  success: literal(true),
  data: array(type({ enterprise: IssuerAnswer, resultTimbres: type({ disponibles: integer() }) })),
});
export type GeneralDataAnswer = Infer<typeof GeneralDataAnswer>;

export const IssuerSavedAnswer = type({ issuer: IssuerAnswer });
export type IssuerSavedAnswer = Infer<typeof IssuerSavedAnswer>;

export const SatCatalogueItems = type({ items: array(type({ clave: string(), descripcion: string() })) });
export type SatCatalogueItems = Infer<typeof SatCatalogueItems>;

export const ProductAnswer = type({
  id: integer(),
  version: integer(),
  active: boolean(),
  kind: nullable(enums(DEFAULT_PRODUCT_KINDS)),
  name: string(),
  claveProdServ: string(),
  claveUnidad: string(),
  unidad: string(),
  priceCents: integer(),
  objetoImp: enums(OBJETOS_IMP),
  iva: nullable(enums(IVA_TREATMENTS)),
});
export const ProductListAnswer = type({ products: array(ProductAnswer) });
export type ProductListAnswer = Infer<typeof ProductListAnswer>;
export const ProductSavedAnswer = type({ product: ProductAnswer });
export type ProductSavedAnswer = Infer<typeof ProductSavedAnswer>;

export const ClientAnswer = type({
  id: integer(),
  version: integer(),
  rfc: string(),
  nombre: string(),
  regimenFiscal: enums(REGIMEN_CODES),
  domicilioFiscal: string(),
  usoCfdi: enums(USOS_CFDI),
  email: nullable(string()),
  apartmentIds: array(integer()),
  dwellings: array(type({ apartmentId: integer(), name: string() })),
});
export const ClientListAnswer = type({ clients: array(ClientAnswer), total: integer() });
export type ClientListAnswer = Infer<typeof ClientListAnswer>;
export const ClientSavedAnswer = type({ client: ClientAnswer });
export type ClientSavedAnswer = Infer<typeof ClientSavedAnswer>;

export const DwellingChargesAnswer = type({
  charges: array(
    type({
      id: integer(),
      concept: string(),
      chargedOn: string(),
      amountCents: integer(),
      productKind: nullable(enums(DEFAULT_PRODUCT_KINDS)),
      open: boolean(),
      current: boolean(),
    }),
  ),
  clientId: nullable(integer()),
  client: optional(nullable(ClientAnswer)),
});
export type DwellingChargesAnswer = Infer<typeof DwellingChargesAnswer>;

const TaxLineAnswer = type({
  impuesto: literal('002'),
  tipoFactor: enums(['Tasa', 'Exento'] as const),
  tasaOCuota: nullable(string()),
  baseCents: integer(),
  importeCents: nullable(integer()),
});
export const TotalsAnswer = type({
  subtotalCents: integer(),
  descuentoCents: integer(),
  trasladosCents: integer(),
  totalCents: integer(),
  taxes: array(TaxLineAnswer),
});

export const PreviewAnswer = type({ totals: TotalsAnswer, problems: array(string()) });
export type PreviewAnswer = Infer<typeof PreviewAnswer>;

const summaryFields = {
  id: integer(),
  type: enums(CFDI_TYPES),
  status: enums(CFDI_STATUSES),
  uuid: string(),
  serie: string(),
  folio: string(),
  fecha: string(),
  issuerRfc: string(),
  clientId: integer(),
  clientRfc: string(),
  clientName: string(),
  metodoPago: nullable(enums(METODOS_PAGO)),
  totalCents: integer(),
  balanceCents: nullable(integer()),
  dwelling: nullable(string()),
};
export const CfdiSummaryAnswer = type(summaryFields);

export const CfdiDetailAnswer = type({
  ...summaryFields,
  version: integer(),
  totals: TotalsAnswer,
  cadenaOriginal: string(),
  verificationUrl: string(),
  concepts: array(type({ descripcion: string(), cantidad: string(), valorUnitarioCents: integer(), importeCents: integer() })),
  cancellation: nullable(type({ reason: enums(CANCEL_REASONS), replacementUuid: nullable(string()), at: string() })),
  related: array(type({ id: integer(), uuid: string(), type: enums(CFDI_TYPES), totalCents: integer() })),
});
export type CfdiDetailAnswer = Infer<typeof CfdiDetailAnswer>;

export const StampedAnswer = type({ cfdi: CfdiDetailAnswer, stampsAvailable: integer() });
export type StampedAnswer = Infer<typeof StampedAnswer>;

export const CfdiListAnswer = type({
  items: array(CfdiSummaryAnswer),
  total: integer(),
  sums: array(type({ type: enums(CFDI_TYPES), count: integer(), totalCents: integer() })),
});
export type CfdiListAnswer = Infer<typeof CfdiListAnswer>;

export const StampLedgerAnswer = type({
  balances: array(type({ issuerId: integer(), rfc: string(), available: integer() })),
  movements: array(
    type({
      id: integer(),
      issuerRfc: string(),
      delta: integer(),
      kind: enums(['credit', 'stamp'] as const),
      cfdiUuid: nullable(string()),
      at: string(),
    }),
  ),
  requests: array(
    type({
      id: integer(),
      rfc: string(),
      quantity: integer(),
      at: string(),
      requestedBy: string(),
      creditedAt: nullable(string()),
    }),
  ),
});
export type StampLedgerAnswer = Infer<typeof StampLedgerAnswer>;

export const StampRequestSavedAnswer = type({
  request: type({
    id: integer(),
    rfc: string(),
    quantity: integer(),
    at: string(),
    requestedBy: string(),
    creditedAt: nullable(string()),
  }),
});
export type StampRequestSavedAnswer = Infer<typeof StampRequestSavedAnswer>;
