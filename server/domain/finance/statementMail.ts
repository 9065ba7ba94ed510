// The e-mail a resident gets with their dwelling's statement (send-multi-edo-cta): a short body with the
// period and the balances, and the statement itself attached as the same PDF the estado-cta download gives,
// both in the resident's profile language.
import type { Statement } from '../../../src/api/finance';
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { documentWords } from '../shared/documentWords';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function statementMail(
  to: string,
  language: Language,
  s: Statement,
  pdf: { filename: string; content: Buffer },
): OutgoingMail {
  const { t, date, money } = documentWords(language);
  const dwelling = s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName;
  const subject = t('documents.statementMail.subject', { dwelling, condo: s.CondoName });
  const period = t('finance.period', { from: date(s.fechaInicio), to: date(s.fechaFin) });
  const summary: [string, number][] = [
    [t('finance.statement.closing'), s.saldoFinal],
    [t('finance.statement.overdue'), s.vencido],
  ];
  const intro = t('documents.statementMail.intro', { dwelling, condo: s.CondoName });
  const attached = t('documents.statementMail.attached', { file: pdf.filename });
  const text = [intro, period, '', ...summary.map(([label, cents]) => `${label}: ${money(cents)}`), '', attached, ''].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(period)}</p>`,
    `<p>${summary.map(([label, cents]) => `${escapeHtml(label)}: <b>${escapeHtml(money(cents))}</b>`).join('<br>')}</p>`,
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
