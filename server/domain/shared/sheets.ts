// The one way an uploaded spreadsheet (CSV or XLSX) is read into rows: under the limits its area gives (rows,
// columns, characters per cell, the workbook's unpacked size), each crossed limit refused with a 400 that names
// it in the reader's language. A workbook is always read off the request thread (infra/sheetWorker.ts, with a
// time limit and a heap of its own); a CSV too once it is large. Shared: the dwellings import
// (dwellings/importFile.ts) and bank statements (reconciliation/formats/statement.ts). docs/decisions.md,
// "Hostile spreadsheets".
import type { Message, MessageId } from '../../../src/i18n/messages';
import { type AppError, TooManyRequestsError } from '../../errors';
import {
  readCsvText,
  type SheetCell,
  type SheetLimit,
  type SheetLimits,
  type SheetOutcome,
  unpackedSize,
} from '../../infra/sheetRead';
import { readSheetOffThread, SHEET_HEAP_MB, SHEET_TIME_LIMIT_MS } from '../../infra/sheetWorker';

export { decodeText, isZip, parseCsv, type SheetCell, type SheetLimits, unpackedSize } from '../../infra/sheetRead';

/** The most any workbook may unpack to (a bank statement's; the dwellings import allows less). */
export const XLSX_MAX_UNPACKED_BYTES = 12 * 1024 * 1024;

/** A CSV longer than this (characters) is read in the worker too: below it, parsing takes a few milliseconds. */
const CSV_IN_PLACE_CHARS = 256 * 1024;

/** What an area reads a spreadsheet with: its limits and its own words for an unreadable file and too many rows. */
export interface SheetRules {
  limits: SheetLimits;
  /** The area's 400 (its field). */
  refuse: (message: MessageId | Message) => AppError;
  unreadable: MessageId;
  /** Worded with {max}, the rows of data allowed. */
  tooManyRows: MessageId;
  /** Worded with {max}; errors.sheet.cellTooLong when the area has no words of its own. */
  cellTooLong?: MessageId;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function refusal(limit: SheetLimit, rules: SheetRules): AppError {
  const { limits, refuse } = rules;
  switch (limit) {
    case 'unpacked':
      return refuse({ id: 'errors.sheet.unpackedTooBig', values: { mb: mb(limits.unpackedBytes) } });
    case 'rows':
      return refuse({ id: rules.tooManyRows, values: { max: limits.rows } });
    case 'columns':
      return refuse({ id: 'errors.sheet.tooManyColumns', values: { max: limits.columns } });
    case 'cellChars':
      return refuse({ id: rules.cellTooLong ?? 'errors.sheet.cellTooLong', values: { max: limits.cellChars } });
    case 'time':
      return refuse({ id: 'errors.sheet.tooSlow', values: { seconds: SHEET_TIME_LIMIT_MS / 1000 } });
    case 'memory':
      return refuse({ id: 'errors.sheet.tooMuchMemory', values: { mb: SHEET_HEAP_MB } });
    case 'busy':
      return new TooManyRequestsError(5);
    case 'unreadable':
      return refuse(rules.unreadable);
  }
}

function rowsOf<T extends SheetCell>(outcome: SheetOutcome, rules: SheetRules): T[][] {
  if ('refused' in outcome) throw refusal(outcome.refused, rules);
  return outcome.rows as T[][];
}

/** A workbook's first sheet as cells (text, numbers, dates, booleans, null), or the 400 of the limit it crosses. */
export async function readWorkbook(bytes: Buffer, rules: SheetRules): Promise<SheetCell[][]> {
  // Read from the ZIP's directory in place: a bomb is refused before any worker unpacks it.
  const unpacked = unpackedSize(bytes);
  if (unpacked === null) throw refusal('unreadable', rules);
  if (unpacked > rules.limits.unpackedBytes) throw refusal('unpacked', rules);
  return rowsOf(await readSheetOffThread({ kind: 'xlsx', bytes, limits: rules.limits }), rules);
}

/** A CSV's rows (delimiter guessed unless given), or the 400 of the limit it crosses. */
export async function readCsv(text: string, rules: SheetRules, delimiter?: string): Promise<string[][]> {
  const outcome =
    text.length <= CSV_IN_PLACE_CHARS
      ? readCsvText(text, delimiter, rules.limits)
      : await readSheetOffThread({ kind: 'csv', text, delimiter, limits: rules.limits });
  return rowsOf<string>(outcome, rules);
}
