// Message times in the condominium's time zone (useCondoTimeZone, src/views/common/zonedTime.ts): the time
// alone for today ("10:42"), the date too for other days ("20/11/2026 10:42"), as the notifications show theirs.

import { dwellingName as nameOfDwelling } from '../../api/dwellings';

function parts(at: Date, locale: string, timeZone: string) {
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return { day, time };
}

export function messageTime(iso: string, locale: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { day, time } = parts(at, locale, timeZone);
  return day === parts(now, locale, timeZone).day ? time : `${day} ${time}`;
}

/** The name a directory dwelling is shown by: "Torre A - 101", or "Casa 1" without a tower. */
export const dwellingName = (d: { AptName: string; TorreName: string | null }) => nameOfDwelling(d.TorreName, d.AptName);

/** A machine's state as a dotted name ("viewing.idle"): the screen's data-state, for the browser tests. */
export function stateName(value: string | object): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', ''];
  return `${key}.${stateName(child as string | object)}`;
}
