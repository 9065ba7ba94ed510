// A payment's receipt as a one-page PDF in the reader's language (src/i18n/<lang>/receipts.json): the folio and
// the condominium, the dwelling and who pays for it, the day, method, reference and amount, the charges the
// payment went towards, what it left in the dwelling's favour, and the QR of its public verification page
// (domain/shared/pdfQr.ts, as the CFDI's). A cancelled receipt says so across its head. pdfkit with the standard
// Helvetica, uncompressed like the house's other PDFs so its text can be checked.
import PDFDocument from 'pdfkit';
import { formatFolio, type Receipt } from '../../../src/api/receipts';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import { documentWords } from '../shared/documentWords';
import { drawQr } from '../shared/pdfQr';
import { dwellingLabel } from './receipts';

const MARGIN = 48;
const QR_SIDE = 120;

type Doc = PDFKit.PDFDocument;

/** Text at a point on one line: right-aligned by its measured width, cut with … when wider than its column. */
function cell(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): void {
  if (!text) return;
  let shown = text;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  doc.text(shown, align === 'right' ? x + width - doc.widthOfString(shown) : x, y, { lineBreak: false });
}

export function receiptPdf(receipt: Receipt, language: Language): Promise<Buffer> {
  const { t, date, money } = documentWords(language);
  const dwelling = dwellingLabel(receipt);
  const folio = formatFolio(receipt.folio);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    lang: LOCALE[language],
    info: { Title: t('receipts.fileTitle', { folio, dwelling }), Author: receipt.condoName, Subject: t('receipts.title') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const textWidth = width - QR_SIDE - 16;

  // Head: what it is, its folio and the condominium; the QR on the right.
  const top = MARGIN;
  drawQr(doc, receipt.verifyUrl, MARGIN + width - QR_SIDE, top, QR_SIDE);
  doc.font('Helvetica-Bold').fontSize(18).text(t('receipts.title'), MARGIN, top, { width: textWidth });
  doc.font('Helvetica-Bold').fontSize(12).text(t('receipts.folio', { folio }), { width: textWidth });
  doc.font('Helvetica').fontSize(10).text(receipt.condoName, { width: textWidth });
  if (receipt.state === 'cancelado') {
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#B00020').text(t('receipts.cancelled'), { width: textWidth });
    if (receipt.cancelReason) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(t('receipts.cancelReason', { reason: receipt.cancelReason }), { width: textWidth });
    }
    doc.fillColor('#000000');
  }
  doc.y = Math.max(doc.y, top + QR_SIDE) + 16;

  // The facts, label over value.
  const facts: [MessageId, string][] = [
    ['receipts.dwelling', dwelling],
    ['receipts.payers', receipt.payers.join(', ') || '—'],
    ['receipts.paidOn', date(receipt.paidOn)],
    ['receipts.method', t(`receipts.method.${receipt.method}` as MessageId)],
    ['receipts.reference', receipt.reference || '—'],
    ['receipts.amount', money(receipt.amountCents)],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(8).text(t(label).toUpperCase(), MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(11).text(value, MARGIN, doc.y, { width });
    doc.moveDown(0.5);
  }

  // The charges it went towards.
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text(t('receipts.concepts'), MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const cols = [MARGIN, MARGIN + 78, MARGIN + width - 110, MARGIN + width];
  const row = (cells: [string, string, string], bold: boolean) => {
    if (doc.y + 14 > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cell(doc, cells[0], cols[0]!, y, cols[1]! - cols[0]! - 6);
    cell(doc, cells[1], cols[1]!, y, cols[2]! - cols[1]! - 6);
    cell(doc, cells[2], cols[2]!, y, cols[3]! - cols[2]!, 'right');
    doc.y = y + 14;
  };
  row([t('receipts.chargedOn'), t('receipts.concept'), t('receipts.applied')], true);
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(MARGIN + width, doc.y - 2)
    .lineWidth(0.5)
    .stroke();
  for (const c of receipt.concepts) row([date(c.chargedOn), c.concept, money(c.amountCents)], false);
  if (receipt.concepts.length === 0) {
    doc.font('Helvetica').fontSize(9).text(t('receipts.noConcepts'), MARGIN, doc.y, { width });
  }
  if (receipt.unappliedCents > 0) row(['', t('receipts.unapplied'), money(receipt.unappliedCents)], false);
  row(['', t('receipts.total'), money(receipt.amountCents)], true);

  // How to check it.
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(t('receipts.verifyAt', { url: receipt.verifyUrl }), MARGIN, doc.y, {
      width,
    });
  doc.fillColor('#000000');
  doc.end();
  return done;
}

/** recibo-000123.pdf */
export const receiptFileName = (receipt: Pick<Receipt, 'folio'>) => `recibo-${formatFolio(receipt.folio)}.pdf`;
