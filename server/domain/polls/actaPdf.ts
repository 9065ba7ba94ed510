// The acta of a poll (issue 14, POLLS_PATHS.acta): the record an administration presents to the assembly.
// pdfkit with the standard Helvetica and uncompressed, like the statements (finance/statementPdf.ts), so
// tests can read its text. It says what was asked, how it counted, each option's votes and weight, the
// participation and the quorum, where the poll stands, and on a public ballot who chose what. Who has not
// voted yet is never printed: that list is for the administrators' screen only.
import PDFDocument from 'pdfkit';
import type { PollDetail, PollQuestion, PollResults } from '../../../src/api/polls';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import { type ActaWords, actaWords, optionText, percentText, quorumOutcome, shareText, stateText, zoneDateTime } from './pollCsv';

const MARGIN = 48;
const ROW = 14;
/** Room kept at the bottom of every page for the footer. */
const FOOTER = 20;

type Doc = PDFKit.PDFDocument;
type QuestionResult = PollResults['preguntas'][number];

/** Text on one line at a point; too wide for its column, it is cut with an ellipsis (statementPdf's rule). */
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

/** Writes the acta top to bottom, starting a page whenever the next block would not fit. */
class ActaWriter {
  private y = MARGIN;
  readonly width: number;

  constructor(
    readonly doc: Doc,
    readonly t: ActaWords,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  private room(height: number): void {
    if (this.y + height <= this.doc.page.height - MARGIN - FOOTER) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  gap(height: number): void {
    this.y += height;
  }

  /** A paragraph that wraps (titles, questions and answers people typed are never cut). */
  paragraph(text: string, options: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const { size = 9, bold = false, indent = 0 } = options;
    this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const width = this.width - indent;
    const height = Math.max(size + 4, this.doc.heightOfString(text, { width }));
    this.room(height);
    this.doc.text(text, MARGIN + indent, this.y, { width });
    this.y += height + 2;
  }

  field(label: string, value: string): void {
    this.paragraph(this.t('pollsActa.fieldValue', { label, value }));
  }

  /** A table row: the first column wraps, the others are numbers aligned right. */
  row(cells: string[], columns: number[], bold: boolean): void {
    const { doc } = this;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const firstWidth = columns[1]! - columns[0]! - 6;
    const height = Math.max(ROW, doc.heightOfString(cells[0] ?? '', { width: firstWidth }) + 4);
    this.room(height);
    doc.text(cells[0] ?? '', columns[0]!, this.y, { width: firstWidth });
    cells.slice(1).forEach((text, i) => {
      cell(doc, text, columns[i + 1]!, this.y, columns[i + 2]! - columns[i + 1]! - 4, 'right');
    });
    this.y += height;
  }

  rule(): void {
    this.doc
      .moveTo(MARGIN, this.y - 3)
      .lineTo(MARGIN + this.width, this.y - 3)
      .lineWidth(0.5)
      .stroke();
  }
}

function writeHeading(w: ActaWriter, condoName: string, poll: PollDetail, results: PollResults, generatedAt: string): void {
  const { t } = w;
  w.paragraph(t('pollsActa.title'), { size: 16, bold: true });
  w.paragraph(condoName, { size: 10 });
  w.gap(4);
  w.paragraph(poll.Titulo, { size: 12, bold: true });
  w.field(t('pollsActa.field.kind'), t(`pollsActa.kind.${poll.tipo}`));
  w.field(t('pollsActa.field.counting'), t(`pollsActa.counting.${poll.conteo}`));
  w.field(t('pollsActa.field.ballot'), t(poll.secreta ? 'pollsActa.ballot.secret' : 'pollsActa.ballot.public'));
  w.field(t('pollsActa.field.opens'), zoneDateTime(poll.abre, poll.zonaHoraria));
  w.field(t('pollsActa.field.closes'), zoneDateTime(poll.cierra, poll.zonaHoraria));
  w.field(t('pollsActa.field.state'), stateText(poll, results, generatedAt, t));
  w.gap(6);
  w.paragraph(
    t(`pollsActa.participation.${poll.conteo}`, {
      votantes: results.votantes,
      electorado: results.electorado,
      percent: percentText(results.participacion),
    }),
    { bold: true },
  );
  const outcome = quorumOutcome(results, t);
  w.paragraph(
    results.quorum === null ? outcome : `${t('pollsActa.quorum.required', { percent: `${results.quorum} %` })} · ${outcome}`,
    { bold: true },
  );
}

function writeQuestion(w: ActaWriter, number: number, question: PollQuestion, result: QuestionResult, indiviso: boolean): void {
  const { t } = w;
  w.gap(10);
  w.paragraph(t('pollsActa.question', { number, text: question.Texto }), { size: 11, bold: true });
  w.paragraph(t('pollsActa.answered', { count: result.respuestas }));
  if (question.tipo === 'abierta') {
    for (const text of result.textos) w.paragraph(`- ${text}`, { indent: 8 });
    return;
  }
  const right = MARGIN + w.width;
  // The weight columns say something only when dwellings weigh differently.
  const columns = indiviso
    ? [MARGIN, right - 320, right - 260, right - 190, right - 110, right]
    : [MARGIN, right - 160, right - 90, right];
  const header = [t('pollsActa.column.option'), t('pollsActa.column.votes'), t('pollsActa.column.percent')];
  if (indiviso) header.push(t('pollsActa.column.weight'), t('pollsActa.column.weightedPercent'));
  w.gap(2);
  w.row(header, columns, true);
  w.rule();
  for (const option of result.opciones) {
    const cells = [optionText(option, t), String(option.votos), percentText(option.porcentaje)];
    if (indiviso) cells.push(shareText(option.peso), percentText(option.porcentajePeso));
    w.row(cells, columns, false);
  }
}

/** Who chose what (public ballots only): the chosen options in the reader's words, or the text written. */
function writeBallots(w: ActaWriter, poll: PollDetail, ballots: NonNullable<PollResults['votos']>): void {
  const { t } = w;
  w.gap(12);
  w.paragraph(t('pollsActa.ballots'), { size: 11, bold: true });
  for (const ballot of ballots) {
    w.gap(2);
    w.paragraph(ballot.Nombre, { bold: true });
    poll.preguntas.forEach((question, i) => {
      const answer = ballot.respuestas.find((r) => r.preguntaId === question.id);
      const chosen = (answer?.opciones ?? []).map((texto) => {
        const option = question.opciones.find((o) => o.Texto === texto);
        return option ? optionText(option, t) : texto;
      });
      const said = chosen.length > 0 ? chosen.join(', ') : (answer?.texto ?? t('pollsActa.noAnswer'));
      w.paragraph(`${i + 1}. ${said}`, { indent: 10 });
    });
  }
}

/** "Generada el … · Página n de m" at the foot of every page, once the page count is known. */
function writeFooters(doc: Doc, t: ActaWords, generated: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    const text = t('pollsActa.footer', { date: generated, page: i - range.start + 1, pages: range.count });
    cell(doc, text, MARGIN, doc.page.height - MARGIN + 12, doc.page.width - 2 * MARGIN);
  }
}

export function pollActaPdf(input: {
  condoName: string;
  poll: PollDetail;
  results: PollResults;
  generatedAt: string /* ISO */;
  language: Language;
}): Promise<Buffer> {
  const { condoName, poll, results, generatedAt, language } = input;
  const t = actaWords(language);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    bufferPages: true,
    lang: LOCALE[language],
    info: { Title: t('pollsActa.fileTitle', { title: poll.Titulo }), Author: condoName, Subject: t('pollsActa.title') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new ActaWriter(doc, t);
  writeHeading(writer, condoName, poll, results, generatedAt);
  poll.preguntas.forEach((question, i) => {
    const result = results.preguntas.find((r) => r.preguntaId === question.id);
    if (result) writeQuestion(writer, i + 1, question, result, poll.conteo === 'indiviso');
  });
  if (results.votos) writeBallots(writer, poll, results.votos);
  writeFooters(doc, t, zoneDateTime(generatedAt, poll.zonaHoraria));
  doc.end();
  return done;
}
