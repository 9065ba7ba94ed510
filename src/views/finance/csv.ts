// A report as CSV (RFC 4180: fields with a comma, quote or line break are quoted), amounts in pesos with
// two decimals and a point, so spreadsheets in any locale read them as numbers.
import type { Report } from '../../api/finance';

const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const cell = (value: number | null | undefined, tipo: 'dinero' | 'numero') =>
  value === null || value === undefined ? '' : tipo === 'dinero' ? (value / 100).toFixed(2) : String(value);

export function reportCsv(report: Report, labelHeader: string, totalLabel: string): string {
  const lines = [
    [labelHeader, ...report.columnas.map((c) => c.nombre)].map(field).join(','),
    ...report.filas.map((row) => [field(row.etiqueta), ...report.columnas.map((c, i) => cell(row.valores[i], c.tipo))].join(',')),
    [field(totalLabel), ...report.columnas.map((c, i) => cell(report.totales[i], c.tipo))].join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
