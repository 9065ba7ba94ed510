// How the reservation screens write days, times, money and states: dates DD/MM/YYYY and times hh:mm AM/PM
// like the rest of the app, weekday names in the interface language (dayjs locales of src/i18n/dates.ts),
// money in pesos (MXN, es-MX) from integer cents.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import '../../i18n/dates';
import type { ReservationPhase } from '../../api/reservationLifecycle';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The instalaciones screen (relative to /condominio). */
export const FACILITIES_SCREEN = '/comunicacion/instalaciones';

/** '2026-11-27' → '27/11/2026'. */
export const formatDay = (date: string) => {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${d}/${m}/${y}` : date;
};

/** '18:30' → '06:30 PM'; '24:00' (an end) → '12:00 AM'. */
export const formatTime = (time: string) => dayjs(`2000-01-01T${time === '24:00' ? '00:00' : time}`).format('hh:mm A');

export const formatRange = (desde: string, hasta: string) => `${formatTime(desde)} – ${formatTime(hasta)}`;

/** 'viernes 27/11/2026' in the interface language. */
export const formatWeekday = (date: string) => `${dayjs(date).format('dddd')} ${formatDay(date)}`;

/** A local moment 'YYYY-MM-DDTHH:mm' as DD/MM/YYYY hh:mm A. */
export const formatMoment = (moment: string) => dayjs(moment).format('DD/MM/YYYY hh:mm A');

/** An ISO-8601 instant as DD/MM/YYYY hh:mm A in the condominium's zone (as requests' dates), not the browser's. */
export const formatInstant = (iso: string, timeZone: string) =>
  dayjs(iso).isValid() ? dayjs(iso).tz(timeZone).format('DD/MM/YYYY hh:mm A') : iso;

const PESOS = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
/** 125050 → '$1,250.50'. */
export const formatMoney = (cents: number) => PESOS.format(cents / 100);

/** Minutes as '2 h', '90 min', '1 h 30 min'. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const PHASE_COLOR: Readonly<Record<ReservationPhase, string>> = {
  pendiente: 'yellow',
  vencida: 'gray',
  proxima: 'teal',
  en_curso: 'blue',
  concluida: 'gray',
  rechazada: 'red',
  cancelada: 'dark',
  no_asistio: 'orange',
};

/** Monday first, as the facility's hours are stored. */
export const WEEKDAY_IDS = [
  'reservations.weekday.0',
  'reservations.weekday.1',
  'reservations.weekday.2',
  'reservations.weekday.3',
  'reservations.weekday.4',
  'reservations.weekday.5',
  'reservations.weekday.6',
] as const;

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
