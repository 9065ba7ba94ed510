// The CSV files we write (RFC 4180), and the one rule that keeps a spreadsheet from running what a user
// typed: Excel, LibreOffice and Google Sheets read a cell that starts with =, +, -, @, a tab or a carriage
// return as a formula (CSV or formula injection, OWASP). Such a text cell gets a leading single quote, as
// OWASP recommends, so it opens as the text it is. Every CSV export, in the browser or on the server,
// writes its cells through here.
//
// Numbers are not text: a negative amount must stay a number the spreadsheet adds up, so numbers go in as
// csvNumber(value), which only a finite number can make (its text is digits, a point, a leading minus),
// and are written as they are.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const NUMBER = Symbol('csv number');

/** A number cell: made only by csvNumber, so nothing typed by a user can pass for one. */
export interface CsvNumber {
  readonly [NUMBER]: string;
}

/** Text (a name, a label, a heading), a number, or empty. */
export type CsvCell = string | CsvNumber | null | undefined;

/** The text as a spreadsheet shows it without evaluating it: a leading ' before a formula's first character. */
export function neutralizeCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A number for a CSV cell, with `decimals` digits after the point when given. */
export function csvNumber(value: number, decimals?: number): CsvNumber {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number for a CSV cell: ${value}`);
  return { [NUMBER]: decimals === undefined ? String(value) : value.toFixed(decimals) };
}

/** One cell as written in the file: text neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return cell[NUMBER];
  const text = neutralizeCsvText(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: rows of cells, CRLF after every row (RFC 4180). */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
