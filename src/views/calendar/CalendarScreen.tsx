// /condominio/comunicacion/calendario-eventos without ?evento=: the calendar over calendarMachine. Phones open
// on the agenda (a list by day), wide screens on the month grid (@mantine/schedule, loaded lazily); previous,
// today, next; chips to filter by kind, coloured as the legend says; "Nuevo evento" for administrators; and the
// personal subscription panel. The page container carries data-calendar-view and data-calendar-state for e2e.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ActionIcon, Anchor, Button, Chip, ColorSwatch, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { CALENDAR_KINDS, type CalendarKind } from '../../api/calendar';
import { calendarMachine, todayOf } from '../../machines/calendarMachine';
import { type CalendarView, visibleRange } from '../../machines/calendarRange';
import type { CallFailure } from '../../machines/shared/callFailure';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { CalendarAgenda } from './CalendarAgenda';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import CalendarGrid from './CalendarGrid';
import { BUSY_COLOR, eventScreenPath, KIND_COLOR } from './calendarFormat';

/** Wide enough for a seven-column grid. */
export const GRID_QUERY = '(min-width: 48em)';
const COMMUNICATION = '/comunicacion';

export function CalendarScreen() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const title = intl.formatMessage({ id: 'calendar.title' });
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), title);
  const wide = useMediaQuery(GRID_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [firstView] = useState<CalendarView>(wide ? 'month' : 'agenda');
  const [state, send, actor] = useMachine(calendarMachine, { input: { view: firstView } });
  const [, navigate] = useLocation();
  useEffect(() => {
    const subscription = actor.on('navigate', (event) => navigate(event.to));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  const { home, view, anchor, kinds, items, failure } = state.context;
  const stateName = typeof state.value === 'string' ? state.value : `calendar.${Object.values(state.value)[0]}`;
  const loading = state.matches({ calendar: 'loading' });

  return (
    <Stack gap="md" data-calendar-view={view} data-calendar-state={stateName} aria-busy={loading}>
      <Stack gap={4}>
        <Anchor component={Link} href={COMMUNICATION} size="sm">
          <FormattedMessage id="calendar.backToCommunication" />
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {home?.puedePublicar && state.matches('calendar') ? (
            <Button component={Link} href={eventScreenPath('nuevo')} leftSection={<IconCalendarPlus size={18} />}>
              <FormattedMessage id="calendar.newEvent" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {state.matches('loadingHome') ? <LoadingCard /> : null}
      {state.matches('homeFailed') ? <Failed failure={failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('forbidden') ? (
        <Text role="status">
          <FormattedMessage id="calendar.forbidden" />
        </Text>
      ) : null}
      {home && state.matches('calendar') ? (
        <>
          <Toolbar
            view={view}
            anchor={anchor}
            awayFromToday={anchor !== todayOf(home)}
            views={wide ? ['month', 'week', 'agenda'] : ['agenda', 'month']}
            onView={(next) => send({ type: 'setView', view: next })}
            onPrevious={() => send({ type: 'previous' })}
            onNext={() => send({ type: 'next' })}
            onToday={() => send({ type: 'today' })}
          />
          <KindFilter kinds={kinds} onToggle={(kind) => send({ type: 'toggleKind', kind })} />
          <Stack gap="sm" aria-live="polite">
            {loading && !items ? <LoadingCard /> : null}
            {loading && items ? (
              <Text size="sm" c="dimmed" role="status">
                <FormattedMessage id="calendar.loading" />
              </Text>
            ) : null}
            {state.matches({ calendar: 'failed' }) ? <Failed failure={failure} onRetry={() => send({ type: 'retry' })} /> : null}
            {state.matches({ calendar: 'empty' }) ? (
              <Text c="dimmed" role="status" data-calendar-empty>
                <FormattedMessage id="calendar.empty" />
              </Text>
            ) : null}
            {state.matches({ calendar: 'shown' }) && items ? (
              <Text size="sm" c="dimmed" role="status">
                <FormattedMessage id="calendar.count" values={{ total: items.length }} />
              </Text>
            ) : null}
            {items && (state.matches({ calendar: 'shown' }) || (loading && items.length > 0)) ? (
              view === 'agenda' ? (
                <CalendarAgenda items={items} />
              ) : (
                <Suspense fallback={<LoadingCard />}>
                  <CalendarGrid
                    view={view}
                    compact={!wide}
                    anchor={anchor}
                    items={items}
                    onOpen={(item) => send({ type: 'open', item })}
                  />
                </Suspense>
              )
            ) : null}
          </Stack>
          <CalendarFeedPanel tieneFeed={home.tieneFeed ?? false} />
        </>
      ) : null}
    </Stack>
  );
}

function Failed({ failure, onRetry }: { failure: CallFailure | null; onRetry(): void }) {
  return <FailureAlert failure={failure} title={<FormattedMessage id="calendar.failedTitle" />} onRetry={onRetry} />;
}

/** The period in words: "noviembre 2026" for a month, "09/11/2026 – 15/11/2026" otherwise. */
function periodLabel(view: CalendarView, anchor: string, locale: string): string {
  if (view === 'month') return dayjs(anchor).locale(locale).format('MMMM YYYY');
  const { desde, hasta } = visibleRange(view, anchor);
  return `${dayjs(desde).format('DD/MM/YYYY')} – ${dayjs(hasta).format('DD/MM/YYYY')}`;
}

function Toolbar(props: {
  view: CalendarView;
  anchor: string;
  awayFromToday: boolean;
  /** The views offered: a week's seven columns need a wide screen. */
  views: readonly CalendarView[];
  onView(view: CalendarView): void;
  onPrevious(): void;
  onNext(): void;
  onToday(): void;
}) {
  const intl = useIntl();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={props.onPrevious}
          aria-label={intl.formatMessage({ id: 'calendar.previous' })}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button variant="default" onClick={props.onToday} disabled={!props.awayFromToday}>
          <FormattedMessage id="calendar.today" />
        </Button>
        <ActionIcon variant="default" size="lg" onClick={props.onNext} aria-label={intl.formatMessage({ id: 'calendar.next' })}>
          <IconChevronRight size={18} />
        </ActionIcon>
        <Text fw={600} tt="capitalize" aria-live="polite" data-calendar-period>
          {periodLabel(props.view, props.anchor, intl.locale.slice(0, 2))}
        </Text>
      </Group>
      <SegmentedControl
        value={props.view}
        onChange={(value) => props.onView(value as CalendarView)}
        aria-label={intl.formatMessage({ id: 'calendar.view.label' })}
        data={props.views.map((value) => ({
          value,
          label: intl.formatMessage({ id: `calendar.view.${value}` }),
        }))}
      />
    </Group>
  );
}

/** The kinds as chips (the filter), coloured as the items are, so they are the legend too; plus "Ocupado". */
function KindFilter({ kinds, onToggle }: { kinds: readonly CalendarKind[]; onToggle(kind: CalendarKind): void }) {
  const intl = useIntl();
  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={intl.formatMessage({ id: 'calendar.filters' })}>
        {CALENDAR_KINDS.map((kind) => (
          <Chip
            key={kind}
            checked={kinds.includes(kind)}
            onChange={() => onToggle(kind)}
            color={KIND_COLOR[kind]}
            variant="light"
            size="sm"
            data-calendar-filter={kind}
          >
            <FormattedMessage id={`calendar.kind.${kind}`} />
          </Chip>
        ))}
      </Group>
      <Group gap="md" aria-label={intl.formatMessage({ id: 'calendar.legend' })} role="list" data-calendar-legend>
        {CALENDAR_KINDS.map((kind) => (
          <Group key={kind} gap={4} role="listitem" wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${KIND_COLOR[kind]}-6)`} size={10} aria-hidden />
            <Text size="xs">
              <FormattedMessage id={`calendar.one.${kind}`} />
            </Text>
          </Group>
        ))}
        <Group gap={4} role="listitem" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${BUSY_COLOR}-6)`} size={10} aria-hidden />
          <Text size="xs">
            <FormattedMessage id="calendar.busy" />
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
