// Reading a spreadsheet file (XLSX or CSV) into rows under limits: what runs inside the sheet worker
// (sheetWorker.ts), and the small CSVs read in place. No domain here: the limits come from the caller and a
// refusal names the limit that said no (the caller words it, server/domain/shared/sheets.ts).
//
// Why a workbook is scanned before read-excel-file reads it: the reader builds every row as an array as wide as
// the widest one, so a few hundred bytes holding one cell at XFD1048576 ask for a billion cells; and it parses
// a very long text in chunks by recursion, so a cell of 14 MB overflows its stack. The scan reads the sheets'
// XML once with bounded patterns and refuses by rows, columns and cell length before any of that happens.
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';

export type SheetCell = string | number | boolean | Date | null;

/** What one file may hold. `rows` counts the rows of data; SHEET_ROWS_ALLOWANCE more may sit above them. */
export interface SheetLimits {
  /** The workbook's files once unpacked, as its ZIP directory declares them. */
  unpackedBytes: number;
  rows: number;
  columns: number;
  /** Characters of one cell. */
  cellChars: number;
}

/** Rows a file may carry beyond its data (a title, an account's preamble, the header, blank lines). */
export const SHEET_ROWS_ALLOWANCE = 40;

export type SheetLimit = 'unpacked' | 'rows' | 'columns' | 'cellChars' | 'unreadable' | 'time' | 'memory' | 'busy';

export type SheetJob =
  | { kind: 'xlsx'; bytes: Uint8Array; limits: SheetLimits }
  | { kind: 'csv'; text: string; delimiter?: string; limits: SheetLimits };

export type SheetOutcome = { rows: SheetCell[][] } | { refused: SheetLimit };

/** Thrown inside the reading to stop it at the first limit crossed. */
class OverLimit extends Error {
  constructor(readonly limit: SheetLimit) {
    super(limit);
  }
}

export const isZip = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

export function decodeText(bytes: Uint8Array): string {
  return withoutNul(decodeBytes(bytes));
}

function decodeBytes(bytes: Uint8Array): string {
  // UTF-16 as Excel's "Unicode text" saves it, named by its byte order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * A NUL is no text a sheet means (UTF-16 without its mark is made of them) and no PostgreSQL column keeps one:
 * left in, a cell holding it answered 500 when imported (issue 33). Dropped from every text read.
 */
export const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * The bytes the ZIP's central directory says its files unpack to, or null when it cannot be read (no end
 * record, ZIP64, a directory outside the file). Read before the workbook is unpacked, so a small file that
 * would inflate to gigabytes is refused without inflating it.
 */
export function unpackedSize(bytes: Buffer): number | null {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

const rowsAllowed = (limits: SheetLimits) => limits.rows + SHEET_ROWS_ALLOWANCE;

/**
 * A CSV's rows (RFC 4180: quoted fields may hold the delimiter, quotes doubled, line breaks). With limits it
 * stops at the first one crossed (OverLimit), so five megabytes of line breaks never become five million rows.
 */
export function parseCsv(text: string, given?: string, limits?: SheetLimits): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = given ?? ((firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',');
  const maxRows = limits ? rowsAllowed(limits) : Number.POSITIVE_INFINITY;
  const maxColumns = limits?.columns ?? Number.POSITIVE_INFINITY;
  const maxCell = limits?.cellChars ?? Number.POSITIVE_INFINITY;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    if (field.length > maxCell) throw new OverLimit('cellChars');
    row.push(field);
    if (row.length > maxColumns) throw new OverLimit('columns');
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    if (rows.length > maxRows) throw new OverLimit('rows');
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
    // A quoted field never closed would otherwise grow to the whole file before its length is looked at.
    if (field.length > maxCell) throw new OverLimit('cellChars');
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** A column's letters (A, Z, AA, XFD) as its number, 1 for A. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A text's length with each XML entity (&amp;, &#233;) counted as the one character it stands for. */
const decodedLength = (raw: string) => raw.length - (raw.match(/&#?\w{1,10};/g) ?? []).reduce((n, e) => n + e.length - 1, 0);

/**
 * The sheets' XML read as read-excel-file would place its cells: a row's `r` or the next row, a cell's `r` or
 * the next column. Every pattern is bounded, so no input makes the scan slower than linear.
 */
function scanSheetXml(xml: string, limits: SheetLimits): void {
  const maxRows = rowsAllowed(limits);
  let rowNumber = 0;
  let column = 0;
  for (const m of xml.matchAll(/<(row|c)\b([^>]{0,400})/g)) {
    const ref = /\br="([A-Z]{0,3})(\d{1,9})"/.exec(m[2]!);
    if (m[1] === 'row') {
      rowNumber = ref ? Number(ref[2]) : rowNumber + 1;
      column = 0;
    } else {
      column = ref?.[1] ? columnNumber(ref[1]) : column + 1;
      if (ref) rowNumber = Math.max(rowNumber, Number(ref[2]));
    }
    if (rowNumber > maxRows) throw new OverLimit('rows');
    if (column > limits.columns) throw new OverLimit('columns');
  }
  scanTexts(xml, limits);
}

/** Every text and value of cells and shared strings within the cell limit. */
function scanTexts(xml: string, limits: SheetLimits): void {
  for (const m of xml.matchAll(/<(?:t|v)\b[^>]{0,400}>([^<]*)/g))
    if (m[1]!.length > limits.cellChars && decodedLength(m[1]!) > limits.cellChars) throw new OverLimit('cellChars');
}

async function readXlsx(bytes: Uint8Array, limits: SheetLimits): Promise<SheetCell[][]> {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, { filter: (f) => /^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/.test(f.name) });
  } catch {
    throw new OverLimit('unreadable');
  }
  for (const [name, data] of Object.entries(parts)) {
    const xml = new TextDecoder().decode(data);
    if (name.startsWith('xl/worksheets/')) scanSheetXml(xml, limits);
    else scanTexts(xml, limits);
  }
  let rows: SheetCell[][];
  try {
    // A Buffer posted to a worker arrives as a plain Uint8Array; the reader takes Buffers.
    rows = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as SheetCell[][];
  } catch {
    throw new OverLimit('unreadable');
  }
  // What the scan cannot see (a text split in rich-text runs, rows without numbers) is checked on the result.
  if (rows.length > rowsAllowed(limits)) throw new OverLimit('rows');
  for (const row of rows) {
    if (row.length > limits.columns) throw new OverLimit('columns');
    for (const [i, cell] of row.entries()) {
      if (typeof cell !== 'string') continue;
      if (cell.length > limits.cellChars) throw new OverLimit('cellChars');
      row[i] = withoutNul(cell);
    }
  }
  return rows;
}

const refusedBy = (error: unknown): SheetOutcome => {
  if (error instanceof OverLimit) return { refused: error.limit };
  throw error;
};

/** A CSV's text read under its limits, in place: its rows, or the limit that refused it. */
export function readCsvText(text: string, delimiter: string | undefined, limits: SheetLimits): SheetOutcome {
  try {
    return { rows: parseCsv(text, delimiter, limits) };
  } catch (error) {
    return refusedBy(error);
  }
}

/** One file read under its limits (the worker's job): its rows, or the limit that refused it. */
export async function readSheetJob(job: SheetJob): Promise<SheetOutcome> {
  if (job.kind === 'csv') return readCsvText(job.text, job.delimiter, job.limits);
  try {
    return { rows: await readXlsx(job.bytes, job.limits) };
  } catch (error) {
    return refusedBy(error);
  }
}
