// The invitation e-mail and the access request's rejection e-mail, worded from
// src/i18n/<lang>/invitationsNotices.json. The invitation's link carries its token: it goes only into the
// mail (and the outbox row when SMTP does not take it), never into a log line or an audit row.
import type { ResidencyKind, StaffRole } from '../../../src/api/invitations';
import type { Language } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraphs = (language: Language, items: { text: string; link?: string; button?: string }[]) =>
  [
    `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">`,
    ...items.map((item) =>
      item.link
        ? `<p><a href="${escapeHtml(item.link)}">${escapeHtml(item.button ?? item.link)}</a></p>\n<p style="font-size: 0.9em; color: #555">${escapeHtml(item.link)}</p>`
        : `<p>${escapeHtml(item.text).replace(/\n/g, '<br>')}</p>`,
    ),
    '</body></html>',
  ].join('\n');

export interface InvitationMailFacts {
  email: string;
  name: string;
  condo: string;
  dwelling: string | null;
  kind: ResidencyKind | null;
  roles: readonly StaffRole[];
  link: string;
  days: number;
}

export function invitationMail(language: Language, facts: InvitationMailFacts): OutgoingMail {
  const t = wordsIn(language);
  const roles = facts.roles.map((role) => t(`invitationsNotices.role.${role}` as MessageId)).join(', ');
  const what =
    facts.dwelling !== null && facts.kind !== null
      ? t('invitationsNotices.mail.dwelling', {
          condo: facts.condo,
          kind: t(`invitationsNotices.kind.${facts.kind}` as MessageId),
          dwelling: facts.dwelling,
        })
      : t('invitationsNotices.mail.roles', { condo: facts.condo, roles });
  const greeting = t('invitationsNotices.mail.greeting', { name: facts.name });
  const action = t('invitationsNotices.mail.action', { days: facts.days });
  const ignore = t('invitationsNotices.mail.ignore');
  const text = [greeting, '', what, action, '', facts.link, '', ignore, ''].join('\n');
  const html = paragraphs(language, [
    { text: greeting },
    { text: `${what} ${action}` },
    { text: '', link: facts.link, button: t('invitationsNotices.mail.button') },
    { text: ignore },
  ]);
  return { to: facts.email, subject: t('invitationsNotices.mail.subject', { condo: facts.condo }), text, html };
}

export function rejectionMail(
  language: Language,
  facts: { email: string; name: string; condo: string; message: string },
): OutgoingMail {
  const t = wordsIn(language);
  const greeting = t('invitationsNotices.mail.greeting', { name: facts.name });
  const body = t('invitationsNotices.rejected.body', { condo: facts.condo });
  const text = [greeting, '', body, '', facts.message, ''].join('\n');
  const html = paragraphs(language, [{ text: greeting }, { text: body }, { text: facts.message }]);
  return { to: facts.email, subject: t('invitationsNotices.rejected.subject', { condo: facts.condo }), text, html };
}
