// The movement log as a PDF (MOVEMENT_PATHS.exportPdf): the rows the list's filters find in the caller's scope
// (residents: their own dwellings'), newest first, as a landscape table to print or keep, in the reader's
// language (documentWords): the condominium's name, the filters applied, one line per movement with its time in
// the condominium's zone, and "Página n de m" at every foot. pdfkit with the standard Helvetica, like the
// statements and the acta, but compressed: a PDF of MOVEMENT_PDF_MAX rows is about 240 KB that way and 3 MB
// without.
//
// More than MOVEMENT_PDF_MAX rows is refused before anything is written (400, narrow the filters). The rows
// are pinned when asked for (their ids, read once), so movements recorded while the file is written neither
// shift it nor change its page count, known once the heading is written (every row is one line).
// The file is streamed: rows are read a batch at a time and each finished page is sent as it is done.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { dwellingName } from '../../../src/api/dwellings';
import { type GateMovement, MOVEMENT_PDF_MAX, type MovementFilters } from '../../../src/api/gate';
import { LOCALE } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { type DocumentWords, documentWords } from '../shared/documentWords';
import { localDate, localDateTimeText } from '../shared/zonedTime';
import { filteredMovements, type MovementScope, movementScope } from './movementLog';
import { MOVEMENT_COLUMNS, type MovementRow, movementsFrom, toMovement } from './movementRows';

type Db = Kysely<Database>;
type Doc = PDFKit.PDFDocument;

const MARGIN = 36;
const ROW = 12;
/** The column headings' row: two lines, so a heading of several words wraps instead of being cut. */
const HEAD = 22;
/** Room kept at the bottom of every page for the footer. */
const FOOTER = 16;
/** Rows read per query. */
const BATCH = 1000;

/** The table's columns, left to right, and their widths in points (720 in all: landscape Letter less margins);
 * the widest cell (a time, 72 points) and every heading's longest word fit in all three languages. */
const COLUMNS = [
  { heading: 'gate.export.header.when', width: 78 },
  { heading: 'gate.export.header.kind', width: 46 },
  { heading: 'gate.export.header.visitor', width: 88 },
  { heading: 'gate.export.header.dwelling', width: 66 },
  { heading: 'gate.export.header.passKind', width: 56 },
  { heading: 'gate.export.header.people', width: 44, right: true },
  { heading: 'gate.export.header.plates', width: 56 },
  { heading: 'gate.export.header.accessPoint', width: 64 },
  { heading: 'gate.export.header.guard', width: 70 },
  { heading: 'gate.export.header.device', width: 58 },
  { heading: 'gate.pdf.header.remarks', width: 94 },
] as const satisfies readonly { heading: MessageId; width: number; right?: boolean }[];

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The standard fonts write WinAnsi: the narrow no-break space of French numbers becomes a plain one. */
const winAnsi = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** Text on one line at a point; too wide for its column, it is cut with an ellipsis (statementPdf's rule). */
function cell(doc: Doc, text: string, x: number, y: number, width: number, right = false): void {
  if (!text) return;
  let shown = winAnsi(text);
  const full = doc.widthOfString(shown);
  if (full > width) {
    // Start near the length that fits, then trim: a long note costs a few measures, not one per character.
    shown = shown.slice(0, Math.ceil((shown.length * width) / full) + 1);
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  doc.text(shown, right ? x + width - doc.widthOfString(shown) : x, y, { lineBreak: false });
}

/** The filters as the heading writes them: days in the reader's format, names instead of ids. */
async function filterWords(db: Db, auth: Auth, scope: MovementScope, filters: MovementFilters, w: DocumentWords) {
  const parts: string[] = [];
  if (filters.desde) parts.push(w.t('gate.pdf.filter.from', { date: w.date(filters.desde) }));
  if (filters.hasta) parts.push(w.t('gate.pdf.filter.to', { date: w.date(filters.hasta) }));
  if (filters.vivienda !== undefined) {
    // Named only when it is the condominium's and, for a resident, their own; otherwise by the number typed.
    const allowed = !scope.ownOnly || scope.dwellings.includes(filters.vivienda);
    const dwelling = allowed
      ? await db
          .selectFrom('apartments as a')
          .leftJoin('towers as t', 't.id', 'a.tower_id')
          .select(['a.name', 't.name as tower'])
          .where('a.id', '=', filters.vivienda)
          .where('a.condo_id', '=', auth.condoId)
          .executeTakeFirst()
      : undefined;
    const value = dwelling ? dwellingName(dwelling.tower ?? null, dwelling.name) : `#${filters.vivienda}`;
    parts.push(w.t('gate.pdf.filter.dwelling', { value }));
  }
  if (filters.tipo) parts.push(w.t('gate.pdf.filter.kind', { value: w.t(`gate.export.kind.${filters.tipo}`) }));
  if (filters.guardia !== undefined) {
    // Residents are not told who keeps the gate (the list gives them no guards to choose either).
    const guard = scope.ownOnly
      ? undefined
      : await db
          .selectFrom('users as u')
          .innerJoin('memberships as ms', 'ms.user_id', 'u.id')
          .select('u.name')
          .where('u.id', '=', filters.guardia)
          .where('ms.condo_id', '=', auth.condoId)
          .executeTakeFirst();
    parts.push(w.t('gate.pdf.filter.guard', { value: guard?.name ?? `#${filters.guardia}` }));
  }
  if (filters.acceso) parts.push(w.t('gate.pdf.filter.access', { value: filters.acceso }));
  if (filters.q) parts.push(w.t('gate.pdf.filter.search', { value: filters.q }));
  return parts.length ? w.t('gate.pdf.filters', { filters: parts.join(' · ') }) : w.t('gate.pdf.noFilters');
}

/** The ids of the rows the file will hold, in its order; one more than the limit is enough to refuse. */
async function pinnedIds(db: Db, auth: Auth, scope: MovementScope, filters: MovementFilters): Promise<number[]> {
  const rows = await filteredMovements(db, auth.condoId, scope, filters)
    .select('m.id')
    .orderBy('m.occurred_local', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MOVEMENT_PDF_MAX + 1)
    .execute();
  return rows.map((r) => Number(r.id));
}

async function rowsOf(db: Db, condoId: number, ids: number[]): Promise<GateMovement[]> {
  const rows = (await movementsFrom(db, condoId)
    .select((eb) => MOVEMENT_COLUMNS(eb))
    .where('m.id', 'in', ids)
    .orderBy('m.occurred_local', 'desc')
    .orderBy('m.id', 'desc')
    .execute()) as MovementRow[];
  return rows.map(toMovement);
}

function rowCells(m: GateMovement, w: DocumentWords): string[] {
  const [day = '', time = ''] = m.occurredLocal.split(' ');
  const remarks = [
    m.reason && w.t(`gate.export.reason.${m.reason}`),
    m.conflict && w.t(`gate.export.conflict.${m.conflict}`),
    m.note,
  ].filter(Boolean);
  return [
    `${w.date(day)} ${w.hour(time)}`,
    w.t(`gate.export.kind.${m.kind}`),
    m.visitorName,
    m.dwelling ?? '',
    m.passKind ?? '',
    String(m.people),
    m.plates ?? '',
    m.accessPoint ?? '',
    m.guardName ?? '',
    m.deviceName ?? '',
    remarks.join(' · '),
  ];
}

interface Heading {
  condoName: string;
  title: string;
  filters: string;
  count: string;
  footer: (page: number, pages: number) => string;
}

/** Writes the table a row at a time, ending a page (with its footer) when the next row would not fit. */
class TableWriter {
  private y = MARGIN;
  private page = 1;
  /** How many pages the file has, known once the heading is written: every row is one line. */
  private pages = 1;
  private readonly bottom: number;

  constructor(
    private readonly doc: Doc,
    private readonly headings: string[],
    private readonly heading: Heading,
  ) {
    this.bottom = doc.page.height - MARGIN - FOOTER;
  }

  /** The first page's heading and column headings, above a table of `rows` rows. */
  writeHeading(rows: number): void {
    const { doc, heading } = this;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica-Bold').fontSize(14);
    cell(doc, heading.condoName, MARGIN, this.y, width);
    this.y += 20;
    doc.fontSize(11);
    cell(doc, heading.title, MARGIN, this.y, width);
    this.y += 16;
    doc.font('Helvetica').fontSize(9);
    const filters = winAnsi(heading.filters);
    doc.text(filters, MARGIN, this.y, { width });
    this.y += doc.heightOfString(filters, { width }) + 4;
    cell(doc, heading.count, MARGIN, this.y, width);
    this.y += 12 + 8;
    this.writeColumnHeadings();
    const first = Math.floor((this.bottom - this.y) / ROW);
    const other = Math.floor((this.bottom - MARGIN - HEAD) / ROW);
    this.pages = rows <= first ? 1 : 1 + Math.ceil((rows - first) / other);
  }

  private writeColumnHeadings(): void {
    const { doc } = this;
    doc.font('Helvetica-Bold').fontSize(7.5);
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      const width = column.width - 4;
      doc.text(winAnsi(this.headings[i] ?? ''), x, this.y, {
        width,
        height: HEAD - 2,
        align: 'right' in column ? 'right' : 'left',
      });
      x += column.width;
    });
    this.y += HEAD;
    doc
      .moveTo(MARGIN, this.y - 3)
      .lineTo(this.doc.page.width - MARGIN, this.y - 3)
      .lineWidth(0.5)
      .stroke();
  }

  private line(cells: string[]): void {
    this.doc.font('Helvetica').fontSize(7.5);
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      cell(this.doc, cells[i] ?? '', x, this.y, column.width - 4, 'right' in column);
      x += column.width;
    });
    this.y += ROW;
  }

  /** Writes a row; answers true when it started a new page first (the previous one is then complete). */
  row(cells: string[]): boolean {
    let turned = false;
    if (this.y + ROW > this.bottom) {
      this.footer();
      this.doc.addPage();
      this.page += 1;
      this.y = MARGIN;
      this.writeColumnHeadings();
      turned = true;
    }
    this.line(cells);
    return turned;
  }

  note(text: string): void {
    this.doc.font('Helvetica').fontSize(9);
    cell(this.doc, text, MARGIN, this.y + 4, this.doc.page.width - 2 * MARGIN);
  }

  footer(): void {
    const { doc } = this;
    // Writing inside the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    cell(doc, this.heading.footer(this.page, this.pages), MARGIN, doc.page.height - MARGIN, doc.page.width - 2 * MARGIN);
    doc.fillColor('#000000');
  }
}

/** The document's bytes as pdfkit writes them, handed on whenever the caller asks (after each finished page). */
async function* pdfBytes(db: Db, condoId: number, ids: number[], heading: Heading, words: DocumentWords): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    lang: LOCALE[words.language],
    info: { Title: `${heading.title} · ${heading.condoName}`, Author: heading.condoName, Subject: heading.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // Awaited at the end; until then a failure must not count as unhandled (the stream reports it).
  ended.catch(() => {});
  const written = () => Buffer.concat(chunks.splice(0));

  const table = new TableWriter(
    doc,
    COLUMNS.map((c) => words.t(c.heading)),
    heading,
  );
  table.writeHeading(ids.length);
  if (ids.length === 0) table.note(words.t('gate.pdf.empty'));
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const movement of await rowsOf(db, condoId, ids.slice(start, start + BATCH))) {
      if (table.row(rowCells(movement, words))) {
        await yieldToLoop();
        if (chunks.length) yield written();
      }
    }
  }
  table.footer();
  doc.end();
  await ended;
  if (chunks.length) yield written();
}

export async function movementPdf(
  db: Db,
  clock: Clock,
  auth: Auth,
  filters: MovementFilters,
): Promise<{ name: string; stream: Readable }> {
  const scope = await movementScope(db, auth);
  const ids = await pinnedIds(db, auth, scope, filters);
  if (ids.length > MOVEMENT_PDF_MAX) {
    throw new AppError(400, 'BAD_REQUEST', { id: 'gate.pdfTooMany', values: { max: MOVEMENT_PDF_MAX } }, 'desde');
  }
  const condo = await db
    .selectFrom('condominiums')
    .select(['name', 'time_zone'])
    .where('id', '=', auth.condoId)
    .executeTakeFirstOrThrow();
  const words = documentWords(auth.language);
  const [day = '', time = ''] = localDateTimeText(clock.now(), condo.time_zone).split(' ');
  const generated = `${words.date(day)} ${words.hour(time)}`;
  const heading: Heading = {
    condoName: condo.name,
    title: words.t(scope.ownOnly ? 'gate.pdf.ownTitle' : 'gate.pdf.title'),
    filters: await filterWords(db, auth, scope, filters, words),
    count: words.t('gate.pdf.count', { count: ids.length, timeZone: condo.time_zone }),
    footer: (page, pages) => words.t('gate.pdf.footer', { date: generated, page, pages }),
  };
  const today = localDate(clock.now(), condo.time_zone);
  return {
    name: `${words.t('gate.export.file')}-${today}.pdf`,
    stream: Readable.from(pdfBytes(db, auth.condoId, ids, heading, words), { objectMode: false }),
  };
}
