// The receipt a voter gets by e-mail when the section has EnviarCopia 1: the poll, the seat, when, and the
// receipt code to check later that the vote was counted, in the voter's profile language
// (src/i18n/<lang>/pollsNotices.json). Never what was chosen: on a secret ballot it says so.
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { factsTable, mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';

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
  const html = mailPage(receipt.language, [
    paragraph(greeting),
    paragraph(intro),
    factsTable(rows),
    ...notes.map(paragraph),
    ...(follow && receipt.link ? [sentenceWithLink(follow, receipt.link)] : []),
  ]);
  const subject = t(receipt.changed ? 'pollsNotices.receipt.subjectChanged' : 'pollsNotices.receipt.subject', {
    title: receipt.title,
  });
  return { to: receipt.to.email, subject: mailSubject(subject), text, html };
}
