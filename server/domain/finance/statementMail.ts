// The e-mail a resident gets with their dwelling's statement (send-multi-edo-cta): the summary and every
// movement of the period, in the body, so it reads the same in any mail client without an attachment.
import { formatMoney, type Statement } from '../../../src/api/finance';
import type { OutgoingMail } from '../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const date = (iso: string) => iso.split('-').reverse().join('/');

export function statementMail(to: string, s: Statement): OutgoingMail {
  const dwelling = s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName;
  const subject = `Estado de cuenta ${dwelling} - ${s.CondoName}`;
  const period = `Periodo del ${date(s.fechaInicio)} al ${date(s.fechaFin)}`;
  const summary: [string, number][] = [
    ['Saldo inicial', s.saldoInicial],
    ['Cargos', s.totalCargos],
    ['Abonos', s.totalAbonos],
    ['Saldo final', s.saldoFinal],
    ['Vencido', s.vencido],
  ];
  const lines = s.movimientos.map(
    (m) =>
      `${date(m.fecha)}  ${m.concepto}  ${m.cargo ? `cargo ${formatMoney(m.cargo)}` : `abono ${formatMoney(m.abono)}`}  saldo ${formatMoney(m.saldo)}`,
  );
  const text = [
    `Estado de cuenta de ${dwelling}, ${s.CondoName}.`,
    period,
    '',
    ...summary.map(([label, cents]) => `${label}: ${formatMoney(cents)}`),
    '',
    'Movimientos:',
    ...(lines.length ? lines : ['Sin movimientos en el periodo']),
  ].join('\n');
  const cell = (v: string, right = false) =>
    `<td style="padding:2px 8px${right ? ';text-align:right' : ''}">${escapeHtml(v)}</td>`;
  const html = [
    `<h2>Estado de cuenta de ${escapeHtml(dwelling)}</h2>`,
    `<p>${escapeHtml(s.CondoName)}<br>${escapeHtml(period)}</p>`,
    `<table>${summary.map(([l, c]) => `<tr>${cell(l)}${cell(formatMoney(c), true)}</tr>`).join('')}</table>`,
    '<table><tr><th>Fecha</th><th>Concepto</th><th>Cargo</th><th>Abono</th><th>Saldo</th></tr>',
    ...s.movimientos.map(
      (m) =>
        `<tr>${cell(date(m.fecha))}${cell(m.concepto)}${cell(m.cargo ? formatMoney(m.cargo) : '', true)}${cell(
          m.abono ? formatMoney(m.abono) : '',
          true,
        )}${cell(formatMoney(m.saldo), true)}</tr>`,
    ),
    '</table>',
  ].join('\n');
  return { to, subject, text, html };
}
