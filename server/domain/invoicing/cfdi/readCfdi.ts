// A stamped (or unsigned) CFDI read back from its XML: what the PDF prints and the report shows. The XML is
// the record (kept as the PAC returned it); this reads it, it does not re-compute anything.
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { TimbreFiscal } from './types';

const CFDI = 'http://www.sat.gob.mx/cfd/4';
const PAGOS = 'http://www.sat.gob.mx/Pagos20';
const TFD = 'http://www.sat.gob.mx/TimbreFiscalDigital';

/** "1234.50" → 123450 (amounts in a CFDI have at most six decimals; cents are rounded half away from zero). */
export function decimalToCents(value: string | null | undefined): number {
  if (!value) return 0;
  const negative = value.startsWith('-');
  const [whole = '0', decimals = ''] = value.replace('-', '').split('.');
  const micro = BigInt(whole) * 1_000_000n + BigInt(decimals.padEnd(6, '0').slice(0, 6) || '0');
  const cents = Number((micro + 5_000n) / 10_000n);
  return negative ? -cents : cents;
}

export interface ReadTax {
  base: number;
  tipoFactor: string;
  tasaOCuota: string | null;
  importe: number | null;
}

export interface ReadConcept {
  claveProdServ: string;
  noIdentificacion: string | null;
  cantidad: string;
  claveUnidad: string;
  unidad: string | null;
  descripcion: string;
  valorUnitarioCents: number;
  importeCents: number;
  descuentoCents: number;
  objetoImp: string;
  taxes: ReadTax[];
}

export interface ReadCfdi {
  tipo: string;
  serie: string | null;
  folio: string | null;
  fecha: string;
  formaPago: string | null;
  metodoPago: string | null;
  moneda: string;
  lugarExpedicion: string;
  noCertificado: string;
  sello: string;
  subtotalCents: number;
  descuentoCents: number;
  totalCents: number;
  trasladosCents: number;
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  concepts: ReadConcept[];
  informacionGlobal: { periodicidad: string; meses: string; anio: string } | null;
  related: { tipoRelacion: string; uuids: string[] } | null;
  pagos: {
    fechaPago: string;
    formaDePagoP: string;
    montoCents: number;
    documents: { uuid: string; numParcialidad: number; saldoAnteriorCents: number; pagadoCents: number; insolutoCents: number }[];
  }[];
  timbre: TimbreFiscal | null;
}

const children = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name)).filter((el) => el.parentNode === parent);
const child = (parent: Element, ns: string, name: string): Element | null => children(parent, ns, name)[0] ?? null;
const attr = (el: Element, name: string): string | null => (el.hasAttribute(name) ? el.getAttribute(name) : null);
const required = (el: Element | null, name: string): string => (el ? (el.getAttribute(name) ?? '') : '');

function readTaxes(concept: Element): ReadTax[] {
  const impuestos = child(concept, CFDI, 'Impuestos');
  const traslados = impuestos ? child(impuestos, CFDI, 'Traslados') : null;
  if (!traslados) return [];
  return children(traslados, CFDI, 'Traslado').map((t) => ({
    base: decimalToCents(attr(t, 'Base')),
    tipoFactor: required(t, 'TipoFactor'),
    tasaOCuota: attr(t, 'TasaOCuota'),
    importe: t.hasAttribute('Importe') ? decimalToCents(attr(t, 'Importe')) : null,
  }));
}

export function readCfdi(xml: string): ReadCfdi {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== CFDI || root.localName !== 'Comprobante') throw new Error('not a CFDI 4.0');
  const emisor = child(root, CFDI, 'Emisor');
  const receptor = child(root, CFDI, 'Receptor');
  const conceptos = child(root, CFDI, 'Conceptos');
  const impuestos = child(root, CFDI, 'Impuestos');
  const global = child(root, CFDI, 'InformacionGlobal');
  const relacionados = child(root, CFDI, 'CfdiRelacionados');
  const complemento = child(root, CFDI, 'Complemento');
  const tfd = complemento ? child(complemento, TFD, 'TimbreFiscalDigital') : null;
  const pagos = complemento ? child(complemento, PAGOS, 'Pagos') : null;
  return {
    tipo: required(root, 'TipoDeComprobante'),
    serie: attr(root, 'Serie'),
    folio: attr(root, 'Folio'),
    fecha: required(root, 'Fecha'),
    formaPago: attr(root, 'FormaPago'),
    metodoPago: attr(root, 'MetodoPago'),
    moneda: required(root, 'Moneda'),
    lugarExpedicion: required(root, 'LugarExpedicion'),
    noCertificado: required(root, 'NoCertificado'),
    sello: required(root, 'Sello'),
    subtotalCents: decimalToCents(attr(root, 'SubTotal')),
    descuentoCents: decimalToCents(attr(root, 'Descuento')),
    totalCents: decimalToCents(attr(root, 'Total')),
    trasladosCents: impuestos ? decimalToCents(attr(impuestos, 'TotalImpuestosTrasladados')) : 0,
    emisor: {
      rfc: required(emisor, 'Rfc'),
      nombre: required(emisor, 'Nombre'),
      regimenFiscal: required(emisor, 'RegimenFiscal'),
    },
    receptor: {
      rfc: required(receptor, 'Rfc'),
      nombre: required(receptor, 'Nombre'),
      domicilioFiscal: required(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscal: required(receptor, 'RegimenFiscalReceptor'),
      usoCfdi: required(receptor, 'UsoCFDI'),
    },
    concepts: (conceptos ? children(conceptos, CFDI, 'Concepto') : []).map((c) => ({
      claveProdServ: required(c, 'ClaveProdServ'),
      noIdentificacion: attr(c, 'NoIdentificacion'),
      cantidad: required(c, 'Cantidad'),
      claveUnidad: required(c, 'ClaveUnidad'),
      unidad: attr(c, 'Unidad'),
      descripcion: required(c, 'Descripcion'),
      valorUnitarioCents: decimalToCents(attr(c, 'ValorUnitario')),
      importeCents: decimalToCents(attr(c, 'Importe')),
      descuentoCents: decimalToCents(attr(c, 'Descuento')),
      objetoImp: required(c, 'ObjetoImp'),
      taxes: readTaxes(c),
    })),
    informacionGlobal: global
      ? { periodicidad: required(global, 'Periodicidad'), meses: required(global, 'Meses'), anio: required(global, 'Año') }
      : null,
    related: relacionados
      ? {
          tipoRelacion: required(relacionados, 'TipoRelacion'),
          uuids: children(relacionados, CFDI, 'CfdiRelacionado').map((r) => required(r, 'UUID')),
        }
      : null,
    pagos: (pagos ? children(pagos, PAGOS, 'Pago') : []).map((p) => ({
      fechaPago: required(p, 'FechaPago'),
      formaDePagoP: required(p, 'FormaDePagoP'),
      montoCents: decimalToCents(attr(p, 'Monto')),
      documents: children(p, PAGOS, 'DoctoRelacionado').map((d) => ({
        uuid: required(d, 'IdDocumento'),
        numParcialidad: Number(required(d, 'NumParcialidad')),
        saldoAnteriorCents: decimalToCents(attr(d, 'ImpSaldoAnt')),
        pagadoCents: decimalToCents(attr(d, 'ImpPagado')),
        insolutoCents: decimalToCents(attr(d, 'ImpSaldoInsoluto')),
      })),
    })),
    timbre: tfd
      ? {
          uuid: required(tfd, 'UUID'),
          fechaTimbrado: required(tfd, 'FechaTimbrado'),
          rfcProvCertif: required(tfd, 'RfcProvCertif'),
          selloCfd: required(tfd, 'SelloCFD'),
          noCertificadoSat: required(tfd, 'NoCertificadoSAT'),
          selloSat: required(tfd, 'SelloSAT'),
        }
      : null,
  };
}
