// Demo events of Residencial Las Palmas's "Calendario de eventos" (issue 15), relative to the seed clock in the
// condominium's zone (demoFacts.ts DEMO_CALENDAR): a cleaning in two days, the ordinary assembly, a Christmas
// posada that takes guest registrations (a Mis invitados event hosted by the administrator, with a fixed
// registro-invitados token), and an elevator maintenance that was cancelled. Each is written as the server
// would have, with its audit row.
import type { Kysely } from 'kysely';
import { recordAudit } from '../../domain/shared/audit';
import { localToUtc } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CALENDAR, type DemoCalendarEvent } from './demoFacts';

/** The calendar day `days` after the clock's day in the zone. */
function dayInZone(now: Date, timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function seedCalendar(db: Kysely<Database>, clock: Clock): Promise<void> {
  const condo = await db
    .selectFrom('condominiums')
    .select(['id', 'time_zone'])
    .where('subdomain', '=', 'palmas')
    .executeTakeFirstOrThrow();
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', condo.id)
    .where('code', '=', 'EV')
    .executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
  const now = clock.now();
  const at = now.toISOString();

  for (const event of Object.values(DEMO_CALENDAR) as DemoCalendarEvent[]) {
    const day = dayInZone(now, condo.time_zone, event.daysAhead);
    const startsAt = localToUtc(`${day}T${event.from}`, condo.time_zone);
    const endsAt = localToUtc(`${day}T${event.to}`, condo.time_zone);
    const description = `${event.title} en ${event.place}.`;
    let guestEventId: number | null = null;
    if (event.guestToken) {
      const guests = await db
        .insertInto('events')
        .values({
          condo_id: condo.id,
          host_user_id: admin.id,
          name: event.title,
          description,
          starts_at: startsAt,
          companions_allowed: 3,
          guest_limit: 40,
          vehicle_limit: null,
          guest_count: 0,
          vehicle_count: 0,
          status: event.cancelledReason ? 'cancelado' : 'activo',
          access_point_id: null,
          visitor_note: null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      guestEventId = guests.id;
      await db
        .insertInto('guest_links')
        .values({
          token: event.guestToken,
          type: 'event',
          condo_id: condo.id,
          user_id: null,
          event_id: guests.id,
          created_at: at,
          revoked_at: null,
        })
        .execute();
    }
    const { id } = await db
      .insertInto('calendar_events')
      .values({
        condo_id: condo.id,
        section_id: section.id,
        kind: event.kind,
        title: event.title,
        description,
        place: event.place,
        starts_at: startsAt,
        ends_at: endsAt,
        guest_event_id: guestEventId,
        cancelled: event.cancelledReason ? 1 : 0,
        reason: event.cancelledReason ?? null,
        created_by: admin.id,
        version: event.cancelledReason ? 2 : 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(db, {
      condoId: condo.id,
      actorUserId: admin.id,
      entity: 'calendar_event',
      entityId: id,
      action: 'create',
      after: { section_id: section.id, kind: event.kind, title: event.title, starts_at: startsAt, ends_at: endsAt },
      at,
    });
    if (event.cancelledReason) {
      await recordAudit(db, {
        condoId: condo.id,
        actorUserId: admin.id,
        entity: 'calendar_event',
        entityId: id,
        action: 'cancelar',
        before: { cancelled: false },
        after: { cancelled: true, reason: event.cancelledReason },
        at,
      });
    }
  }
}
