// The CFDI's printed representation (Anexo 20: "representación impresa"): issuer, receiver, concepts, taxes,
// totals, the UUID, both seals, the cadena original del complemento de certificación digital del SAT (the
// TFD's) and the SAT verification QR. In Spanish whatever the reader's language: it is a Mexican fiscal
// document and its words are the SAT's. pdfkit with the standard Helvetica, uncompressed like the house's
// other PDFs (passes/passPdf.ts, finance/statementPdf.ts) so its text can be checked; the QR is drawn as vector
// modules from the `qrcode` package's encoder (error correction M).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { computeTotals, formatCents } from '../cfdi/amounts';
import { tfdCadenaOriginal } from '../cfdi/tfd';
import type { CfdiRow } from './detail';
import { verificationOf } from './detail';
import { cfdiFacts } from './xmlFacts';

type Doc = PDFKit.PDFDocument;
const MARGIN = 40;
const TYPE_NAMES: Record<string, string> = { I: 'I - Ingreso', E: 'E - Egreso', P: 'P - Pago' };
const money = (cents: number) => `$${formatCents(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

function drawQr(doc: Doc, text: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const unit = side / n;
  doc.save().fillColor('#000000');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) doc.rect(x + col * unit, y + row * unit, unit, unit);
  }
  doc.fill().restore();
}

function labelled(doc: Doc, label: string, value: string, width: number): void {
  doc.font('Helvetica-Bold').fontSize(8).text(label, { width, continued: false });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(value || '—', { width });
  doc.moveDown(0.3);
}

export function cfdiPdf(row: Pick<CfdiRow, 'xml' | 'uuid' | 'serie' | 'folio' | 'fecha' | 'status' | 'type'>): Promise<Buffer> {
  const facts = cfdiFacts(row.xml);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    lang: 'es-MX',
    info: { Title: `CFDI ${row.serie}${row.folio} ${row.uuid}`, Author: facts.issuer.nombre, Subject: 'CFDI 4.0' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2 - 8;

  // Heading: the issuer on the left, the CFDI's identity on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(13).text(facts.issuer.nombre, MARGIN, top, { width: half });
  doc.font('Helvetica').fontSize(9).text(`RFC: ${facts.issuer.rfc}`, { width: half });
  doc.text(`Régimen fiscal: ${facts.issuer.regimenFiscal}`, { width: half });
  doc.text(`Lugar de expedición: ${facts.lugarExpedicion}`, { width: half });
  const leftBottom = doc.y;
  const right = MARGIN + half + 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`CFDI ${TYPE_NAMES[facts.tipo] ?? facts.tipo}`, right, top, { width: half });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Serie y folio: ${[row.serie, row.folio].filter(Boolean).join('-')}`, right, doc.y, { width: half });
  doc.text(`Folio fiscal (UUID): ${row.uuid}`, right, doc.y, { width: half });
  doc.text(`Fecha: ${row.fecha}`, right, doc.y, { width: half });
  doc.text(`Fecha de timbrado: ${facts.timbre.fechaTimbrado}`, right, doc.y, { width: half });
  doc.text(`No. certificado emisor: ${facts.noCertificado}`, right, doc.y, { width: half });
  doc.text(`No. certificado SAT: ${facts.timbre.noCertificadoSat}`, right, doc.y, { width: half });
  if (row.status === 'cancelado')
    doc.font('Helvetica-Bold').fillColor('#B00020').text('CANCELADO', right, doc.y, { width: half }).fillColor('#000000');
  doc.y = Math.max(leftBottom, doc.y) + 10;

  doc.font('Helvetica-Bold').fontSize(10).text('Receptor', MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  doc.text(`${facts.receiver.nombre} · RFC ${facts.receiver.rfc}`, { width });
  doc.text(
    `Domicilio fiscal: ${facts.receiver.domicilioFiscal} · Régimen fiscal: ${facts.receiver.regimenFiscal} · Uso CFDI: ${facts.receiver.usoCfdi}`,
    { width },
  );
  if (facts.tipo !== 'P')
    doc.text(`Forma de pago: ${facts.formaPago} · Método de pago: ${facts.metodoPago} · Moneda: ${facts.moneda || 'MXN'}`, {
      width,
    });
  doc.moveDown(0.6);

  // Concepts.
  const cols = [MARGIN, MARGIN + 60, MARGIN + 100, MARGIN + 140, MARGIN + width - 160, MARGIN + width - 80, MARGIN + width];
  const heads = ['Clave', 'Cant.', 'Unidad', 'Descripción', 'P. unitario', 'Importe'];
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(8);
  for (const [i, h] of heads.entries()) {
    doc.text(h, cols[i]!, y, { width: cols[i + 1]! - cols[i]! - 4, align: i >= 4 ? 'right' : 'left', lineBreak: false });
  }
  y += 12;
  doc.font('Helvetica').fontSize(8);
  for (const c of facts.concepts) {
    const importe = Math.round(Number(c.cantidad) * c.valorUnitarioCents);
    const cells = [c.claveProdServ, c.cantidad, c.claveUnidad, c.descripcion, money(c.valorUnitarioCents), money(importe)];
    const descHeight = doc.heightOfString(c.descripcion, { width: cols[4]! - cols[3]! - 4 });
    for (const [i, text] of cells.entries()) {
      doc.text(text, cols[i]!, y, { width: cols[i + 1]! - cols[i]! - 4, align: i >= 4 ? 'right' : 'left', lineBreak: i === 3 });
    }
    y += Math.max(12, descHeight + 4);
  }
  doc.y = y + 6;

  // Totals and taxes.
  const totals = computeTotals(facts.concepts);
  const lines: [string, string][] = [['Subtotal', money(facts.subtotalCents)]];
  if (totals.descuentoCents) lines.push(['Descuento', money(totals.descuentoCents)]);
  for (const tax of totals.taxes) {
    lines.push([
      tax.tipoFactor === 'Exento' ? 'IVA exento' : `IVA ${(Number(tax.tasaOCuota) * 100).toFixed(0)}%`,
      tax.importeCents === null ? money(tax.baseCents) : money(tax.importeCents),
    ]);
  }
  lines.push(['Total', money(facts.totalCents)]);
  for (const [label, value] of lines) {
    const at = doc.y;
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(label, MARGIN + width - 200, at, { width: 110, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + width - 80, at, { width: 80, align: 'right', lineBreak: false });
    doc.y = at + 12;
  }
  doc.moveDown(1);

  // Seals, the TFD's cadena and the QR beside them.
  const qrSide = 110;
  const sealsTop = doc.y;
  drawQr(doc, verificationOf(row), MARGIN, sealsTop, qrSide);
  const textLeft = MARGIN + qrSide + 12;
  const textWidth = width - qrSide - 12;
  doc.x = textLeft;
  doc.y = sealsTop;
  labelled(doc, 'Sello digital del CFDI', facts.sello, textWidth);
  labelled(doc, 'Sello digital del SAT', facts.timbre.selloSat, textWidth);
  labelled(doc, 'Cadena original del complemento de certificación digital del SAT', tfdCadenaOriginal(facts.timbre), textWidth);
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(`RFC del proveedor de certificación: ${facts.timbre.rfcProvCertif}`, { width: textWidth });
  doc.moveDown(0.5);
  doc
    .fontSize(7)
    .text('Este documento es una representación impresa de un CFDI.', MARGIN, Math.max(doc.y, sealsTop + qrSide + 8), { width });
  doc.end();
  return done;
}
