// "Todas" for administrators: filter every facility's reservations by facility, state and days, and download
// the CSV of a period (reservationExportMachine).
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RESERVATION_STATES, type ReservationState } from '../../api/reservationLifecycle';
import { addDays } from '../../api/reservationRules';
import type { HomeAnswer } from '../../api/reservations';
import { reservationExportMachine } from '../../machines/reservationExportMachine';
import { type AdminFilters, filtersValid, type reservationFacilitiesMachine } from '../../machines/reservationFacilitiesMachine';
import { FailureText } from '../common/FailureText';

type ListState = ReturnType<typeof useMachine<typeof reservationFacilitiesMachine>>[0];
type ListSend = ReturnType<typeof useMachine<typeof reservationFacilitiesMachine>>[1];

/** This month, first to last day: the export's period until changed. */
function thisMonth(today: string) {
  const first = `${today.slice(0, 8)}01`;
  return { desde: first, hasta: addDays(`${addDays(first, 40).slice(0, 8)}01`, -1) };
}

export function AdminFiltersForm({ home, state, send }: { home: HomeAnswer; state: ListState; send: ListSend }) {
  const intl = useIntl();
  const [filters, setFilters] = useState<AdminFilters>(state.context.filters);
  const today = home.ahoraLocal.slice(0, 10);
  const [exporting, exportSend] = useMachine(reservationExportMachine, { input: thisMonth(today) });
  const set = (patch: Partial<AdminFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const valid = filtersValid(filters);
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'filter', filters });
        }}
        aria-label={intl.formatMessage({ id: 'reservations.filters' })}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={intl.formatMessage({ id: 'reservations.filter.facility' })}
            value={filters.facilityId ?? ''}
            onChange={(e) => set({ facilityId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'reservations.filter.all' }) },
              ...home.instalaciones.map((f) => ({ value: String(f.FacilityId), label: f.Nombre })),
            ]}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'reservations.filter.state' })}
            value={filters.estado ?? ''}
            onChange={(e) => set({ estado: (e.currentTarget.value || null) as ReservationState | null })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'reservations.filter.all' }) },
              ...RESERVATION_STATES.map((s) => ({ value: s, label: intl.formatMessage({ id: `reservations.state.${s}` }) })),
            ]}
          />
          <TextInput
            type="date"
            label={intl.formatMessage({ id: 'reservations.filter.from' })}
            value={filters.desde ?? ''}
            onChange={(e) => set({ desde: e.currentTarget.value || null })}
          />
          <TextInput
            type="date"
            label={intl.formatMessage({ id: 'reservations.filter.to' })}
            value={filters.hasta ?? ''}
            error={valid ? undefined : intl.formatMessage({ id: 'reservations.filter.order' })}
            onChange={(e) => set({ hasta: e.currentTarget.value || null })}
          />
          <Button type="submit" variant="light" disabled={!valid}>
            <FormattedMessage id="reservations.filter.apply" />
          </Button>
        </Group>
      </form>
      <Group
        align="flex-end"
        gap="sm"
        wrap="wrap"
        role="group"
        aria-label={intl.formatMessage({ id: 'reservations.export.title' })}
        data-export-state={String(exporting.value)}
      >
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'reservations.export.from' })}
          value={exporting.context.desde}
          onChange={(e) => exportSend({ type: 'setPeriod', desde: e.currentTarget.value, hasta: exporting.context.hasta })}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'reservations.export.to' })}
          value={exporting.context.hasta}
          onChange={(e) => exportSend({ type: 'setPeriod', desde: exporting.context.desde, hasta: e.currentTarget.value })}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporting.matches('downloading')}
          disabled={!exporting.can({ type: 'download' }) && !exporting.can({ type: 'retry' })}
          onClick={() => exportSend(exporting.matches('failed') ? { type: 'retry' } : { type: 'download' })}
        >
          <FormattedMessage id="reservations.export.download" />
        </Button>
      </Group>
      {exporting.matches('saved') ? (
        <Text size="sm" c="teal" role="status">
          <FormattedMessage id="reservations.export.saved" />
        </Text>
      ) : null}
      {exporting.matches('failed') ? (
        <Text size="sm" c="red" role="alert">
          <FailureText failure={exporting.context.failure} />
        </Text>
      ) : null}
    </Stack>
  );
}
