// Dates of requests in the interface's locale (dayjs, src/i18n/dates.ts) and the condominium's time zone
// (useCondoTimeZone, src/views/common/zonedTime.ts), and the colours the states and priorities are shown in.
// The contract's instants are ISO-8601 UTC.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import '../../i18n/dates';
import type { TicketPriority, TicketState } from '../../api/ticketLifecycle';

dayjs.extend(utc);
dayjs.extend(timezone);

/** "5 nov 2026, 10:30" in Spanish, in the condominium's time. */
export function formatTicketDate(iso: string, timeZone: string): string {
  const at = dayjs(iso);
  if (!at.isValid()) return iso;
  return at.tz(timeZone).format('D MMM YYYY, HH:mm');
}

/** The value of a datetime-local field for an instant, in the condominium's time ('' for none). */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = dayjs(iso);
  return at.isValid() ? at.tz(timeZone).format('YYYY-MM-DDTHH:mm') : '';
}

/** The instant a datetime-local field's value names in the condominium's time (ISO-8601 UTC); undefined when empty. */
export function fromLocalInput(value: string, timeZone: string): string | undefined {
  if (!value) return undefined;
  const at = dayjs.tz(value, timeZone);
  return at.isValid() ? at.toISOString() : undefined;
}

export const STATE_COLOR: Readonly<Record<TicketState, string>> = {
  nuevo: 'blue',
  asignado: 'indigo',
  en_proceso: 'cyan',
  en_espera: 'yellow',
  resuelto: 'teal',
  cerrado: 'gray',
  cancelado: 'dark',
};

export const PRIORITY_COLOR: Readonly<Record<TicketPriority, string>> = {
  baja: 'gray',
  media: 'blue',
  alta: 'orange',
  urgente: 'red',
};
