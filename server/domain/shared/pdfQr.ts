// A QR code drawn into a pdfkit page as vector modules (error correction M), from the `qrcode` package's encoder.
// Shared: invoicing (the CFDI's SAT verification QR, invoicing/cfdis/pdf.ts) and receipts (the receipt's public
// verification QR, receipts/receiptPdf.ts).
import QRCode from 'qrcode';

/** Draws `text` as a QR `side` points wide with its top left corner at (x, y). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const unit = side / n;
  doc.save().fillColor('#000000');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) doc.rect(x + col * unit, y + row * unit, unit, unit);
  }
  doc.fill().restore();
}
