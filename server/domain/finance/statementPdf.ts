// Account statements as PDF (pdfkit, standard Helvetica, uncompressed so the text can be checked): one
// dwelling's, or many in one file. TipoImpresion 'por-pagina' starts every statement on a page of its own;
// 'normal' lets the next one follow on the same page when it fits. Rendering yields to the event loop
// between statements, so 100 of them never hold other requests up for long. The words, dates and money are
// the reader's language's (the statement screen's own words, src/i18n/<lang>/finance.json).
import PDFDocument from 'pdfkit';
import type { Statement, TipoImpresion } from '../../../src/api/finance';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import { type DocumentWords, documentWords } from '../shared/documentWords';

const MARGIN = 48;
const ROW = 14;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Doc = PDFKit.PDFDocument;

/** Height a statement needs: header, summary and one row per movement. */
const heightOf = (s: Statement) => 150 + ROW * (s.movimientos.length + 2);

/**
 * Text at a point, without pdfkit's line wrapper (which costs more than everything else on these pages):
 * right-aligned text is placed by its measured width, and text too wide for its column is cut.
 */
function cell(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): void {
  if (!text) return;
  let shown = text;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  const left = align === 'right' ? x + width - doc.widthOfString(shown) : x;
  doc.text(shown, left, y, { lineBreak: false });
}

const dwellingOf = (s: Statement) => (s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName);

function drawStatement(doc: Doc, s: Statement, width: number, words: DocumentWords): void {
  const { t, date, money } = words;
  const left = MARGIN;
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(14);
  cell(doc, t('documents.statement.heading', { dwelling: dwellingOf(s) }), left, y, width);
  y += 20;
  doc.font('Helvetica').fontSize(9);
  cell(doc, `${s.CondoName} · ${t('finance.period', { from: date(s.fechaInicio), to: date(s.fechaFin) })}`, left, y, width);
  y += 13;
  if (s.Residentes.length) {
    cell(doc, t('documents.statement.residents', { names: s.Residentes.join(', ') }), left, y, width);
    y += 13;
  }
  y += 6;
  const summary: [string, number][] = [
    [t('finance.statement.opening'), s.saldoInicial],
    [t('finance.statement.charges'), s.totalCargos],
    [t('finance.statement.payments'), s.totalAbonos],
    [t('finance.statement.closing'), s.saldoFinal],
    [t('finance.statement.overdue'), s.vencido],
  ];
  const column = width / summary.length;
  summary.forEach(([label, cents], i) => {
    doc.font('Helvetica').fontSize(8);
    cell(doc, label, left + i * column, y, column - 4);
    doc.font('Helvetica-Bold').fontSize(10);
    cell(doc, money(cents), left + i * column, y + 11, column - 4);
  });
  y += 32;
  const cols = [left, left + 62, left + width - 230, left + width - 150, left + width - 75, left + width];
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    for (const [i, text] of cells.entries()) cell(doc, text, cols[i]!, y, cols[i + 1]! - cols[i]! - 4, i >= 2 ? 'right' : 'left');
    y += ROW;
  };
  const header = [
    t('finance.statement.date'),
    t('finance.statement.concept'),
    t('finance.statement.charge'),
    t('finance.statement.payment'),
    t('finance.statement.balance'),
  ];
  row(header, true);
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .lineWidth(0.5)
    .stroke();
  for (const line of s.movimientos) {
    if (y + ROW > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
      row(header, true);
    }
    row(
      [
        date(line.fecha),
        line.concepto,
        line.cargo ? money(line.cargo) : '',
        line.abono ? money(line.abono) : '',
        money(line.saldo),
      ],
      false,
    );
  }
  if (s.movimientos.length === 0) row(['', t('finance.noRows'), '', '', ''], false);
  row(['', t('finance.statement.closing'), '', '', money(s.saldoFinal)], true);
  doc.x = MARGIN;
  doc.y = y;
}

export interface PdfOptions {
  tipoImpresion: TipoImpresion;
  language: Language;
  /** The document's title (its metadata); the bulk files name their period. */
  title: string;
  /** Yield to the event loop after this many statements (0: never). */
  yieldEvery?: number;
}

export async function statementsPdf(statements: readonly Statement[], options: PdfOptions): Promise<Buffer> {
  const words = documentWords(options.language);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    autoFirstPage: true,
    lang: LOCALE[options.language],
    info: { Title: options.title, Author: statements[0]?.CondoName ?? '', Subject: words.t('finance.statement.title') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const yieldEvery = options.yieldEvery ?? 1;
  for (const [i, statement] of statements.entries()) {
    if (i > 0) {
      const fits = doc.y + 24 + heightOf(statement) <= doc.page.height - MARGIN;
      if (options.tipoImpresion === 'por-pagina' || !fits) doc.addPage();
      else doc.y += 24;
    }
    drawStatement(doc, statement, width, words);
    if (yieldEvery > 0 && (i + 1) % yieldEvery === 0) await yieldToLoop();
  }
  doc.end();
  return done;
}

/** One dwelling's statement as the estado-cta download gives it (and the statement e-mail attaches it). */
export function statementPdf(s: Statement, language: Language): Promise<Buffer> {
  const title = documentWords(language).t('documents.statement.fileTitle', { dwelling: dwellingOf(s) });
  return statementsPdf([s], { tipoImpresion: 'normal', language, title });
}

/** estado-de-cuenta-torre-a-101-2026-01-01-2026-12-31.pdf: the dwelling and the period, in ASCII. */
export function statementFileName(s: Statement): string {
  const dwelling = [s.TorreName, s.AptName]
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `estado-de-cuenta-${dwelling || s.ApartmentId}-${s.fechaInicio}-${s.fechaFin}.pdf`;
}
