// Reads an uploaded dwellings file into rows of text: a CSV (comma or semicolon, UTF-8 with or without BOM,
// else Windows-1252 as Excel on Windows saves it) or an XLSX (its first sheet, read by read-excel-file on the
// server only). The header row names the columns, in Spanish or English: Torre/Tower, Vivienda/Dwelling
// (required), Indiviso/Share. Too big, too many rows, unreadable or without the dwelling column: 400 with
// the reason in the reader's language.
import { readSheet } from 'read-excel-file/node';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, nameKey } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { Message, MessageId } from '../../../src/i18n/messages';
import { AppError } from '../../errors';

export interface RawRow {
  /** The row's number in the file, the header being 1. */
  fila: number;
  torre: string;
  vivienda: string;
  indiviso: string;
}

const refuse = (message: MessageId | Message) => new AppError(400, ErrorCodes.badRequest, message, 'datos');

const COLUMNS: Record<'torre' | 'vivienda' | 'indiviso', readonly string[]> = {
  torre: ['torre', 'tower', 'edificio', 'building'],
  vivienda: ['vivienda', 'dwelling', 'departamento', 'apartment', 'unidad', 'unit', 'casa', 'house'],
  indiviso: ['indiviso', 'share', 'proindiviso', 'porcentaje', 'percentage', '%'],
};

/** A CSV's rows (RFC 4180: quoted fields may hold the delimiter, quotes doubled, line breaks). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/** What a workbook may hold once unpacked: far above any sheet of IMPORT_MAX_ROWS rows, far below a zip bomb. */
export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

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

/** A cell as text; numbers as typed in a sheet (rounded to what a share can carry, no float noise). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toFixed(6)));
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

async function sheetRows(name: string, bytes: Buffer): Promise<string[][]> {
  if (/\.xlsx$/i.test(name) || isZip(bytes)) {
    const unpacked = unpackedSize(bytes);
    if (unpacked === null || unpacked > XLSX_MAX_UNPACKED_BYTES) throw refuse('dwellings.import.error.unreadable');
    try {
      const data = await readSheet(bytes);
      return data.map((row) => row.map(cellText));
    } catch {
      throw refuse('dwellings.import.error.unreadable');
    }
  }
  if (!/\.(csv|txt)$/i.test(name)) throw refuse('dwellings.import.error.kind');
  return parseCsv(decodeText(bytes));
}

/** The file's rows under the header, empty rows left out. */
export async function readImportFile(name: string, base64: string): Promise<RawRow[]> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw refuse('dwellings.import.error.empty');
  if (bytes.length > IMPORT_MAX_BYTES)
    throw refuse({ id: 'dwellings.import.error.tooBig', values: { mb: IMPORT_MAX_BYTES / 1024 / 1024 } });
  const rows = await sheetRows(name, bytes);
  const headerIndex = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) throw refuse('dwellings.import.error.empty');
  const header = rows[headerIndex]!.map((c) => nameKey(c.replace(/^\uFEFF/, '')));
  const column = (kind: keyof typeof COLUMNS) => header.findIndex((h) => COLUMNS[kind].includes(h));
  const at = { torre: column('torre'), vivienda: column('vivienda'), indiviso: column('indiviso') };
  if (at.vivienda < 0) throw refuse('dwellings.import.error.columns');
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());
  const out: RawRow[] = [];
  rows.forEach((row, index) => {
    if (index <= headerIndex || row.every((c) => c.trim() === '')) return;
    out.push({ fila: index + 1, torre: cell(row, at.torre), vivienda: cell(row, at.vivienda), indiviso: cell(row, at.indiviso) });
  });
  if (out.length === 0) throw refuse('dwellings.import.error.empty');
  if (out.length > IMPORT_MAX_ROWS) throw refuse({ id: 'dwellings.import.error.tooManyRows', values: { max: IMPORT_MAX_ROWS } });
  return out;
}
