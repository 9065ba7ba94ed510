// The e-mail of "resend to those who have not read it" (issue 30): the condominium asks a member to read a notice,
// in the member's language, with a link to it when the server knows its own address. Written through the one HTML
// helper (shared/mailHtml.ts; tests/unit/mailHostileNames.test.ts lists this builder).
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';

/** Where a notice opens: its post page, when the server knows its own address. */
export const noticeLink = (baseUrl: string | null, postId: number) =>
  baseUrl ? `${baseUrl}/condominio/comunicacion/ver-publicacion/${postId}` : null;

export function unreadNoticeMail(mail: {
  to: string;
  language: Language;
  condo: string;
  section: string;
  title: string;
  link: string | null;
}): OutgoingMail {
  const words = wordsIn(mail.language);
  const values = { condo: mail.condo, section: mail.section, title: mail.title };
  const text = words('postsNotices.mail.unread.text', values);
  const follow = words('postsNotices.mail.unread.link');
  return {
    to: mail.to,
    subject: mailSubject(words('postsNotices.mail.unread.subject', values)),
    text: [text, ...(mail.link ? [`${follow} ${mail.link}`] : [])].join('\n\n'),
    html: mailPage(mail.language, [paragraph(text), ...(mail.link ? [sentenceWithLink(follow, mail.link)] : [])]),
  };
}
