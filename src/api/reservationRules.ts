// The rules of a facility's time (issue 15), pure, shared by the server (which decides) and the browser (which
// shows free times and explains a refusal before asking): opening hours per weekday, fixed slots or free
// ranges, how far ahead, closures, capacity. What needs the database (taken, limit, arrears) the server adds
// inside its transaction (server/domain/reservations/book.ts).
//
// Everything here is wall-clock time in the condominium's zone: dates 'YYYY-MM-DD', times 'HH:mm' (an end may
// be '24:00'), moments 'YYYY-MM-DDTHH:mm'. Strings of one format compare in time order.
import type { BookingRefusal } from './reservationLifecycle';

/** Free ranges start and end on this grid (minutes). */
export const FREE_RANGE_STEP_MINUTES = 30;

/** Opening hours of one weekday, or null when closed that day. */
export interface DayHours {
  abre: string;
  cierra: string;
}

/** What the rules read of a facility (a subset of Facility in reservations.ts). */
export interface FacilityRules {
  activa: boolean;
  capacidad: number;
  /** One reservation at a time (salón, asador, cancha); else places are shared up to capacidad (alberca). */
  exclusiva: boolean;
  /** Monday first: index 0 = lunes … 6 = domingo (spec §2.2: the week starts on Monday). */
  horario: readonly (DayHours | null)[];
  /** bloques: fixed slots of duracionBloque minutes from the opening; libre: any range on the 30-minute grid
   * between minMinutos and maxMinutos. */
  unidad: 'bloques' | 'libre';
  duracionBloque: number;
  minMinutos: number;
  maxMinutos: number;
  /** How many days after today one may book (0: today only). */
  diasAnticipacion: number;
  cierres: readonly { desde: string; hasta: string }[];
}

export interface BookingTime {
  fecha: string;
  desde: string;
  hasta: string;
  personas: number;
}

/** Minutes since midnight of 'HH:mm' ('24:00' = 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 'HH:mm' of minutes since midnight (1440 = '24:00'). */
export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Monday-first weekday index (0 = lunes) of a calendar date, independent of any time zone. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return (sunday0 + 6) % 7;
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The Monday of the week of `date` (the weekly limit's week). */
export const weekStart = (date: string) => addDays(date, -weekdayIndex(date));

/** The local moment of a date and a time; '24:00' becomes the next day's '00:00'. */
export function momentOf(date: string, time: string): string {
  return time === '24:00' ? `${addDays(date, 1)}T00:00` : `${date}T${time}`;
}

/** Whether two ranges of local moments overlap (touching ends do not). */
export const overlaps = (a: { desde: string; hasta: string }, b: { desde: string; hasta: string }) =>
  a.desde < b.hasta && b.desde < a.hasta;

/** The bookable ranges of a day in bloques mode: consecutive slots from the opening that end by the closing. */
export function dayBlocks(facility: FacilityRules, fecha: string): { desde: string; hasta: string }[] {
  const hours = facility.horario[weekdayIndex(fecha)];
  if (!hours || facility.duracionBloque <= 0) return [];
  const blocks: { desde: string; hasta: string }[] = [];
  const close = minutesOf(hours.cierra);
  for (let start = minutesOf(hours.abre); start + facility.duracionBloque <= close; start += facility.duracionBloque) {
    blocks.push({ desde: timeOf(start), hasta: timeOf(start + facility.duracionBloque) });
  }
  return blocks;
}

/** The ranges one may choose on a day: the blocks, or (libre) every start on the grid with the shortest
 * allowed duration (the screen then lets the person lengthen it). */
export function dayChoices(facility: FacilityRules, fecha: string): { desde: string; hasta: string }[] {
  if (facility.unidad === 'bloques') return dayBlocks(facility, fecha);
  const hours = facility.horario[weekdayIndex(fecha)];
  if (!hours) return [];
  const choices: { desde: string; hasta: string }[] = [];
  const close = minutesOf(hours.cierra);
  for (let start = minutesOf(hours.abre); start + facility.minMinutos <= close; start += FREE_RANGE_STEP_MINUTES) {
    choices.push({ desde: timeOf(start), hasta: timeOf(start + facility.minMinutos) });
  }
  return choices;
}

/**
 * Why the facility's own rules refuse this time at `nowLocal` ('YYYY-MM-DDTHH:mm', the condominium's zone), or
 * null when they allow it. Checked in a fixed order so both sides name the same reason.
 */
export function bookingRuleRefusal(facility: FacilityRules, booking: BookingTime, nowLocal: string): BookingRefusal | null {
  if (!facility.activa) return 'cerrada';
  if (!Number.isInteger(booking.personas) || booking.personas < 1 || booking.personas > facility.capacidad) return 'personas';
  const start = minutesOf(booking.desde);
  const end = minutesOf(booking.hasta);
  const range = { desde: momentOf(booking.fecha, booking.desde), hasta: momentOf(booking.fecha, booking.hasta) };
  if (range.desde <= nowLocal) return 'pasado';
  if (booking.fecha > addDays(nowLocal.slice(0, 10), facility.diasAnticipacion)) return 'muy_anticipado';
  if (facility.cierres.some((closure) => overlaps(range, closure))) return 'cerrada';
  const hours = facility.horario[weekdayIndex(booking.fecha)];
  if (!hours || end <= start || start < minutesOf(hours.abre) || end > minutesOf(hours.cierra)) return 'fuera_de_horario';
  if (facility.unidad === 'bloques') {
    const fits = dayBlocks(facility, booking.fecha).some((b) => b.desde === booking.desde && b.hasta === booking.hasta);
    return fits ? null : 'fuera_de_horario';
  }
  if ((start - minutesOf(hours.abre)) % FREE_RANGE_STEP_MINUTES !== 0 || (end - start) % FREE_RANGE_STEP_MINUTES !== 0) {
    return 'fuera_de_horario';
  }
  const length = end - start;
  return length < facility.minMinutos || length > facility.maxMinutos ? 'duracion' : null;
}

/** A confirmed reservation holding part of a day (what the capacity check reads). */
export interface HeldTime {
  desde: string;
  hasta: string;
  personas: number;
}

/**
 * Whether `booking` still fits beside the reservations that hold time (local moments): an exclusive facility
 * admits nothing overlapping; a shared one admits it while, at every moment, the people present stay within
 * capacidad. The server calls this under its lock; the browser to grey out full slots.
 */
export function fitsCapacity(
  facility: Pick<FacilityRules, 'capacidad' | 'exclusiva'>,
  booking: HeldTime,
  held: readonly HeldTime[],
): boolean {
  const clashing = held.filter((h) => overlaps(h, booking));
  if (facility.exclusiva) return clashing.length === 0;
  // The peak occupancy within the booking's range happens at the start of some range.
  const starts = [booking.desde, ...clashing.map((h) => h.desde).filter((s) => s > booking.desde && s < booking.hasta)];
  return starts.every((moment) => {
    const present = clashing.filter((h) => h.desde <= moment && moment < h.hasta).reduce((sum, h) => sum + h.personas, 0);
    return present + booking.personas <= facility.capacidad;
  });
}

/** Places left in a range beside what is held (exclusive: capacidad or 0). */
export function placesLeft(
  facility: Pick<FacilityRules, 'capacidad' | 'exclusiva'>,
  range: { desde: string; hasta: string },
  held: readonly HeldTime[],
): number {
  const clashing = held.filter((h) => overlaps(h, range));
  if (facility.exclusiva) return clashing.length === 0 ? facility.capacidad : 0;
  const starts = [range.desde, ...clashing.map((h) => h.desde).filter((s) => s > range.desde && s < range.hasta)];
  const peak = Math.max(
    0,
    ...starts.map((moment) =>
      clashing.filter((h) => h.desde <= moment && moment < h.hasta).reduce((sum, h) => sum + h.personas, 0),
    ),
  );
  return Math.max(0, facility.capacidad - peak);
}
