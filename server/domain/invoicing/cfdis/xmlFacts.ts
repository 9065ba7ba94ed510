// What the report, the detail, the PDF and the payment complement read back from a stamped CFDI's XML (kept
// byte for byte as the PAC returned it): its concepts with their IVA, its seal, parties and the timbre.
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { IvaTreatment, ObjetoImp } from '../../../../src/api/invoicing';
import type { CfdiConcept } from '../cfdi/types';

const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';

/** "1160.00" → 116000 (the engine writes at most six decimals; money here has two). */
export const toCents = (text: string | null | undefined) => Math.round(Number(text ?? '0') * 100);

const children = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);

function ivaOf(concept: Element): IvaTreatment | null {
  const traslado = children(concept, CFDI_NS, 'Traslado').find((t) => t.getAttribute('Impuesto') === '002');
  if (!traslado) return null;
  if (traslado.getAttribute('TipoFactor') === 'Exento') return 'exento';
  const rate = traslado.getAttribute('TasaOCuota');
  return rate === '0.160000' ? 'tasa16' : rate === '0.080000' ? 'tasa8' : 'tasa0';
}

export interface CfdiFacts {
  sello: string;
  issuer: { rfc: string; nombre: string; regimenFiscal: string };
  receiver: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  lugarExpedicion: string;
  tipo: string;
  moneda: string;
  formaPago: string;
  metodoPago: string;
  noCertificado: string;
  /** The issuer's certificate (DER, base64) the CFDI carries. */
  certificado: string;
  subtotalCents: number;
  totalCents: number;
  concepts: CfdiConcept[];
  timbre: {
    uuid: string;
    fechaTimbrado: string;
    rfcProvCertif: string;
    selloCfd: string;
    noCertificadoSat: string;
    selloSat: string;
  };
}

export function cfdiFacts(xml: string): CfdiFacts {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement as unknown as Element;
  const emisor = children(root, CFDI_NS, 'Emisor')[0];
  const receptor = children(root, CFDI_NS, 'Receptor')[0];
  const tfd = children(root, TFD_NS, 'TimbreFiscalDigital')[0];
  const a = (el: Element | undefined, name: string) => el?.getAttribute(name) ?? '';
  return {
    sello: a(root, 'Sello'),
    issuer: { rfc: a(emisor, 'Rfc'), nombre: a(emisor, 'Nombre'), regimenFiscal: a(emisor, 'RegimenFiscal') },
    receiver: {
      rfc: a(receptor, 'Rfc'),
      nombre: a(receptor, 'Nombre'),
      domicilioFiscal: a(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscal: a(receptor, 'RegimenFiscalReceptor'),
      usoCfdi: a(receptor, 'UsoCFDI'),
    },
    lugarExpedicion: a(root, 'LugarExpedicion'),
    tipo: a(root, 'TipoDeComprobante'),
    moneda: a(root, 'Moneda'),
    formaPago: a(root, 'FormaPago'),
    metodoPago: a(root, 'MetodoPago'),
    noCertificado: a(root, 'NoCertificado'),
    certificado: a(root, 'Certificado'),
    subtotalCents: toCents(a(root, 'SubTotal')),
    totalCents: toCents(a(root, 'Total')),
    concepts: children(root, CFDI_NS, 'Concepto').map((c) => ({
      claveProdServ: a(c, 'ClaveProdServ'),
      cantidad: a(c, 'Cantidad'),
      claveUnidad: a(c, 'ClaveUnidad'),
      unidad: a(c, 'Unidad') || undefined,
      descripcion: a(c, 'Descripcion'),
      valorUnitarioCents: toCents(a(c, 'ValorUnitario')),
      descuentoCents: c.hasAttribute('Descuento') ? toCents(a(c, 'Descuento')) : undefined,
      objetoImp: (a(c, 'ObjetoImp') || '01') as ObjetoImp,
      iva: ivaOf(c),
    })),
    timbre: {
      uuid: a(tfd, 'UUID'),
      fechaTimbrado: a(tfd, 'FechaTimbrado'),
      rfcProvCertif: a(tfd, 'RfcProvCertif'),
      selloCfd: a(tfd, 'SelloCFD'),
      noCertificadoSat: a(tfd, 'NoCertificadoSAT'),
      selloSat: a(tfd, 'SelloSAT'),
    },
  };
}
