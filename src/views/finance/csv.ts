// A report as CSV: amounts in pesos with two decimals and a point, so spreadsheets in any locale read them
// as numbers; labels and headings are text, written through the shared CSV rule (src/api/csv.ts), which
// quotes them and keeps a label such as "=HYPERLINK(…)" from running as a formula.
import { type CsvCell, csvDocument, csvNumber } from '../../api/csv';
import type { Report } from '../../api/finance';

const cell = (value: number | null | undefined, tipo: 'dinero' | 'numero'): CsvCell =>
  value === null || value === undefined ? null : tipo === 'dinero' ? csvNumber(value / 100, 2) : csvNumber(value);

/** `columnName` words a column in the reader's language (its Spanish `nombre` when none is given). */
export function reportCsv(
  report: Report,
  labelHeader: string,
  totalLabel: string,
  columnName: (column: Report['columnas'][number]) => string = (c) => c.nombre,
): string {
  return csvDocument([
    [labelHeader, ...report.columnas.map(columnName)],
    ...report.filas.map((row) => [row.etiqueta, ...report.columnas.map((c, i) => cell(row.valores[i], c.tipo))]),
    [totalLabel, ...report.columnas.map((c, i) => cell(report.totales[i], c.tipo))],
  ]);
}
