// A facility's availability: the day view (phones) as a list of time buttons saying Libre, Ocupado, Tu
// reservación, Cerrado… with the places left of a shared facility; the week view (wide screens) as seven
// columns. Only free times are buttons that open the booking flow; the rest say why not.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import { ActionIcon, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DayAvailability, Facility, TimeChoice } from '../../api/reservations';
import type { AvailabilityView, reservationFacilityMachine } from '../../machines/reservationFacilityMachine';
import type { ChosenTime } from '../../machines/reservationMachine';
import { Failed } from './ReservationStates';
import { formatRange, formatTime, formatWeekday } from './reservationFormat';

type PageState = ReturnType<typeof import('@xstate/react').useMachine<typeof reservationFacilityMachine>>[0];
type PageSend = ReturnType<typeof import('@xstate/react').useMachine<typeof reservationFacilityMachine>>[1];

const COLOR: Record<TimeChoice['estado'], string> = {
  libre: 'teal',
  ocupado: 'gray',
  propia: 'blue',
  cerrado: 'gray',
  pasado: 'gray',
  muy_anticipado: 'gray',
};

export function Availability({
  state,
  send,
  facility,
  canBook,
  onChoose,
}: {
  state: PageState;
  send: PageSend;
  facility: Facility;
  canBook: boolean;
  onChoose(choice: ChosenTime): void;
}) {
  const intl = useIntl();
  const { vista, answer } = state.context;
  const loading = state.matches({ ready: 'loading' });
  return (
    <Stack
      gap="sm"
      data-availability-state={String((state.value as { ready?: string }).ready ?? '')}
      data-availability-view={vista}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          <FormattedMessage id="reservations.availability" />
        </Title>
        <SegmentedControl
          value={vista}
          onChange={(value) => send({ type: 'setView', vista: value as AvailabilityView })}
          aria-label={intl.formatMessage({ id: 'reservations.view.label' })}
          data={[
            { value: 'dia', label: intl.formatMessage({ id: 'reservations.view.dia' }) },
            { value: 'semana', label: intl.formatMessage({ id: 'reservations.view.semana' }) },
          ]}
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={intl.formatMessage({
            id: vista === 'dia' ? 'reservations.nav.previousDay' : 'reservations.nav.previousWeek',
          })}
          disabled={!state.can({ type: 'previous' })}
          onClick={() => send({ type: 'previous' })}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Button variant="default" disabled={!state.can({ type: 'today' })} onClick={() => send({ type: 'today' })}>
          <FormattedMessage id="reservations.nav.today" />
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={intl.formatMessage({ id: vista === 'dia' ? 'reservations.nav.nextDay' : 'reservations.nav.nextWeek' })}
          onClick={() => send({ type: 'next' })}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        {loading ? (
          <Text size="sm" c="dimmed" role="status">
            <FormattedMessage id="reservations.availabilityLoading" />
          </Text>
        ) : null}
      </Group>
      {state.matches({ ready: 'failed' }) ? (
        <Failed
          failure={state.context.failure}
          onRetry={() => send({ type: 'retry' })}
          titleId="reservations.availabilityFailed"
        />
      ) : null}
      {state.matches({ ready: 'empty' }) ? (
        <Text c="dimmed" role="status">
          <FormattedMessage id={vista === 'dia' ? 'reservations.empty.day' : 'reservations.empty.week'} />
        </Text>
      ) : null}
      {answer && !state.matches({ ready: 'failed' }) ? (
        <SimpleGrid cols={vista === 'semana' ? { base: 1, md: 7 } : 1} spacing="sm" aria-busy={loading}>
          {answer.dias.map((day) => (
            <DayColumn
              key={day.fecha}
              day={day}
              facility={facility}
              canBook={canBook}
              compact={vista === 'semana'}
              onChoose={onChoose}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function DayColumn({
  day,
  facility,
  canBook,
  compact,
  onChoose,
}: {
  day: DayAvailability;
  facility: Facility;
  canBook: boolean;
  compact: boolean;
  onChoose(choice: ChosenTime): void;
}) {
  const intl = useIntl();
  const label = formatWeekday(day.fecha);
  return (
    <Stack gap={6} component="section" aria-label={label} data-day={day.fecha}>
      <Text fw={600} size="sm" tt="capitalize">
        {label}
      </Text>
      {day.horario === null || day.opciones.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="reservations.closedDay" />
        </Text>
      ) : null}
      {day.cierres.map((c) => (
        <Text key={`${c.desde}-${c.hasta}`} size="xs" c="orange">
          <FormattedMessage
            id="reservations.closure"
            values={{ rango: formatRange(c.desde, c.hasta), motivo: c.motivo || '—' }}
          />
        </Text>
      ))}
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {day.opciones.map((choice) => {
          const free = choice.estado === 'libre' && choice.lugares > 0;
          const status = intl.formatMessage({ id: `reservations.choice.${choice.estado}` });
          const places =
            !facility.exclusiva && choice.estado === 'libre'
              ? intl.formatMessage({ id: 'reservations.placesLeft' }, { lugares: choice.lugares })
              : null;
          const text = `${formatRange(choice.desde, choice.hasta)} · ${status}${places ? ` · ${places}` : ''}`;
          return (
            <li key={choice.desde}>
              <Button
                fullWidth
                size={compact ? 'compact-sm' : 'sm'}
                variant={free ? 'light' : 'subtle'}
                color={COLOR[choice.estado]}
                justify="space-between"
                disabled={!free || !canBook}
                data-choice-state={choice.estado}
                data-choice-time={`${day.fecha}T${choice.desde}`}
                aria-label={text}
                onClick={() => onChoose({ fecha: day.fecha, desde: choice.desde, hasta: choice.hasta, lugares: choice.lugares })}
                title={compact ? text : undefined}
                h="auto"
                py={4}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {compact ? (
                  // A week column is narrow: the start on one line, the state (and places) below it.
                  <Stack gap={0} aria-hidden>
                    <span>{formatTime(choice.desde)}</span>
                    <Text span size="xs" c="inherit" fw={400}>
                      {places ?? status}
                    </Text>
                  </Stack>
                ) : (
                  text
                )}
              </Button>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
