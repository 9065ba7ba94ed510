// The e-mail a resident gets with their dwelling's statement (send-multi-edo-cta): a short body with the
// period and the balances, and the statement itself attached as the same PDF the estado-cta download gives,
// both in the resident's profile language.
import type { Statement } from '../../../src/api/finance';
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { documentWords } from '../shared/documentWords';
import { escapeHtml, mailPage, mailSubject, paragraph } from '../shared/mailHtml';

export function statementMail(
  to: string,
  language: Language,
  s: Statement,
  pdf: { filename: string; content: Buffer },
): OutgoingMail {
  const { t, date, money } = documentWords(language);
  const dwelling = s.TorreName ? `${s.TorreName} - ${s.AptName}` : s.AptName;
  const subject = mailSubject(t('documents.statementMail.subject', { dwelling, condo: s.CondoName }));
  const period = t('finance.period', { from: date(s.fechaInicio), to: date(s.fechaFin) });
  const summary: [string, number][] = [
    [t('finance.statement.closing'), s.saldoFinal],
    [t('finance.statement.overdue'), s.vencido],
  ];
  const intro = t('documents.statementMail.intro', { dwelling, condo: s.CondoName });
  const attached = t('documents.statementMail.attached', { file: pdf.filename });
  const text = [intro, period, '', ...summary.map(([label, cents]) => `${label}: ${money(cents)}`), '', attached, ''].join('\n');
  const html = mailPage(language, [
    paragraph(`${intro}\n${period}`),
    `<p>${summary.map(([label, cents]) => `${escapeHtml(label)}: <b>${escapeHtml(money(cents))}</b>`).join('<br>')}</p>`,
    paragraph(attached),
  ]);
  return {
    to,
    subject,
    text,
    html,
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.content }],
  };
}
