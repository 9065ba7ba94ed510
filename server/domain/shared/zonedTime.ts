// Time in the condominium's zone (DESIGN.md §4): the one place the server turns instants into wall-clock time
// and back. Instants are stored as ISO-8601 UTC; people read and write the condominium's wall clock
// ('YYYY-MM-DDTHH:mm', src/api/polls.ts LocalDateTime) and its calendar days ('YYYY-MM-DD'). The zone is the
// condominium's `time_zone` (an IANA name, America/Mexico_City unless its administrators chose another in
// condoSettings), read with timeZoneOf: never a zone written into the code.
//
// The rules (docs/decisions.md, "One zoned-time module"):
// - A wall time the clocks skip (spring forward: 02:30 in Tijuana on the second Sunday of March) names the
//   instant as if the clocks had not moved yet, which is the later one: 02:30 reads as 03:30 daylight time.
// - A wall time the clocks show twice (fall back: 01:30 in Tijuana on the first Sunday of November) names the
//   first of the two, still on daylight time.
// - A day is a calendar day of the zone: from its midnight (or its first instant, if the clocks skip midnight)
//   to the next day's; 24 hours, or 23 / 25 on the days the clocks change.
// Both resolutions are java.time's and Temporal's default ('compatible').
//
// Shared: polls, reservations, calendar, history, management, guests, pass check, my guests, finance, tickets,
// notifications, provider contact and invoicing (the CFDI's Fecha).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as the milliseconds of that same reading taken as UTC. */
function wallClockMs(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall + (((at % 1000) + 1000) % 1000);
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
const offsetMs = (at: number, timeZone: string) => wallClockMs(at, timeZone) - at;

const msOf = (instant: Date | string) => (typeof instant === 'string' ? Date.parse(instant) : instant.getTime());

/** The zone's wall clock at an instant as 'YYYY-MM-DDTHH:mm:ss'. */
const wallText = (instant: Date | string, timeZone: string) =>
  new Date(wallClockMs(msOf(instant), timeZone)).toISOString().slice(0, 19);

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * The instant a wall-clock time of the zone names ('YYYY-MM-DDTHH:mm', or with ':ss'), as ISO-8601 UTC.
 * A time the clocks skip reads as the later instant (as if they had not moved yet: 02:30 → 03:30 daylight
 * time); a time they show twice reads as the earlier one (the first 01:30, still daylight time).
 */
export function localToUtc(local: string, timeZone: string): string {
  const wall = LOCAL.test(local) ? Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`) : Number.NaN;
  if (Number.isNaN(wall)) throw new RangeError(`not a local date and time: ${local}`);
  // The offsets in force a day either side: at most one change of offset happens in between.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const readings = [wall - before, wall - after].filter((at) => wallClockMs(at, timeZone) === wall);
  // Two readings: the clocks show the time twice, the first is meant. None: the clocks skip it, and the offset
  // before the change puts it after the gap.
  const at = readings.length > 0 ? Math.min(...readings) : wall - before;
  return new Date(at).toISOString();
}

/** The zone's wall clock at an instant: 'YYYY-MM-DDTHH:mm'. */
export const utcToLocal = (instant: Date | string, timeZone: string) => wallText(instant, timeZone).slice(0, 16);

/** The calendar day (YYYY-MM-DD) in the zone at an instant; with clock.now(), today there. */
export const localDate = (instant: Date | string, timeZone: string) => wallText(instant, timeZone).slice(0, 10);

/** The date (YYYY-MM-DD) and time (HH:mm) of an instant in the zone, apart. */
export function inZone(instant: Date | string, timeZone: string): { date: string; time: string } {
  const text = wallText(instant, timeZone);
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}

/** 'YYYY-MM-DDTHH:mm:ss' in the zone, without it: how Anexo 20 writes a CFDI's Fecha (and the PAC its own). */
export const localTimestamp = (instant: Date | string, timeZone: string) => wallText(instant, timeZone);

/** 'YYYY-MM-DD HH:mm' in the zone: how documents, exports and mails write an instant. */
export const localDateTimeText = (instant: Date | string, timeZone: string) =>
  wallText(instant, timeZone).slice(0, 16).replace('T', ' ');

/** The calendar day after `day` (YYYY-MM-DD; no zone involved). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The first instant of a calendar day of the zone (its midnight), as ISO-8601 UTC. */
export const startOfLocalDay = (day: string, timeZone: string) => localToUtc(`${day}T00:00`, timeZone);

/** Where a calendar day of the zone ends: the first instant of the next one, so a day is [start, end). */
export const endOfLocalDay = (day: string, timeZone: string) => startOfLocalDay(nextDay(day), timeZone);

/** The last minute of a calendar day of the zone (its 23:59): what "due on that day" means. */
export const lastMinuteOfLocalDay = (day: string, timeZone: string) =>
  new Date(Date.parse(endOfLocalDay(day, timeZone)) - MINUTE_MS).toISOString();

/** The condominium's time zone (IANA name). */
export async function timeZoneOf(db: Kysely<Database>, condoId: number): Promise<string> {
  return (await db.selectFrom('condominiums').select('time_zone').where('id', '=', condoId).executeTakeFirstOrThrow()).time_zone;
}

/** Today (YYYY-MM-DD) in the condominium's zone. */
export async function condoToday(db: Kysely<Database>, clock: Clock, condoId: number): Promise<string> {
  return localDate(clock.now(), await timeZoneOf(db, condoId));
}
