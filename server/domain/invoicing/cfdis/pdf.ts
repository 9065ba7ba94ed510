// The CFDI's printed representation (Anexo 20: "representación impresa"): issuer, receiver, concepts, taxes,
// totals, the UUID, both seals, the cadena original del complemento de certificación digital del SAT (the
// TFD's) and the SAT verification QR. The labels in the reader's language (src/i18n/<lang>/documents.json,
// documents.cfdi.*; Spanish, the SAT's words, for the copy mailed to the client); the fiscal values (RFC,
// régimen, uso CFDI and payment keys, UUID, seals, cadena, amounts) exactly as the XML and the SAT have them,
// whatever the language. pdfkit with the standard Helvetica, uncompressed like the house's
// other PDFs (passes/passPdf.ts, finance/statementPdf.ts) so its text can be checked; the QR is drawn as vector
// modules from the `qrcode` package's encoder (error correction M: domain/shared/pdfQr.ts).
import PDFDocument from 'pdfkit';
import { type Language, LOCALE } from '../../../../src/i18n/languages';
import type { MessageId } from '../../../../src/i18n/messages';
import { documentWords } from '../../shared/documentWords';
import { drawQr } from '../../shared/pdfQr';
import { computeTotals, formatCents } from '../cfdi/amounts';
import { tfdCadenaOriginal } from '../cfdi/tfd';
import type { CfdiRow } from './detail';
import { verificationOf } from './detail';
import { cfdiFacts } from './xmlFacts';

type Doc = PDFKit.PDFDocument;
const MARGIN = 40;
const money = (cents: number) => `$${formatCents(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

function labelled(doc: Doc, label: string, value: string, width: number): void {
  doc.font('Helvetica-Bold').fontSize(8).text(label, { width, continued: false });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(value || '—', { width });
  doc.moveDown(0.3);
}

const TYPES = ['I', 'E', 'P'];

export function cfdiPdf(
  row: Pick<CfdiRow, 'xml' | 'uuid' | 'serie' | 'folio' | 'fecha' | 'status' | 'type'>,
  language: Language,
): Promise<Buffer> {
  const facts = cfdiFacts(row.xml);
  const { t } = documentWords(language);
  const field = (label: MessageId, value: string) => t('documents.cfdi.fieldValue', { label: t(label), value });
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    lang: LOCALE[language],
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
  doc.text(field('documents.cfdi.regimen', facts.issuer.regimenFiscal), { width: half });
  doc.text(field('documents.cfdi.lugarExpedicion', facts.lugarExpedicion), { width: half });
  const leftBottom = doc.y;
  const right = MARGIN + half + 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(
      t('documents.cfdi.heading', {
        type: TYPES.includes(facts.tipo) ? t(`documents.cfdi.type.${facts.tipo}` as MessageId) : facts.tipo,
      }),
      right,
      top,
      { width: half },
    );
  doc.font('Helvetica').fontSize(9);
  doc.text(field('documents.cfdi.serieFolio', [row.serie, row.folio].filter(Boolean).join('-')), right, doc.y, { width: half });
  doc.text(field('documents.cfdi.uuid', row.uuid), right, doc.y, { width: half });
  doc.text(field('documents.cfdi.fecha', row.fecha), right, doc.y, { width: half });
  doc.text(field('documents.cfdi.fechaTimbrado', facts.timbre.fechaTimbrado), right, doc.y, { width: half });
  doc.text(field('documents.cfdi.certificadoEmisor', facts.noCertificado), right, doc.y, { width: half });
  doc.text(field('documents.cfdi.certificadoSat', facts.timbre.noCertificadoSat), right, doc.y, { width: half });
  if (row.status === 'cancelado')
    doc
      .font('Helvetica-Bold')
      .fillColor('#B00020')
      .text(t('documents.cfdi.cancelado'), right, doc.y, { width: half })
      .fillColor('#000000');
  doc.y = Math.max(leftBottom, doc.y) + 10;

  doc.font('Helvetica-Bold').fontSize(10).text(t('documents.cfdi.receptor'), MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  doc.text(`${facts.receiver.nombre} · RFC ${facts.receiver.rfc}`, { width });
  doc.text(
    [
      field('documents.cfdi.domicilioFiscal', facts.receiver.domicilioFiscal),
      field('documents.cfdi.regimen', facts.receiver.regimenFiscal),
      field('documents.cfdi.usoCfdi', facts.receiver.usoCfdi),
    ].join(' · '),
    { width },
  );
  if (facts.tipo !== 'P')
    doc.text(
      [
        field('documents.cfdi.formaPago', facts.formaPago),
        field('documents.cfdi.metodoPago', facts.metodoPago),
        field('documents.cfdi.moneda', facts.moneda || 'MXN'),
      ].join(' · '),
      { width },
    );
  doc.moveDown(0.6);

  // Concepts.
  const cols = [MARGIN, MARGIN + 60, MARGIN + 100, MARGIN + 140, MARGIN + width - 160, MARGIN + width - 80, MARGIN + width];
  const heads = (['clave', 'cantidad', 'unidad', 'descripcion', 'unitario', 'importe'] as const).map((c) =>
    t(`documents.cfdi.column.${c}`),
  );
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
  const lines: [string, string][] = [[t('documents.cfdi.subtotal'), money(facts.subtotalCents)]];
  if (totals.descuentoCents) lines.push([t('documents.cfdi.descuento'), money(totals.descuentoCents)]);
  for (const tax of totals.taxes) {
    lines.push([
      tax.tipoFactor === 'Exento'
        ? t('documents.cfdi.ivaExento')
        : t('documents.cfdi.iva', { rate: (Number(tax.tasaOCuota) * 100).toFixed(0) }),
      tax.importeCents === null ? money(tax.baseCents) : money(tax.importeCents),
    ]);
  }
  lines.push([t('documents.cfdi.total'), money(facts.totalCents)]);
  for (const [i, [label, value]] of lines.entries()) {
    const at = doc.y;
    doc.font(i === lines.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
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
  labelled(doc, t('documents.cfdi.selloCfdi'), facts.sello, textWidth);
  labelled(doc, t('documents.cfdi.selloSat'), facts.timbre.selloSat, textWidth);
  labelled(doc, t('documents.cfdi.cadenaTfd'), tfdCadenaOriginal(facts.timbre), textWidth);
  doc.font('Helvetica').fontSize(7).text(field('documents.cfdi.rfcProveedor', facts.timbre.rfcProvCertif), { width: textWidth });
  doc.moveDown(0.5);
  doc.fontSize(7).text(t('documents.cfdi.printed'), MARGIN, Math.max(doc.y, sealsTop + qrSide + 8), { width });
  doc.end();
  return done;
}
