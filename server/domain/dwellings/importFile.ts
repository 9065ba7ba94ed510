// Reads an uploaded dwellings file into rows of text: a CSV (comma or semicolon, UTF-8 with or without BOM,
// else Windows-1252 as Excel on Windows saves it) or an XLSX (its first sheet, read by read-excel-file on the
// server only). The header row names the columns, in Spanish or English: Torre/Tower, Vivienda/Dwelling
// (required), Indiviso/Share. Too big, over a limit of what it may hold (shared/sheets.ts), unreadable or
// without the dwelling column: 400 with the reason in the reader's language.
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, nameKey } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { Message, MessageId } from '../../../src/i18n/messages';
import { AppError } from '../../errors';
import { decodeText, isZip, readCsv, readWorkbook, type SheetRules } from '../shared/sheets';

export interface RawRow {
  /** The row's number in the file, the header being 1. */
  fila: number;
  torre: string;
  vivienda: string;
  indiviso: string;
}

const refuse = (message: MessageId | Message) => new AppError(400, ErrorCodes.badRequest, message, 'datos');

/**
 * What a dwellings file may hold: IMPORT_MAX_ROWS rows of a few short columns. A workbook of 2,000 such rows
 * unpacks to well under 1 MB; 4 MB leaves room for what Excel adds (styles, themes) and other columns.
 */
const SHEET: SheetRules = {
  limits: { unpackedBytes: 4 * 1024 * 1024, rows: IMPORT_MAX_ROWS, columns: 50, cellChars: 500 },
  refuse,
  unreadable: 'dwellings.import.error.unreadable',
  tooManyRows: 'dwellings.import.error.tooManyRows',
};

const COLUMNS: Record<'torre' | 'vivienda' | 'indiviso', readonly string[]> = {
  torre: ['torre', 'tower', 'edificio', 'building'],
  vivienda: ['vivienda', 'dwelling', 'departamento', 'apartment', 'unidad', 'unit', 'casa', 'house'],
  indiviso: ['indiviso', 'share', 'proindiviso', 'porcentaje', 'percentage', '%'],
};

/** A cell as text; numbers as typed in a sheet (rounded to what a share can carry, no float noise). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toFixed(6)));
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

async function sheetRows(name: string, bytes: Buffer): Promise<string[][]> {
  if (/\.xlsx$/i.test(name) || isZip(bytes)) return (await readWorkbook(bytes, SHEET)).map((row) => row.map(cellText));
  if (!/\.(csv|txt)$/i.test(name)) throw refuse('dwellings.import.error.kind');
  return readCsv(decodeText(bytes), SHEET);
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
