// The e-mail a resident gets with their dwelling's statement (send-multi-edo-cta): a short body with the
// period and the balances, and the statement itself attached as the same PDF the estado-cta download gives.
import { formatMoney, type Statement } from '../../../src/api/finance';
import type { OutgoingMail } from '../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const date = (iso: string) => iso.split('-').reverse().join('/');

export function statementMail(to: string, s: Statement, pdf: { filename: string; content: Buffer }): OutgoingMail {
  const dwelling = s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName;
  const subject = `Estado de cuenta ${dwelling} - ${s.CondoName}`;
  const period = `Periodo del ${date(s.fechaInicio)} al ${date(s.fechaFin)}`;
  const summary: [string, number][] = [
    ['Saldo final', s.saldoFinal],
    ['Vencido', s.vencido],
  ];
  const intro = `Te enviamos el estado de cuenta de ${dwelling}, ${s.CondoName}.`;
  const attached = `Lo encuentras adjunto en PDF (${pdf.filename}), con todos los movimientos del periodo.`;
  const text = [intro, period, '', ...summary.map(([label, cents]) => `${label}: ${formatMoney(cents)}`), '', attached, ''].join(
    '\n',
  );
  const html = [
    '<!doctype html><html lang="es"><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(intro)}<br>${escapeHtml(period)}</p>`,
    `<p>${summary.map(([label, cents]) => `${escapeHtml(label)}: <b>${escapeHtml(formatMoney(cents))}</b>`).join('<br>')}</p>`,
    `<p>${escapeHtml(attached)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    subject,
    text,
    html,
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.content }],
  };
}
