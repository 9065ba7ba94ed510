// What a guest's registration tells their host (the mail is the route's: routes/guests.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';

/** A guest registered through a member's link or to their event (server/routes/guests.ts). */
export async function notifyGuestRegistered(
  db: Kysely<Database>,
  clock: Clock,
  registration: { condoId: number; hostUserId: number; guestName: string; eventName: string | null },
): Promise<void> {
  const what = registration.eventName ? `a tu evento «${registration.eventName}»` : 'como tu invitado';
  await notify(db, clock, [registration.hostUserId], {
    condoId: registration.condoId,
    titulo: 'Nuevo invitado',
    textoApp: `${registration.guestName} se registró ${what}.`,
    modulo: 'invitados',
  });
}
