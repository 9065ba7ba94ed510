// Time in the condominium's zone (DESIGN.md §4): instants are stored as ISO-8601 UTC, and people read and write
// the condominium's wall-clock time ('YYYY-MM-DDTHH:mm', src/api/polls.ts LocalDateTime) and calendar days.
// These convert between the two, and answer the condominium's zone and today there. Shared: polls,
// reservations, calendar, history, management, guests, pass check, my guests, finance, tickets and notifications.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

/** How far the zone's clock is ahead of UTC at that instant, in ms (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of the zone names, as ISO UTC. Twice through the offset, so a time near a
 * change of the zone's offset lands on the offset in force then; a time the clocks skip reads as the later one.
 */
export function localToUtc(local: string, timeZone: string): string {
  const wall = Date.parse(`${local}:00Z`);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  return new Date(second).toISOString();
}

/** 'YYYY-MM-DDTHH:mm' in the zone at that instant. */
export function utcToLocal(instant: Date | string, timeZone: string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** The calendar day (YYYY-MM-DD) in the zone at that instant. */
export const localDate = (instant: Date | string, timeZone: string) => utcToLocal(instant, timeZone).slice(0, 10);

/** The condominium's time zone (IANA name). */
export async function timeZoneOf(db: Kysely<Database>, condoId: number): Promise<string> {
  return (await db.selectFrom('condominiums').select('time_zone').where('id', '=', condoId).executeTakeFirstOrThrow()).time_zone;
}

/** The date (YYYY-MM-DD) and time (HH:mm) of an instant in a time zone. */
export function inZone(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today (YYYY-MM-DD) in the condominium's zone. */
export async function condoToday(db: Kysely<Database>, clock: Clock, condoId: number): Promise<string> {
  return inZone(clock.now(), await timeZoneOf(db, condoId)).date;
}
