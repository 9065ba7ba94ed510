// The CFDI engine's inputs and outputs (issue 17). Pure data: the routes (server/domain/invoicing/*) build a
// draft from the database, the engine makes the XML, its cadena original and totals; the seal and the stamp
// are the csd/ and pac/ folders' work. Amounts are integer cents; the engine writes the decimals.
import type {
  CancelReason,
  FormaPago,
  InvoiceTotals,
  IvaTreatment,
  MetodoPago,
  ObjetoImp,
  TaxLine,
} from '../../../../src/api/invoicing';

export type { InvoiceTotals, TaxLine };

export interface CfdiIssuer {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
  /** Lugar de expedición: the issuer's postal code. */
  lugarExpedicion: string;
}

export interface CfdiReceiver {
  rfc: string;
  nombre: string;
  /** DomicilioFiscalReceptor (a postal code; the issuer's for público en general). */
  domicilioFiscal: string;
  regimenFiscal: string;
  usoCfdi: string;
}

export interface CfdiConcept {
  claveProdServ: string;
  noIdentificacion?: string;
  /** Up to six decimals, as text. */
  cantidad: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitarioCents: number;
  descuentoCents?: number;
  objetoImp: ObjetoImp;
  /** The IVA when objetoImp is '02'; null otherwise. */
  iva: IvaTreatment | null;
}

/** The certificate the CFDI names (NoCertificado, Certificado): from the issuer's CSD. */
export interface CfdiCertificate {
  noCertificado: string;
  /** The .cer's DER, base64. */
  certificadoBase64: string;
}

interface Common {
  serie?: string;
  folio?: string;
  /** Fecha: the issuer's local time, YYYY-MM-DDTHH:mm:ss (no zone, as Anexo 20 asks). */
  fecha: string;
  issuer: CfdiIssuer;
  receiver: CfdiReceiver;
}

/** An Ingreso (I); informacionGlobal makes it the global invoice to público en general. */
export interface IngresoDraft extends Common {
  kind: 'I';
  formaPago: FormaPago;
  metodoPago: MetodoPago;
  moneda: 'MXN';
  concepts: CfdiConcept[];
  informacionGlobal?: { periodicidad: string; meses: string; anio: number };
  /** CfdiRelacionados (e.g. 04 sustitución of a cancelled CFDI). */
  related?: { tipoRelacion: string; uuids: string[] };
}

/** One invoice a payment (Pagos 2.0 DoctoRelacionado) pays. */
export interface PaidDocument {
  uuid: string;
  serie?: string;
  folio?: string;
  numParcialidad: number;
  saldoAnteriorCents: number;
  importePagadoCents: number;
  /** The paid invoice's concepts' taxes, so the payment's ImpuestosDR are its share (proportional). */
  invoiceTotals: InvoiceTotals;
  objetoImp: ObjetoImp;
}

/** A payment complement (P) with one Pago. */
export interface PagoDraft extends Common {
  kind: 'P';
  pago: {
    /** FechaPago: YYYY-MM-DDTHH:mm:ss. */
    fechaPago: string;
    formaDePagoP: Exclude<FormaPago, '99'>;
    montoCents: number;
    documents: PaidDocument[];
  };
}

export type CfdiDraft = IngresoDraft | PagoDraft;

/** What the engine hands back before the seal: sign `cadenaOriginal`, then `sealed(sello)` is the XML. */
export interface UnsignedCfdi {
  cadenaOriginal: string;
  totals: InvoiceTotals;
  sealed(sello: string): string;
}

/** The Timbre Fiscal Digital 1.1 a PAC adds. */
export interface TimbreFiscal {
  uuid: string;
  /** YYYY-MM-DDTHH:mm:ss on the Zona Centro's clock (pac/adapter.ts SAT_TIME_ZONE). */
  fechaTimbrado: string;
  rfcProvCertif: string;
  selloCfd: string;
  noCertificadoSat: string;
  selloSat: string;
}

export interface CancelInput {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  totalCents: number;
  reason: CancelReason;
  replacementUuid?: string;
}
