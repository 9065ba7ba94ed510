// Support answered while the administrator is away (issue 30): each administrator of the condominium who started
// the chat and whose panel has not asked for news in SUPPORT_OFFLINE_MINUTES is mailed the answer, in their profile
// language, through the outbox inside the reply's transaction (sent only if the reply is kept). Once per absence:
// mailed_at stays until their panel opens again (chat.ts touchContact clears it).
import type { Kysely } from 'kysely';
import { SUPPORT_OFFLINE_MINUTES } from '../../../src/api/support';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { addMinutes, type Clock } from '../../infra/clock';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { queueMail } from '../../infra/mail/outbox';
import { wordsIn } from '../../messages';
import { mailPage, mailSubject, paragraph, sentenceWithLink } from '../shared/mailHtml';
import { recipientLanguages } from '../shared/recipientLanguages';

export interface SupportAnswerFacts {
  condoName: string;
  agentName: string;
  /** The reply as written (files are only counted: they stay behind the app's sign-in). */
  text: string;
  attachments: number;
  /** Where the app opens (its launcher is on every signed-in page); null when the server knows no address. */
  link: string | null;
}

/** The mail itself, in one language. */
export function supportAnswerMail(to: string, language: Language, facts: SupportAnswerFacts): OutgoingMail {
  const t = wordsIn(language);
  const intro = t('support.mail.text', { agent: facts.agentName, condo: facts.condoName });
  const files = facts.attachments > 0 ? t('support.mail.attachments', { count: facts.attachments }) : null;
  const open = t('support.mail.link');
  const text = [intro, facts.text, ...(files ? [files] : []), ...(facts.link ? [`${open} ${facts.link}`] : [])]
    .filter((part) => part !== '')
    .join('\n\n');
  const html = mailPage(language, [
    paragraph(intro),
    ...(facts.text ? [paragraph(facts.text)] : []),
    ...(files ? [paragraph(files)] : []),
    ...(facts.link ? [sentenceWithLink(open, facts.link)] : []),
  ]);
  return { to, subject: mailSubject(t('support.mail.subject', { condo: facts.condoName })), text, html };
}

/** Queues the answer for each away administrator of the conversation's condominium; returns how many. */
export async function mailAwayAdministrators(
  trx: Kysely<Database>,
  clock: Clock,
  condoId: number,
  facts: Omit<SupportAnswerFacts, 'condoName'>,
): Promise<number> {
  const now = clock.now();
  const awaySince = addMinutes(now, -SUPPORT_OFFLINE_MINUTES).toISOString();
  const away = await trx
    .selectFrom('support_contacts as sc')
    .innerJoin('memberships as m', (join) => join.onRef('m.user_id', '=', 'sc.user_id').onRef('m.condo_id', '=', 'sc.condo_id'))
    .innerJoin('users as u', 'u.id', 'sc.user_id')
    .innerJoin('condominiums as c', 'c.id', 'sc.condo_id')
    .select(['sc.id', 'sc.user_id', 'u.email', 'c.name as condo'])
    .where('sc.condo_id', '=', condoId)
    // Still an administrator here: one who left the role is not mailed the condominium's support.
    .where('m.active', '=', 1)
    .where('m.is_admin', '=', 1)
    .where('sc.mailed_at', 'is', null)
    .where((eb) => eb.or([eb('sc.seen_at', 'is', null), eb('sc.seen_at', '<', awaySince)]))
    .orderBy('sc.id')
    .execute();
  if (away.length === 0) return 0;
  const languages = await recipientLanguages(
    trx,
    away.map((a) => a.user_id),
    { condoId },
  );
  for (const person of away) {
    const mail = supportAnswerMail(person.email, languages.get(person.user_id) ?? 'es', { ...facts, condoName: person.condo });
    await queueMail(trx, clock, mail);
  }
  await trx
    .updateTable('support_contacts')
    .set({ mailed_at: now.toISOString() })
    .where(
      'id',
      'in',
      away.map((a) => a.id),
    )
    .execute();
  return away.length;
}
