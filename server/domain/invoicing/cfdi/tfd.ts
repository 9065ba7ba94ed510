// The Timbre Fiscal Digital 1.1 a PAC adds to a sealed CFDI: its cadena original (what the SelloSAT signs, as
// the SAT's cadenaoriginal_TFD_1_1.xslt writes it), its element, and reading it back from a stamped XML.
import { DOMParser } from '@xmldom/xmldom';
import type { TimbreFiscal } from './types';

export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const TFD_SCHEMA_LOCATION = `${TFD_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** ||1.1|UUID|FechaTimbrado|RfcProvCertif|SelloCFD|NoCertificadoSAT|| (no Leyenda: this product never sets one). */
export function tfdCadenaOriginal(tfd: TimbreFiscal): string {
  const fields = ['1.1', tfd.uuid, tfd.fechaTimbrado, tfd.rfcProvCertif, tfd.selloCfd, tfd.noCertificadoSat];
  // The stylesheet's ManejaEspacios: normalize-space on every value.
  return `||${fields.map((value) => value.replace(/[ \t\r\n]+/g, ' ').trim()).join('|')}||`;
}

/**
 * The tfd:TimbreFiscalDigital element. `declareXsi` adds xmlns:xsi for a document that lacks it (a standalone
 * timbre); inside a CFDI the Comprobante declares it already.
 */
export function timbreElement(tfd: TimbreFiscal, declareXsi = true): string {
  const attributes: [string, string][] = [
    ['xmlns:tfd', TFD_NAMESPACE],
    ...(declareXsi ? ([['xmlns:xsi', XSI_NAMESPACE]] as [string, string][]) : []),
    ['xsi:schemaLocation', TFD_SCHEMA_LOCATION],
    ['Version', '1.1'],
    ['UUID', tfd.uuid],
    ['FechaTimbrado', tfd.fechaTimbrado],
    ['RfcProvCertif', tfd.rfcProvCertif],
    ['SelloCFD', tfd.selloCfd],
    ['NoCertificadoSAT', tfd.noCertificadoSat],
    ['SelloSAT', tfd.selloSat],
  ];
  return `<tfd:TimbreFiscalDigital ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}/>`;
}

/**
 * The stamped CFDI: the timbre goes last inside cfdi:Complemento (after a Pagos complement, say), which is made
 * before any cfdi:Addenda when the CFDI has none. Text insertion keeps every byte the seal covered as it was.
 */
export function addTimbre(xml: string, tfd: TimbreFiscal): string {
  const element = timbreElement(tfd, !/xmlns:xsi\s*=/.test(xml));
  const closing = xml.lastIndexOf('</cfdi:Complemento>');
  if (closing >= 0) return `${xml.slice(0, closing)}${element}${xml.slice(closing)}`;
  const empty = /<cfdi:Complemento\s*\/>/.exec(xml);
  if (empty) {
    return `${xml.slice(0, empty.index)}<cfdi:Complemento>${element}</cfdi:Complemento>${xml.slice(empty.index + empty[0].length)}`;
  }
  const addenda = xml.indexOf('<cfdi:Addenda');
  const at = addenda >= 0 ? addenda : xml.lastIndexOf('</cfdi:Comprobante>');
  if (at < 0) throw new Error('addTimbre: not a CFDI (no </cfdi:Comprobante>)');
  return `${xml.slice(0, at)}<cfdi:Complemento>${element}</cfdi:Complemento>${xml.slice(at)}`;
}

/** The timbre of a stamped CFDI, or null when it has none (or is not XML). */
export function readTimbre(xml: string): TimbreFiscal | null {
  let element: Element | undefined;
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    element = document.getElementsByTagNameNS(TFD_NAMESPACE, 'TimbreFiscalDigital')[0] as unknown as Element | undefined;
  } catch {
    return null;
  }
  if (!element) return null;
  const read = (name: string) => element.getAttribute(name) ?? '';
  return {
    uuid: read('UUID'),
    fechaTimbrado: read('FechaTimbrado'),
    rfcProvCertif: read('RfcProvCertif'),
    selloCfd: read('SelloCFD'),
    noCertificadoSat: read('NoCertificadoSAT'),
    selloSat: read('SelloSAT'),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}
