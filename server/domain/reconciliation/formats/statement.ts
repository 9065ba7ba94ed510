// Reads an uploaded bank statement (src/api/reconciliation.ts): the limits first (STATEMENT_MAX_BYTES,
// STATEMENT_MAX_ROWS, STATEMENT_MAX_CELL, each refused with a 400 naming it), then the format: an OFX by its
// header, an XLSX (its first sheet, through read-excel-file) or a CSV (UTF-8 or Windows-1252; ',', ';', '|' or
// tab). A sheet's layout is recognised by its header row (layouts.ts); a sheet of no known bank is read with the
// column mapping given, else answered with its headers and no movements so the screen can map its columns.
import { ErrorCodes } from '../../../../src/api/errors';
import {
  type ColumnMappingDraft,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_CELL,
  STATEMENT_MAX_ROWS,
  type StatementBank,
} from '../../../../src/api/reconciliation';
import type { Message, MessageId } from '../../../../src/i18n/messages';
import { AppError } from '../../../errors';
import { decodeText, isZip, readCsv, readWorkbook, type SheetRules, XLSX_MAX_UNPACKED_BYTES } from '../../shared/sheets';
import { BANK_LAYOUTS, findHeader, firstRow, headerKey, type Layout, readRows } from './layouts';
import { type BankMovement, fingerprintMovements, type LineError, type ReadLine } from './movement';
import { isOfx, readOfx } from './ofx';

export interface ReadStatement {
  /** null: a sheet of no known bank, read with no mapping (movements empty). */
  bank: StatementBank | null;
  headers: string[];
  lines: ReadLine[];
  movements: BankMovement[];
  errors: LineError[];
}

export const statementRefused = (message: MessageId | Message) => new AppError(400, ErrorCodes.badRequest, message, 'datos');

/** A saved mapping as a layout (its header names folded). */
export function mappingLayout(m: ColumnMappingDraft): Layout {
  const one = (name: string | null | undefined) => (name ? [headerKey(name)] : []);
  return {
    bank: 'mapeo',
    delimiter: 'auto',
    signature: [m.dateColumn, m.descriptionColumn, m.amountColumn, m.withdrawalColumn, m.depositColumn]
      .filter((c): c is string => !!c)
      .map(headerKey),
    date: one(m.dateColumn),
    dateFormat: m.dateFormat,
    description: one(m.descriptionColumn),
    reference: one(m.referenceColumn),
    ...(m.amountColumn
      ? { amount: one(m.amountColumn) }
      : { withdrawal: one(m.withdrawalColumn), deposit: one(m.depositColumn) }),
    balance: one(m.balanceColumn),
  };
}

/** A cell of a sheet as text: a number as pesos with two decimals, a day as DD/MM/YYYY. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value * 100) ? value.toFixed(2) : String(value);
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(value.getUTCDate())}/${p(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  return String(value);
}

/**
 * What a statement may hold (shared/sheets.ts reads it). A workbook of STATEMENT_MAX_ROWS rows of eight columns
 * unpacks to about 8 MB, hence XLSX_MAX_UNPACKED_BYTES; a bank's export has a dozen columns, 50 leaves room.
 */
const SHEET: SheetRules = {
  limits: { unpackedBytes: XLSX_MAX_UNPACKED_BYTES, rows: STATEMENT_MAX_ROWS, columns: 50, cellChars: STATEMENT_MAX_CELL },
  refuse: statementRefused,
  unreadable: 'reconciliation.error.unreadable',
  tooManyRows: 'reconciliation.error.tooManyRows',
  cellTooLong: 'reconciliation.error.cellTooLong',
};

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  return (await readWorkbook(bytes, SHEET)).map((row) => row.map(cellText));
}

function checkLimits(rows: readonly string[][]): void {
  if (rows.length > STATEMENT_MAX_ROWS + HEADER_ALLOWANCE)
    throw statementRefused({ id: 'reconciliation.error.tooManyRows', values: { max: STATEMENT_MAX_ROWS } });
  for (const row of rows)
    for (const cell of row)
      if (cell.length > STATEMENT_MAX_CELL)
        throw statementRefused({ id: 'reconciliation.error.cellTooLong', values: { max: STATEMENT_MAX_CELL } });
}

/** Rows above the movements a file may carry (a title, an account's preamble, the header). */
const HEADER_ALLOWANCE = 40;

/** Reads the statement; `mapping` reads a sheet of no known bank. */
export async function readStatement(name: string, bytes: Buffer, mapping: ColumnMappingDraft | null): Promise<ReadStatement> {
  if (bytes.length === 0) throw statementRefused('reconciliation.error.empty');
  if (bytes.length > STATEMENT_MAX_BYTES)
    throw statementRefused({ id: 'reconciliation.error.tooBig', values: { mb: STATEMENT_MAX_BYTES / 1024 / 1024 } });
  let rows: string[][];
  if (/\.xlsx$/i.test(name) || isZip(bytes)) rows = await sheetRows(bytes);
  else {
    if (!/\.(csv|txt|ofx|qfx)$/i.test(name)) throw statementRefused('reconciliation.error.kind');
    const text = decodeText(bytes);
    if (isOfx(text)) {
      const read = readOfx(text);
      if (read.lines.length + read.errors.length > STATEMENT_MAX_ROWS)
        throw statementRefused({ id: 'reconciliation.error.tooManyRows', values: { max: STATEMENT_MAX_ROWS } });
      checkLimits(read.lines.map((l) => [l.description, l.reference]));
      return finish('ofx', [], read.lines, read.errors);
    }
    const firstLine = text.slice(0, 4000);
    const delimiter =
      (firstLine.match(/\|/g)?.length ?? 0) > 3 ? '|' : (firstLine.match(/\t/g)?.length ?? 0) > 3 ? '\t' : undefined;
    rows = await readCsv(text, SHEET, delimiter);
  }
  checkLimits(rows);
  const layouts = mapping ? [mappingLayout(mapping), ...BANK_LAYOUTS] : BANK_LAYOUTS;
  const found = findHeader(rows, layouts);
  if (!found) {
    const top = firstRow(rows);
    if (!top) throw statementRefused('reconciliation.error.empty');
    if (mapping) throw statementRefused('reconciliation.error.mappingColumns');
    return { bank: null, headers: top.header.map((h) => h.replace(/^\uFEFF/, '').trim()), lines: [], movements: [], errors: [] };
  }
  const read = readRows(rows, found.index, found.layout);
  if (read.lines.length > STATEMENT_MAX_ROWS)
    throw statementRefused({ id: 'reconciliation.error.tooManyRows', values: { max: STATEMENT_MAX_ROWS } });
  const headers = rows[found.index]!.map((h) => h.replace(/^\uFEFF/, '').trim());
  return finish(found.layout.bank, headers, read.lines, read.errors);
}

function finish(bank: StatementBank, headers: string[], lines: ReadLine[], errors: LineError[]): ReadStatement {
  if (lines.length === 0 && errors.length === 0) throw statementRefused('reconciliation.error.empty');
  return { bank, headers, lines, movements: fingerprintMovements(lines), errors };
}
