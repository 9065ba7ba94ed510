// What a guest's registration tells their host in the app, in the host's profile language (the mail is
// hostMail.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { formatMessage } from '../../messages';
import { notify } from '../shared/notify';
import { recipientLanguage } from '../shared/recipientLanguages';
import { guestRegisteredSentence } from './hostMail';

/** A guest registered through a member's link or to their event (server/routes/guests.ts). */
export async function notifyGuestRegistered(
  db: Kysely<Database>,
  clock: Clock,
  registration: { condoId: number; hostUserId: number; guestName: string; eventName: string | null },
): Promise<void> {
  const language = await recipientLanguage(db, registration.hostUserId, { condoId: registration.condoId });
  await notify(db, clock, [registration.hostUserId], {
    condoId: registration.condoId,
    titulo: formatMessage(language, 'documents.guestRegistered.title'),
    textoApp: guestRegisteredSentence(language, registration.guestName, registration.eventName),
    modulo: 'invitados',
  });
}
