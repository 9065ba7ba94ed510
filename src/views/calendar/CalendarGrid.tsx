// The month and week grids on wide screens and the month on phones (@mantine/schedule): each view is a chunk of
// its own with the library's CSS (MonthGrid, WeekGrid, MobileMonthGrid), so the calendar loads only the grid it
// shows and the entry and the agenda none (issue 29). The machine owns the anchor day and the range, so the
// library's header is left out; each item is a button whose accessible name says title, kind and when; others'
// reservations ("Ocupado") are drawn grey and do not open. The weeks start on Monday and the day names follow the
// reader's language.
import type { MonthViewProps, ScheduleEventData } from '@mantine/schedule';
import dayjs from 'dayjs';
import { lazy } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarItem } from '../../api/calendar';
import { WEEK_STARTS_ON } from '../../i18n/dates';
import { opensItem } from '../../machines/calendarRange';
import { dayjsLocale, itemColor, itemLabel, itemTitle } from './calendarFormat';

const WeekGrid = lazy(() => import('./WeekGrid'));
const MonthGrid = lazy(() => import('./MonthGrid'));
const MobileMonthGrid = lazy(() => import('./MobileMonthGrid'));

/** A wall-clock 'YYYY-MM-DDTHH:mm' as the library's 'YYYY-MM-DD HH:mm:ss'. */
const scheduleTime = (local: string) => `${local.slice(0, 10)} ${local.slice(11, 16)}:00`;

/** A moment (a poll's closing) is drawn as half an hour, never past its own day (23:59 stays on its day). */
const MOMENT_MINUTES = 30;
function momentEnd(local: string): string {
  const start = dayjs(local.slice(0, 16));
  const end = start.add(MOMENT_MINUTES, 'minute');
  return (end.isSame(start, 'day') ? end : start.endOf('day')).format('YYYY-MM-DD HH:mm:ss');
}

/** What each view of the library is given (the views add their own settings). */
export type GridViewProps = Pick<
  MonthViewProps,
  'labels' | 'date' | 'locale' | 'firstDayOfWeek' | 'events' | 'highlightToday' | 'onEventClick' | 'renderEvent'
>;

export interface CalendarGridProps {
  view: 'month' | 'week';
  /** A phone: the month as the library's mobile month (a small grid, the chosen day's items under it). */
  compact: boolean;
  anchor: string;
  items: readonly CalendarItem[];
  onOpen(item: CalendarItem): void;
}

export default function CalendarGrid({ view, compact, anchor, items, onOpen }: CalendarGridProps) {
  const intl = useIntl();
  const events: ScheduleEventData<{ item: CalendarItem }>[] = items.map((item) => ({
    id: item.clave,
    title: itemTitle(intl, item),
    start: scheduleTime(item.inicioLocal),
    end: item.finLocal ? scheduleTime(item.finLocal) : momentEnd(item.inicioLocal),
    color: itemColor(item),
    variant: item.ocupado ? 'light' : 'filled',
    payload: { item },
  }));
  // The library's own words (week number, "All day", "+n more") in the reader's language.
  const grid = (key: string) => intl.formatMessage({ id: `calendar.grid.${key}` });
  const labels = {
    ...Object.fromEntries(
      ['week', 'allDay', 'more', 'noEvents', 'today', 'next', 'previous', 'weekday', 'timeSlot', 'day', 'month'].map((key) => [
        key,
        grid(key),
      ]),
    ),
    moreLabel: (n: number) => intl.formatMessage({ id: 'calendar.grid.moreLabel' }, { n }),
  };
  const common: GridViewProps = {
    labels,
    date: anchor,
    locale: dayjsLocale(intl),
    firstDayOfWeek: WEEK_STARTS_ON as 1,
    events,
    highlightToday: true,
    onEventClick: (event: ScheduleEventData) => {
      const item = (event.payload as { item: CalendarItem }).item;
      if (opensItem(item)) onOpen(item);
    },
    renderEvent: (event: ScheduleEventData, props: React.ComponentPropsWithoutRef<'button'> & { children: React.ReactNode }) => {
      const item = (event.payload as { item: CalendarItem }).item;
      return (
        <button
          {...props}
          // The library's own event root is an unstyled button; a plain one needs the browser's border removed.
          style={{ ...props.style, border: 0 }}
          type="button"
          aria-label={itemLabel(intl, item)}
          aria-disabled={opensItem(item) ? undefined : true}
          data-calendar-item={item.clave}
          data-calendar-kind={item.tipo}
          data-busy={item.ocupado || undefined}
        />
      );
    },
  };
  return (
    <div data-calendar-grid={view}>
      {view === 'week' ? <WeekGrid {...common} /> : compact ? <MobileMonthGrid {...common} /> : <MonthGrid {...common} />}
    </div>
  );
}
