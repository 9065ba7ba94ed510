// The invitation e-mail and the access request's rejection e-mail, worded from
// src/i18n/<lang>/invitationsNotices.json. The invitation's link carries its token: it goes only into the
// mail (and the outbox row when SMTP does not take it), never into a log line or an audit row.
import type { ResidencyKind, StaffRole } from '../../../src/api/invitations';
import type { Language } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { linkWithAddress, mailPage, mailSubject, paragraph } from '../shared/mailHtml';

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
  const html = mailPage(language, [
    paragraph(greeting),
    paragraph(`${what} ${action}`),
    linkWithAddress(facts.link, t('invitationsNotices.mail.button')),
    paragraph(ignore),
  ]);
  return { to: facts.email, subject: mailSubject(t('invitationsNotices.mail.subject', { condo: facts.condo })), text, html };
}

export function rejectionMail(
  language: Language,
  facts: { email: string; name: string; condo: string; message: string },
): OutgoingMail {
  const t = wordsIn(language);
  const greeting = t('invitationsNotices.mail.greeting', { name: facts.name });
  const body = t('invitationsNotices.rejected.body', { condo: facts.condo });
  const text = [greeting, '', body, '', facts.message, ''].join('\n');
  const html = mailPage(language, [paragraph(greeting), paragraph(body), paragraph(facts.message)]);
  return { to: facts.email, subject: mailSubject(t('invitationsNotices.rejected.subject', { condo: facts.condo })), text, html };
}
