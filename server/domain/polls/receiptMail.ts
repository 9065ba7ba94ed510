// The receipt a voter gets by e-mail when the section has EnviarCopia 1: the poll, the seat, when, and the
// receipt code to check later that the vote was counted, in the voter's profile language
// (src/i18n/<lang>/pollsNotices.json). Never what was chosen: on a secret ballot it says so.
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';

export interface PollReceipt {
  to: { email: string; name: string };
  language: Language;
  condoName: string;
  sectionName: string;
  title: string;
  /** The dwelling (votación); null for a survey answered as oneself. */
  seat: string | null;
  /** When, on the condominium's wall clock ('YYYY-MM-DD HH:mm'). */
  when: string;
  code: string;
  secret: boolean;
  changed: boolean;
  confirmation: string | null;
  link: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function pollReceiptMail(receipt: PollReceipt): OutgoingMail {
  const t = wordsIn(receipt.language);
  const place = { title: receipt.title, section: receipt.sectionName, condo: receipt.condoName };
  const greeting = t('pollsNotices.receipt.greeting', { name: receipt.to.name });
  const intro = t(receipt.changed ? 'pollsNotices.receipt.introChanged' : 'pollsNotices.receipt.intro', place);
  const rows: [string, string][] = [
    ...(receipt.seat ? [[t('pollsNotices.receipt.seat'), receipt.seat] as [string, string]] : []),
    [t('pollsNotices.receipt.when'), receipt.when],
    [t('pollsNotices.receipt.code'), receipt.code],
  ];
  const notes = [
    t('pollsNotices.receipt.check'),
    ...(receipt.secret ? [t('pollsNotices.receipt.secret')] : []),
    ...(receipt.confirmation ? [t('pollsNotices.receipt.confirmation', { message: receipt.confirmation })] : []),
  ];
  const follow = receipt.link ? t('pollsNotices.receipt.follow') : null;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...notes.flatMap((note) => [note, '']),
    ...(follow && receipt.link ? [follow, receipt.link, ''] : []),
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${receipt.language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    ...notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    ...(follow && receipt.link
      ? [`<p>${escapeHtml(follow)} <a href="${escapeHtml(receipt.link)}">${escapeHtml(receipt.link)}</a></p>`]
      : []),
    '</body></html>',
  ].join('\n');
  const subject = t(receipt.changed ? 'pollsNotices.receipt.subjectChanged' : 'pollsNotices.receipt.subject', {
    title: receipt.title,
  });
  return { to: receipt.to.email, subject: oneLine(subject).slice(0, 200), text, html };
}
