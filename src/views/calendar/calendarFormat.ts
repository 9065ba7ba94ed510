// How the calendar screens write its items: colours per kind (the legend uses the same), dates as
// DD/MM/YYYY hh:mm AM/PM (spec §9) from the wall-clock times the server sends in the condominium's zone, and
// each item's accessible name: its title, kind and when (and where), so a screen reader hears all of it.
import dayjs from 'dayjs';
import type { IntlShape } from 'react-intl';
import '../../i18n/dates';
import type { CalendarItem, CalendarKind } from '../../api/calendar';

export const CALENDAR_SCREEN = '/comunicacion/calendario-eventos';
export const eventScreenPath = (eventId: number | 'nuevo') => `${CALENDAR_SCREEN}?evento=${eventId}`;

export const KIND_COLOR: Readonly<Record<CalendarKind, string>> = {
  evento: 'blue',
  asamblea: 'grape',
  reservacion: 'teal',
  invitados: 'orange',
  encuesta: 'indigo',
};
/** Others' reservations, whatever their kind's colour. */
export const BUSY_COLOR = 'gray';

export const itemColor = (item: Pick<CalendarItem, 'tipo' | 'ocupado' | 'estado'>) =>
  item.ocupado ? BUSY_COLOR : item.estado === 'cancelado' ? 'red' : KIND_COLOR[item.tipo];

/** A wall-clock 'YYYY-MM-DDTHH:mm' as "27/11/2026 07:00 PM". */
export const formatLocal = (local: string) => dayjs(local.slice(0, 16)).format('DD/MM/YYYY hh:mm A');
/** Only the time, for the end of an item on the same day. */
export const formatTime = (local: string) => dayjs(local.slice(0, 16)).format('hh:mm A');

/** "27/11/2026 07:00 PM – 09:00 PM" (the end's date too when it is another day). */
export function formatSpan(inicio: string, fin: string | null): string {
  if (fin === null) return formatLocal(inicio);
  return `${formatLocal(inicio)} – ${fin.slice(0, 10) === inicio.slice(0, 10) ? formatTime(fin) : formatLocal(fin)}`;
}

/** What the item is called on screen: others' reservations say "Ocupado" and the facility only. */
export const itemTitle = (intl: IntlShape, item: CalendarItem) =>
  item.ocupado ? intl.formatMessage({ id: 'calendar.busyTitle' }, { title: item.Titulo }) : item.Titulo;

export function itemLabel(intl: IntlShape, item: CalendarItem): string {
  const values = {
    title: itemTitle(intl, item),
    kind: intl.formatMessage({ id: `calendar.one.${item.tipo}` }),
    when: formatSpan(item.inicioLocal, item.finLocal),
    place: item.Lugar ?? '',
  };
  const label = intl.formatMessage({ id: item.Lugar ? 'calendar.itemLabelAt' : 'calendar.itemLabel' }, values);
  return item.estado === 'cancelado' ? `${label} (${intl.formatMessage({ id: 'calendar.cancelled' })})` : label;
}

/** A day 'YYYY-MM-DD' in words in the reader's language: "jueves, 12 de noviembre de 2026". */
export function dayHeading(intl: IntlShape, day: string): string {
  const text = intl.formatDate(`${day}T12:00:00Z`, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  // A heading starts with a capital; the month stays lower case as Spanish and French write it.
  return text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1);
}

/** The dayjs locale of the reader's language ('es-MX' → 'es'). */
export const dayjsLocale = (intl: IntlShape) => intl.locale.slice(0, 2);
