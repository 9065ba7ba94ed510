// What a guest's registration tells their host in the app, worded in the host's language when read (the mail is
// hostMail.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';
import { guestRegisteredMessage } from './hostMail';

/** A guest registered through a member's link or to their event (server/routes/guests.ts). */
export async function notifyGuestRegistered(
  db: Kysely<Database>,
  clock: Clock,
  registration: { condoId: number; hostUserId: number; guestName: string; eventName: string | null },
): Promise<void> {
  await notify(db, clock, [registration.hostUserId], {
    condoId: registration.condoId,
    title: { id: 'documents.guestRegistered.title' },
    text: guestRegisteredMessage(registration.guestName, registration.eventName),
    modulo: 'invitados',
  });
}
