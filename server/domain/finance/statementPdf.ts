// Account statements as PDF (pdfkit, standard Helvetica, uncompressed so the text can be checked): one
// dwelling's, or many in one file. TipoImpresion 'por-pagina' starts every statement on a page of its own;
// 'normal' lets the next one follow on the same page when it fits. Rendering yields to the event loop
// between statements, so 100 of them never hold other requests up for long.
import PDFDocument from 'pdfkit';
import { formatMoney, type Statement, type TipoImpresion } from '../../../src/api/finance';

const MARGIN = 48;
const ROW = 14;
const date = (iso: string) => iso.split('-').reverse().join('/');
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Doc = PDFKit.PDFDocument;

/** Height a statement needs: header, summary and one row per movement. */
const heightOf = (s: Statement) => 150 + ROW * (s.movimientos.length + 2);

function drawStatement(doc: Doc, s: Statement, width: number): void {
  const left = MARGIN;
  const dwelling = s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName;
  doc.font('Helvetica-Bold').fontSize(14).text(`Estado de cuenta - ${dwelling}`, left, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  doc.text(`${s.CondoName} · Periodo del ${date(s.fechaInicio)} al ${date(s.fechaFin)}`, left, doc.y, { width });
  if (s.Residentes.length) doc.text(`Residentes: ${s.Residentes.join(', ')}`, left, doc.y, { width });
  doc.moveDown(0.5);
  const summary: [string, number][] = [
    ['Saldo inicial', s.saldoInicial],
    ['Cargos', s.totalCargos],
    ['Abonos', s.totalAbonos],
    ['Saldo final', s.saldoFinal],
    ['Vencido', s.vencido],
  ];
  const cell = width / summary.length;
  const top = doc.y;
  summary.forEach(([label, cents], i) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(label, left + i * cell, top, { width: cell - 4, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(formatMoney(cents), left + i * cell, top + 11, { width: cell - 4, lineBreak: false });
  });
  doc.y = top + 32;
  const cols = [left, left + 62, left + width - 230, left + width - 150, left + width - 75];
  const header = ['Fecha', 'Concepto', 'Cargo', 'Abono', 'Saldo'];
  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((text, i) => {
      const x = cols[i]!;
      const w = (cols[i + 1] ?? left + width) - x - 4;
      doc.text(text, x, y, { width: w, lineBreak: false, align: i >= 2 ? 'right' : 'left' });
    });
    doc.y = y + ROW;
  };
  row(header, true);
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .lineWidth(0.5)
    .stroke();
  for (const line of s.movimientos) {
    if (doc.y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      row(header, true);
    }
    row(
      [
        date(line.fecha),
        line.concepto,
        line.cargo ? formatMoney(line.cargo) : '',
        line.abono ? formatMoney(line.abono) : '',
        formatMoney(line.saldo),
      ],
      false,
    );
  }
  if (s.movimientos.length === 0) row(['', 'Sin movimientos en el periodo', '', '', ''], false);
  row(['', 'Saldo final', '', '', formatMoney(s.saldoFinal)], true);
}

export interface PdfOptions {
  tipoImpresion: TipoImpresion;
  title: string;
  /** Yield to the event loop after this many statements (0: never). */
  yieldEvery?: number;
}

export async function statementsPdf(statements: readonly Statement[], options: PdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    autoFirstPage: true,
    info: { Title: options.title, Author: statements[0]?.CondoName ?? '', Subject: 'Estado de cuenta' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const yieldEvery = options.yieldEvery ?? 5;
  for (const [i, statement] of statements.entries()) {
    if (i > 0) {
      const fits = doc.y + 24 + heightOf(statement) <= doc.page.height - MARGIN;
      if (options.tipoImpresion === 'por-pagina' || !fits) doc.addPage();
      else doc.moveDown(2);
    }
    drawStatement(doc, statement, width);
    if (yieldEvery > 0 && (i + 1) % yieldEvery === 0) await yieldToLoop();
  }
  doc.end();
  return done;
}
