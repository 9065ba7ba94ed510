// The column layouts of the statements read without a mapping, and of a saved mapping (src/api/reconciliation.ts
// ColumnMappingDraft): which header names the day, the words, the reference, the amount (one signed importe, or
// a cargo and an abono column) and the balance. A layout is recognised by its header row (detectLayout); the
// rows under it are read by readRows. Header names are compared folded (no accents, lower case, single spaces).
//
// What each bank's export looks like was searched for in public code and pages (2026); what was found and where:
import type { DateFormat, StatementBank } from '../../../../src/api/reconciliation';
import { type LineError, parseCents, parseDay, type ReadLine } from './movement';

export interface Layout {
  bank: StatementBank;
  /** The field separator of its CSV ('auto': ';' or ',' by the header line). */
  delimiter: 'auto' | '|' | '\t';
  /** Header names that must all be present for the layout to be recognised (folded). */
  signature: readonly string[];
  date: readonly string[];
  dateFormat: DateFormat;
  /** The words: every one of these columns present, joined. */
  description: readonly string[];
  reference: readonly string[];
  /** A signed amount column… */
  amount?: readonly string[];
  /** …or a withdrawal (cargo) and a deposit (abono) column. */
  withdrawal?: readonly string[];
  deposit?: readonly string[];
  /** A column saying which of the two a signed-less amount is ('cargo'/'abono', '-'/'+'). */
  direction?: readonly string[];
  balance: readonly string[];
}

/** A header name folded for comparison. */
export const headerKey = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export const BANK_LAYOUTS: readonly Layout[] = [
  // Banorte: code search (a Mexican bank-statement importer's BanorteParser, GitHub, 2024–2025) shows the
  // "Movimientos" CSV of Banorte's online banking separated by '|', headers Cuenta | Fecha De Operación | Fecha |
  // Referencia | Descripción | Cod. Transac | Sucursal | Depósitos | Retiros | Saldo | Movimiento | Descripción
  // Detallada | Cheque, days DD/MM/YYYY, amounts "$1,234.56".
  {
    bank: 'banorte',
    delimiter: '|',
    signature: ['fecha de operacion', 'cod. transac', 'depositos', 'retiros'],
    date: ['fecha de operacion', 'fecha'],
    dateFormat: 'DD/MM/YYYY',
    description: ['descripcion detallada', 'descripcion'],
    reference: ['referencia'],
    withdrawal: ['retiros'],
    deposit: ['depositos'],
    balance: ['saldo'],
  },
  // HSBC: code search (the same importer's HsbcParser, reading HSBCnet's XLSX/CSV export) shows the headers
  // Fecha del apunte, Descripción, Referencia bancaria, Referencia de cliente, Tipo de TRN, Importe de crédito,
  // Importe del débito, Saldo (plus the account's own columns), days DD/MM/YYYY, amounts with ',' thousands.
  {
    bank: 'hsbc',
    delimiter: 'auto',
    signature: ['fecha del apunte', 'importe de credito', 'importe del debito'],
    date: ['fecha del apunte'],
    dateFormat: 'DD/MM/YYYY',
    description: ['descripcion'],
    reference: ['referencia de cliente', 'referencia bancaria'],
    withdrawal: ['importe del debito'],
    deposit: ['importe de credito'],
    balance: ['saldo'],
  },
  // BBVA México: code search (the importer's BbvaParser) shows the "Descargar movimientos" export of BBVA's
  // online banking with Día | Concepto / Referencia | cargo | Abono | Saldo, days DD-MM-YYYY, amounts with ','
  // thousands (tab separated in .txt, comma in .csv; help.pba.top's BBVA guide lists PDF, EXCEL, CSV and
  // Cuaderno 43 as the download formats). Both separators are read.
  {
    bank: 'bbva',
    delimiter: 'auto',
    signature: ['dia', 'concepto / referencia', 'cargo', 'abono'],
    date: ['dia'],
    dateFormat: 'DD-MM-YYYY',
    description: ['concepto / referencia'],
    reference: ['referencia'],
    withdrawal: ['cargo'],
    deposit: ['abono'],
    balance: ['saldo'],
  },
  // Banamex (Citibanamex): code search (a statement preprocessor, preprocess_bnx) shows the CSV of BancaNet with
  // a preamble of account lines, then the section "Detalle de Movimientos - Depósitos y Retiros" whose header is
  // Fecha, Descripción, Depósitos, Retiros, Saldo (latin-1); the header row is found under the preamble.
  {
    bank: 'banamex',
    delimiter: 'auto',
    signature: ['fecha', 'descripcion', 'depositos', 'retiros', 'saldo'],
    date: ['fecha'],
    dateFormat: 'DD/MM/YYYY',
    description: ['descripcion'],
    reference: ['referencia'],
    withdrawal: ['retiros'],
    deposit: ['depositos'],
    balance: ['saldo'],
  },
  // Santander México: nothing specific was found for its CSV export (the results were Spanish Santander or PDF
  // parsers). Based on the common layout of its Enlace/SuperNet "consulta de movimientos": Cuenta, Fecha, Hora,
  // Sucursal, Descripción, Cargo/Abono ('-' or '+'), Importe, Saldo, Referencia, Concepto; DD/MM/YYYY.
  {
    bank: 'santander',
    delimiter: 'auto',
    signature: ['cuenta', 'fecha', 'cargo/abono', 'importe'],
    date: ['fecha'],
    dateFormat: 'DD/MM/YYYY',
    description: ['descripcion', 'concepto'],
    reference: ['referencia'],
    amount: ['importe'],
    direction: ['cargo/abono'],
    balance: ['saldo'],
  },
  // Scotiabank México: nothing specific was found. Based on the common layout: Fecha, Concepto, Referencia,
  // Cargo, Abono, Saldo (its ScotiaWeb shows "Cargo"/"Abono" columns), DD/MM/YYYY.
  {
    bank: 'scotiabank',
    delimiter: 'auto',
    signature: ['fecha', 'concepto', 'referencia', 'cargo', 'abono', 'saldo'],
    date: ['fecha'],
    dateFormat: 'DD/MM/YYYY',
    description: ['concepto'],
    reference: ['referencia'],
    withdrawal: ['cargo'],
    deposit: ['abono'],
    balance: ['saldo'],
  },
];

/** How many rows from the top a header row is looked for (Banamex's preamble, a title line…). */
export const HEADER_SEARCH_ROWS = 30;

/** The layout whose signature the row carries, first of BANK_LAYOUTS. */
export function detectLayout(header: readonly string[], layouts: readonly Layout[] = BANK_LAYOUTS): Layout | null {
  const keys = new Set(header.map(headerKey));
  return layouts.find((l) => l.signature.every((s) => keys.has(s))) ?? null;
}

/** The first row (of the top HEADER_SEARCH_ROWS) carrying a layout's signature, or null. */
export function findHeader(rows: readonly string[][], layouts: readonly Layout[]) {
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const layout = detectLayout(rows[i]!, layouts);
    if (layout) return { index: i, layout };
  }
  return null;
}

/** The first non-empty row of the top ones: the header of a file of no known bank. */
export function firstRow(rows: readonly string[][]): { index: number; header: string[] } | null {
  const index = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  return index < 0 ? null : { index, header: rows[index]! };
}

/** The rows under the header read with the layout: the movements and the lines that were not one. */
export function readRows(
  rows: readonly string[][],
  headerIndex: number,
  layout: Layout,
): { lines: ReadLine[]; errors: LineError[] } {
  const header = rows[headerIndex]!.map(headerKey);
  const col = (names: readonly string[] | undefined) => {
    for (const name of names ?? []) {
      const at = header.indexOf(name);
      if (at >= 0) return at;
    }
    return -1;
  };
  // Every description column present, joined (Santander's Descripción and Concepto), a repeated one once.
  const descriptions = layout.description.map((name) => header.indexOf(name)).filter((i) => i >= 0);
  const at = {
    date: col(layout.date),
    reference: col(layout.reference),
    amount: col(layout.amount),
    withdrawal: col(layout.withdrawal),
    deposit: col(layout.deposit),
    direction: col(layout.direction),
    balance: col(layout.balance),
  };
  const cell = (row: readonly string[], index: number) => (index < 0 ? '' : (row[index] ?? '').trim());
  const lines: ReadLine[] = [];
  const errors: LineError[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const fila = i + 1;
    if (row.every((c) => c.trim() === '')) continue;
    const dateText = cell(row, at.date);
    const date = parseDay(dateText, layout.dateFormat);
    if (!date) {
      // A total or a closing line under the movements ("Saldo final", "Total de depósitos") is not a movement.
      if (dateText === '' || /total|saldo|fin/i.test(row.join(' '))) continue;
      errors.push({ fila, problem: 'date' });
      continue;
    }
    let amountCents: number | null;
    if (at.amount >= 0) {
      amountCents = parseCents(cell(row, at.amount));
      const direction = cell(row, at.direction).toLowerCase();
      if (amountCents !== null && (direction === '-' || direction.startsWith('cargo') || direction.startsWith('retiro')))
        amountCents = -Math.abs(amountCents);
    } else {
      const out = parseCents(cell(row, at.withdrawal));
      const into = parseCents(cell(row, at.deposit));
      if (Number.isNaN(out) || Number.isNaN(into)) amountCents = Number.NaN;
      else amountCents = (into ?? 0) - Math.abs(out ?? 0);
      if (out === null && into === null) amountCents = null;
    }
    if (amountCents === null || amountCents === 0) {
      errors.push({ fila, problem: 'empty' });
      continue;
    }
    if (Number.isNaN(amountCents)) {
      errors.push({ fila, problem: 'amount' });
      continue;
    }
    const balance = parseCents(cell(row, at.balance));
    lines.push({
      fila,
      date,
      description: descriptions
        .map((i) => cell(row, i))
        .filter((text, i, all) => text !== '' && !all.some((other, j) => j < i && other.includes(text)))
        .join(' '),
      reference: cell(row, at.reference),
      amountCents,
      balanceCents: balance === null || Number.isNaN(balance) ? null : balance,
    });
  }
  return { lines, errors };
}
