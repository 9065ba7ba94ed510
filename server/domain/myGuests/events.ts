// The resident's events: a new event (checked by the contract's eventProblems against today in the
// condominium's zone and its access points) with its event-type link, in one transaction; and the host
// cancelling it, after which its link opens the cancelled message (spec §8). The event's date and time are
// the condominium's wall clock, stored as the UTC instant they name.
import type { Kysely } from 'kysely';
import { type EventField, eventProblems, type MyLink, type NewEvent } from '../../../src/api/myGuests';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { accessPointsOf } from '../shared/visitorPasses';
import { inZone, localToUtc } from '../shared/zonedTime';
import { inviterOf, requireInviter } from './access';
import { linkRows, newLinkToken } from './links';
import { refuseFirst } from './problems';

/** A new event and its event-type link, in one transaction. */
export async function createEvent(db: Kysely<Database>, clock: Clock, auth: Auth, values: NewEvent): Promise<MyLink> {
  const inviter = await requireInviter(db, auth);
  const now = clock.now();
  const points = (await accessPointsOf(db, auth.condoId)).map((p) => p.PuntoAccesoId);
  refuseFirst<EventField>(eventProblems(values, inZone(now, inviter.timeZone), points));
  const createdAt = now.toISOString();
  const linkId = await db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('events')
      .values({
        condo_id: auth.condoId,
        host_user_id: auth.userId,
        name: values.nombre.trim(),
        description: values.descripcion.trim() || null,
        starts_at: localToUtc(`${values.fecha}T${values.hora}`, inviter.timeZone),
        companions_allowed: values.acompanantes,
        guest_limit: values.limiteInvitados,
        vehicle_limit: values.limiteAutos,
        guest_count: 0,
        vehicle_count: 0,
        status: 'activo',
        access_point_id: values.puntoDeAccesoId,
        visitor_note: values.notaVisitante.trim() || null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await trx
      .insertInto('guest_links')
      .values({
        token: newLinkToken(),
        type: 'event',
        condo_id: auth.condoId,
        user_id: null,
        event_id: event.id,
        created_at: createdAt,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return link.id;
  });
  const [item] = await linkRows(db, auth, inviter.timeZone, { limit: 1, offset: 0 }, linkId);
  return item!;
}

/** The host cancels their event: its link then opens the cancelled message (spec §8). */
export async function cancelEvent(db: Kysely<Database>, auth: Auth, id: number): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'host_user_id'])
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!event) throw notFound('errors.notFound.event');
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite || event.host_user_id !== auth.userId) throw forbidden();
  await db.updateTable('events').set({ status: 'cancelado' }).where('id', '=', id).execute();
}
