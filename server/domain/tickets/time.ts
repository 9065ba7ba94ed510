// Time as requests count it: due dates from the condominium's hours by priority, the age buckets of the list
// and the overview (hoy, semana, mes, antiguas) counted from the start of today in the condominium's time
// zone (DESIGN.md §4), and the due date an administrator types. The zone's arithmetic is shared/zonedTime's.
import type { Kysely } from 'kysely';
import { DEFAULT_DUE_HOURS, type TicketPriority } from '../../../src/api/ticketLifecycle';
import type { TICKET_AGES } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { lastMinuteOfLocalDay, localDate, startOfLocalDay } from '../shared/zonedTime';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type DueHours = Record<TicketPriority, number>;

/** The condominium's hours to the due date by priority; DEFAULT_DUE_HOURS until an administrator sets them. */
export async function dueHoursOf(db: Kysely<Database>, condoId: number): Promise<DueHours> {
  const row = await db
    .selectFrom('ticket_due_hours')
    .select(['baja', 'media', 'alta', 'urgente'])
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_DUE_HOURS };
}

export const dueAtFrom = (createdAt: string, hours: number) => new Date(Date.parse(createdAt) + hours * HOUR_MS).toISOString();

export type TicketAge = (typeof TICKET_AGES)[number];

/**
 * The buckets do not overlap, so the overview's counts add up to the open requests and a bucket chosen in the
 * list shows exactly what was counted: hoy (filed since the start of today), semana (the 7 days before, up to
 * today), mes (30 days back, up to those 7), antiguas (older). Each as [from, to) ISO bounds, null = open.
 */
export function ageBounds(now: Date, timeZone: string): Record<TicketAge, [string | null, string | null]> {
  const today = startOfLocalDay(localDate(now, timeZone), timeZone);
  const week = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const month = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  return { hoy: [today, null], semana: [week, today], mes: [month, week], antiguas: [null, month] };
}

export function ageOf(createdAt: string, bounds: Record<TicketAge, [string | null, string | null]>): TicketAge {
  for (const age of ['hoy', 'semana', 'mes'] as const) {
    const [from, to] = bounds[age];
    if ((from === null || createdAt >= from) && (to === null || createdAt < to)) return age;
  }
  return 'antiguas';
}

const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const realDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * An administrator's due date: ISO-8601 with its zone, or a calendar day (its last minute, 23:59 on the
 * condominium's clock). null when it is not a real moment between the years 2000 and 2100.
 */
export function parseDueDate(text: string, timeZone: string): string | null {
  const day = DAY_ONLY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (y < 2000 || y > 2100 || !realDay(y, m, d)) return null;
    return lastMinuteOfLocalDay(text, timeZone);
  }
  const full = ISO_WITH_ZONE.exec(text);
  if (!full) return null;
  const [y, m, d, h, min, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(full[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 2000 || y > 2100 || !realDay(y, m, d) || h > 23 || min > 59 || s > 59) return null;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}
