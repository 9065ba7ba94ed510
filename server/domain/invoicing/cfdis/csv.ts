// The report as CSV (Excel-friendly: a BOM, CRLF, quoted fields): the filtered set, every row, money with two
// decimals. The headings are Spanish like the CFDI themselves.
import { formatCents } from '../cfdi/amounts';
import type { CfdiRow } from './detail';
import { summaryOf } from './detail';

const HEADINGS = [
  'UUID',
  'Tipo',
  'Estado',
  'Serie',
  'Folio',
  'Fecha',
  'RFC emisor',
  'RFC receptor',
  'Receptor',
  'Vivienda',
  'Método de pago',
  'Total',
  'Saldo',
];

const field = (value: string) => (/[",\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function cfdisCsv(rows: readonly CfdiRow[]): string {
  const lines = [HEADINGS.map(field).join(',')];
  for (const row of rows) {
    const s = summaryOf(row);
    lines.push(
      [
        s.uuid,
        s.type,
        s.status,
        s.serie,
        s.folio,
        s.fecha,
        s.issuerRfc,
        s.clientRfc,
        s.clientName,
        s.dwelling ?? '',
        s.metodoPago ?? '',
        formatCents(s.totalCents),
        s.balanceCents === null ? '' : formatCents(s.balanceCents),
      ]
        .map(field)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
