// The e-mail a host gets when a guest registers through their link or to their event, in the host's profile
// language (src/i18n/<lang>/documents.json, documents.guestRegistered.*): who, to what, and the pass's manual
// key. Sent after the answer (routes/guests.ts); the in-app notice is notices.ts.
import type { Kysely } from 'kysely';
import type { Language } from '../../../src/i18n/languages';
import type { Message } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../infra/mail/mailer';
import { formatMessage, wordsIn } from '../../messages';
import { mailPage, mailSubject, paragraph } from '../shared/mailHtml';
import { recipientLanguage } from '../shared/recipientLanguages';
import type { Registration } from './guests';

export interface GuestRegisteredMail {
  to: { email: string; name: string };
  language: Language;
  guestName: string;
  eventName: string | null;
  manualKey: string;
}

/** "Mario se registró a tu evento «…»." or "… como tu invitado.", as a message (the app's notification words it
 * when read). */
export function guestRegisteredMessage(guestName: string, eventName: string | null): Message {
  return eventName
    ? { id: 'documents.guestRegistered.toEvent', values: { guest: guestName, event: eventName } }
    : { id: 'documents.guestRegistered.asGuest', values: { guest: guestName } };
}

/** The same sentence in the language (the mail). */
export function guestRegisteredSentence(language: Language, guestName: string, eventName: string | null): string {
  return formatMessage(language, guestRegisteredMessage(guestName, eventName));
}

export function guestRegisteredMail(facts: GuestRegisteredMail): OutgoingMail {
  const t = wordsIn(facts.language);
  const registered = guestRegisteredSentence(facts.language, facts.guestName, facts.eventName);
  const text = t('documents.guestRegistered.mail', { host: facts.to.name, registered, key: facts.manualKey });
  return {
    to: facts.to.email,
    subject: mailSubject(t('documents.guestRegistered.subject', { guest: facts.guestName })),
    text,
    html: mailPage(facts.language, [paragraph(text)]),
  };
}

/** Mails the host of a registration, if it has one. */
export async function mailGuestRegistered(db: Kysely<Database>, mailer: Mailer, registration: Registration): Promise<void> {
  const host = registration.host;
  if (!host) return;
  await mailer.send(
    guestRegisteredMail({
      to: host,
      language: await recipientLanguage(db, host.id, { condoId: registration.CondoId }),
      guestName: registration.guestName,
      eventName: registration.eventName,
      manualKey: registration.ClaveManual,
    }),
  );
}
