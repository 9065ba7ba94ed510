// Instants on the condominium's clock, not the browser's: the session data carries the condominium's time zone
// (SessionCondo.timeZone, src/api/sessions.ts), useCondoTimeZone reads it, and every formatter of an instant
// takes the zone as an argument (none has a default). Timeline dates read "21 de noviembre de 2026, 10:30" in
// Spanish. The server's side of the same rules is server/domain/shared/zonedTime.ts.
import { SessionContext } from './SessionContext';

/** The zone condominiums get unless their administrators choose another (DESIGN.md §4, the database's default). */
const DEFAULT_CONDO_TIME_ZONE = 'America/Mexico_City';

/**
 * The signed-in condominium's time zone (an IANA name). Screens that show instants are signed in, so the session
 * data is there; only a component rendered before it arrives (or after signing out) falls back to the default.
 */
export function useCondoTimeZone(): string {
  return SessionContext.useSelector((s) => s.context.data?.condo.timeZone) ?? DEFAULT_CONDO_TIME_ZONE;
}

export function formatTimelineDate(iso: string, locale: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
  return `${date}, ${time}`;
}
