// The CFDI as a small ordered tree: the XML and the cadena original are both written from it, so they cannot
// disagree. Attributes are kept in the order of the SAT's cadena stylesheet (cadenaoriginal_4_0.xslt, which
// is also the XSD's order); an undefined value is an absent optional attribute.
import { DOMParser, type Element } from '@xmldom/xmldom';

export interface XmlNode {
  name: string;
  attrs: [string, string | undefined][];
  children: XmlNode[];
}

export const node = (name: string, attrs: XmlNode['attrs'], children: XmlNode[] = []): XmlNode => ({ name, attrs, children });

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The element and its descendants as XML (no declaration, no indentation: the bytes are what is sealed). */
export function serialize(element: XmlNode): string {
  const attrs = element.attrs
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  if (element.children.length === 0) return `<${element.name}${attrs}/>`;
  return `<${element.name}${attrs}>${element.children.map(serialize).join('')}</${element.name}>`;
}

/** Attributes that are never part of the cadena: the namespaces, the schema location, and the seal itself. */
const OUTSIDE_CADENA = new Set(['Sello', 'Certificado', 'xsi:schemaLocation']);
const inCadena = (key: string) => !OUTSIDE_CADENA.has(key) && !key.startsWith('xmlns');

/** XPath's normalize-space: the stylesheet applies it to every value (utilerias.xslt ManejaEspacios). */
const normalizeSpace = (value: string) => value.replace(/[ \t\r\n]+/g, ' ').trim();

function values(element: XmlNode, out: string[]): void {
  // cfdi:Impuestos of the Comprobante: the stylesheet reads the Retenciones, then TotalImpuestosRetenidos,
  // then the Traslados, then TotalImpuestosTrasladados — children before the attributes that total them.
  if (element.name === 'cfdi:Impuestos' && element.attrs.some(([key]) => key.startsWith('TotalImpuestos'))) {
    const attr = (key: string) => element.attrs.find(([k]) => k === key)?.[1];
    const group = (name: string) => element.children.filter((child) => child.name === name);
    for (const child of group('cfdi:Retenciones')) for (const item of child.children) values(item, out);
    pushValue(out, attr('TotalImpuestosRetenidos'));
    for (const child of group('cfdi:Traslados')) for (const item of child.children) values(item, out);
    pushValue(out, attr('TotalImpuestosTrasladados'));
    return;
  }
  for (const [key, value] of element.attrs) if (inCadena(key)) pushValue(out, value);
  for (const child of element.children) values(child, out);
}

function pushValue(out: string[], value: string | undefined): void {
  // Optional attributes the document lacks (or leaves empty) are skipped (utilerias.xslt Opcional).
  if (value === undefined) return;
  const normalized = normalizeSpace(value);
  if (normalized !== '') out.push(normalized);
}

/** The cadena original: ||value|value|…||, in the stylesheet's order. */
export function cadenaOriginal(comprobante: XmlNode): string {
  const out: string[] = [];
  values(comprobante, out);
  return `||${out.join('|')}||`;
}

/**
 * The cadena original of a CFDI given as XML (what the sandbox PAC checks a seal against). It reads the
 * attributes in document order, which is the stylesheet's for every CFDI this engine writes; a document
 * written elsewhere in another attribute order would need the stylesheet's own ordering (a real PAC's job).
 */
export function cadenaOfXml(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const toNode = (element: Element): XmlNode => ({
    name: element.nodeName,
    attrs: Array.from(element.attributes).map((attribute) => [attribute.name, attribute.value]),
    children: Array.from(element.childNodes)
      .filter((child): child is Element => child.nodeType === 1)
      .map(toNode),
  });
  const root = doc.documentElement;
  if (!root) throw new Error('not XML');
  // The cadena is of the document as sealed: any Timbre Fiscal Digital a PAC added is not part of it.
  const tree = toNode(root);
  tree.children = tree.children
    .map((child) =>
      child.name === 'cfdi:Complemento'
        ? { ...child, children: child.children.filter((c) => c.name !== 'tfd:TimbreFiscalDigital') }
        : child,
    )
    .filter((child) => child.name !== 'cfdi:Complemento' || child.children.length > 0);
  return cadenaOriginal(tree);
}
