// The copy of a new request the requester gets by e-mail when the section has EnviarCopia 1: what they asked,
// where, and a link to follow it, in their profile language (src/i18n/<lang>/ticketsNotices.json).

import type { TicketPriority } from '../../../src/api/ticketLifecycle';
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { escapeHtml, factsTable, mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';

export interface TicketCopy {
  to: { email: string; name: string };
  language: Language;
  ticketId: number;
  condoName: string;
  sectionName: string;
  category: string;
  place: string;
  priority: TicketPriority;
  title: string;
  description: string;
  attachments: number;
  confirmation: string | null;
  /** Where the request opens in the app; null when no base address is known (no link then). */
  link: string | null;
}

export function ticketCopyMail(copy: TicketCopy): OutgoingMail {
  const t = wordsIn(copy.language);
  const rows: [string, string][] = [
    [t('ticketsNotices.copy.number'), `#${copy.ticketId}`],
    [t('ticketsNotices.copy.category'), copy.category],
    [t('ticketsNotices.copy.place'), copy.place],
    [t('ticketsNotices.copy.priority'), t(`ticketsNotices.priority.${copy.priority}`)],
    [t('ticketsNotices.copy.title'), copy.title],
  ];
  const greeting = t('ticketsNotices.copy.greeting', { name: copy.to.name });
  const intro = t('ticketsNotices.copy.intro', { section: copy.sectionName, condo: copy.condoName });
  const attached = copy.attachments > 0 ? t('ticketsNotices.copy.attachments', { count: copy.attachments }) : null;
  const confirmation = copy.confirmation ? t('ticketsNotices.copy.confirmation', { message: copy.confirmation }) : null;
  const follow = copy.link ? t('ticketsNotices.copy.follow') : null;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('ticketsNotices.copy.description')}:`,
    copy.description,
    '',
    ...(attached ? [attached, ''] : []),
    ...(confirmation ? [confirmation, ''] : []),
    ...(follow && copy.link ? [follow, copy.link, ''] : []),
  ].join('\n');
  const html = mailPage(copy.language, [
    paragraph(greeting),
    paragraph(intro),
    factsTable(rows),
    `<p><b>${escapeHtml(t('ticketsNotices.copy.description'))}</b><br>${escapeHtml(copy.description).replace(/\n/g, '<br>')}</p>`,
    ...(attached ? [paragraph(attached)] : []),
    ...(confirmation ? [paragraph(confirmation)] : []),
    ...(follow && copy.link ? [sentenceWithLink(follow, copy.link)] : []),
  ]);
  return {
    to: copy.to.email,
    subject: mailSubject(t('ticketsNotices.copy.subject', { title: copy.title })),
    text,
    html,
  };
}
