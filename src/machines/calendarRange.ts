// The calendar's pure rules of days: which local days a view shows around an anchor day, how previous and next
// move it, the ?tipos filter, and the agenda's grouping by day. Dates are 'YYYY-MM-DD' wall-clock days of the
// condominium (the server's ahoraLocal gives today), computed on UTC midnights so no browser zone shifts them.
import { CALENDAR_KINDS, type CalendarItem, type CalendarKind, type CalendarQuery } from '../api/calendar';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Days the month grid shows: six weeks, Monday first. */
export const MONTH_GRID_DAYS = 42;
/** Days the agenda lists from its first day. */
export const AGENDA_DAYS = 31;

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day part of a local 'YYYY-MM-DDTHH:mm'. */
export const dayOf = (local: string) => local.slice(0, 10);

/** Monday of the week of `day` (0 = Monday … 6 = Sunday). */
export function mondayOf(day: string): string {
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7;
  return plusDays(day, -weekday);
}

export function plusDays(day: string, days: number): string {
  return toDay(toTime(day) + days * DAY_MS);
}

/** The first day of the month of `day`. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The same day of the month `months` away, clamped to its first (the anchor of a month view). */
export function plusMonths(day: string, months: number): string {
  const date = new Date(toTime(monthStart(day)));
  date.setUTCMonth(date.getUTCMonth() + months);
  return toDay(date.getTime());
}

/** The inclusive range of local days a view shows for an anchor day. */
export function visibleRange(view: CalendarView, anchor: string): { desde: string; hasta: string } {
  if (view === 'month') {
    const desde = mondayOf(monthStart(anchor));
    return { desde, hasta: plusDays(desde, MONTH_GRID_DAYS - 1) };
  }
  if (view === 'week') {
    const desde = mondayOf(anchor);
    return { desde, hasta: plusDays(desde, 6) };
  }
  return { desde: anchor, hasta: plusDays(anchor, AGENDA_DAYS - 1) };
}

/** The anchor one step before (-1) or after (+1): a month, a week, or the agenda's 31 days. */
export function step(view: CalendarView, anchor: string, direction: -1 | 1): string {
  if (view === 'month') return plusMonths(anchor, direction);
  if (view === 'week') return plusDays(mondayOf(anchor), 7 * direction);
  return plusDays(anchor, AGENDA_DAYS * direction);
}

/** The ?tipos of the kinds chosen: absent when every kind is. */
export function tiposParam(kinds: readonly CalendarKind[]): string | undefined {
  if (CALENDAR_KINDS.every((kind) => kinds.includes(kind))) return undefined;
  return CALENDAR_KINDS.filter((kind) => kinds.includes(kind)).join(',');
}

export function calendarQuery(view: CalendarView, anchor: string, kinds: readonly CalendarKind[]): CalendarQuery {
  const tipos = tiposParam(kinds);
  return { ...visibleRange(view, anchor), ...(tipos === undefined ? {} : { tipos }) };
}

/** Items by the local day they start on, days in order (the agenda's sections). */
export function itemsByDay(items: readonly CalendarItem[]): { day: string; items: CalendarItem[] }[] {
  const days = new Map<string, CalendarItem[]>();
  for (const item of [...items].sort((a, b) => a.inicioLocal.localeCompare(b.inicioLocal))) {
    const day = dayOf(item.inicioLocal);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days].map(([day, list]) => ({ day, items: list }));
}

/** Whether an item opens a screen: others' reservations ("Ocupado") do not. */
export const opensItem = (item: Pick<CalendarItem, 'ocupado' | 'ruta'>) => !item.ocupado && item.ruta !== null;
