// /condominio/comunicacion/instalaciones (issue 15, RI; spec §2.2): "Reservación de áreas comunes". Tabs over
// reservationFacilitiesMachine: the facilities as cards (photo, capacity, fee and deposit, approval, "Reservar"), "Mis
// reservaciones" (upcoming or past, cancel within the deadline), and for administrators "Por aprobar" (with the
// count) and "Todas" (filters and the CSV of a period), plus "Nueva instalación". A notice when one of the
// caller's dwellings is in arrears. Its own chunk: the route loads it lazily.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Anchor, Badge, Button, Group, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { HomeAnswer } from '../../api/reservations';
import { facilityPath } from '../../api/sections';
import type { AnyReservationAction } from '../../machines/reservationActionsMachine';
import {
  type FacilityTab,
  facilityTabs,
  type MyPhase,
  reservationFacilitiesMachine,
  reservationPageCount,
} from '../../machines/reservationFacilitiesMachine';
import { PagedList } from '../common/PagedList';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { FacilityCard } from './FacilityCard';
import { FacilityEditorDialog } from './LazyFacilityEditor';
import { ReservationCard } from './ReservationCard';
import { Failed } from './ReservationStates';

/** The administrators' filters and export (the "Todas" tab): their own chunk, not every resident's (issue 29). */
const AdminFiltersForm = lazy(() => import('./AdminFilters').then((module) => ({ default: module.AdminFiltersForm })));

type ListState = ReturnType<typeof useMachine<typeof reservationFacilitiesMachine>>[0];
type ListSend = ReturnType<typeof useMachine<typeof reservationFacilitiesMachine>>[1];

export default function FacilitiesPage() {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const title = intl.formatMessage({ id: 'reservations.title' });
  useDocumentTitle(condoName, intl.formatMessage({ id: 'communication.title' }), title);
  const [state, send] = useMachine(reservationFacilitiesMachine, { input: {} });
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const { home } = state.context;

  return (
    <Stack gap="lg" data-facilities-state={JSON.stringify(state.value)}>
      <Stack gap={4}>
        <Anchor component={Link} href="/comunicacion" size="sm">
          <FormattedMessage id="reservations.backToCommunication" />
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          {home?.puedeAdministrar && state.matches('ready') ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              <FormattedMessage id="reservations.newFacility" />
            </Button>
          ) : null}
        </Group>
      </Stack>
      {state.matches('loadingHome') && !home ? <LoadingCard /> : null}
      {state.matches('homeFailed') ? <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('noSections') ? (
        <Text role="status">
          <FormattedMessage id="reservations.noSections" />
        </Text>
      ) : null}
      {home && !state.matches('noSections') && !state.matches('homeFailed') ? <ArrearsNotice home={home} /> : null}
      {home && (state.matches('ready') || (state.matches('loadingHome') && home)) ? (
        <ListTabs state={state} send={send} home={home} />
      ) : null}
      {creating ? (
        <FacilityEditorDialog
          facility={null}
          onClose={() => setCreating(false)}
          onSaved={(facility) => {
            setCreating(false);
            navigate(facilityPath(facility.FacilityId));
          }}
        />
      ) : null}
    </Stack>
  );
}

function ArrearsNotice({ home }: { home: HomeAnswer }) {
  const barred = home.viviendas.filter((d) => d.moroso);
  if (barred.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={<FormattedMessage id="reservations.arrears.title" />}>
      <FormattedMessage id="reservations.arrears.text" values={{ viviendas: barred.map((d) => d.Nombre).join(', ') }} />
    </Alert>
  );
}

function ListTabs({ state, send, home }: { state: ListState; send: ListSend; home: HomeAnswer }) {
  const intl = useIntl();
  const tabs = facilityTabs(home);
  const { tab } = state.context;
  const [notice, setNotice] = useState<{ done: AnyReservationAction | null; message: string | null } | null>(null);
  const changed = useCallback(
    (done: AnyReservationAction | null, message: string | null) => {
      setNotice({ done, message });
      send({ type: 'reload' });
    },
    [send],
  );
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        setNotice(null);
        if (value) send({ type: 'chooseTab', tab: value as FacilityTab });
      }}
    >
      <Tabs.List aria-label={intl.formatMessage({ id: 'reservations.tabsLabel' })}>
        {tabs.map((t) => (
          <Tabs.Tab
            key={t}
            value={t}
            rightSection={
              t === 'porAprobar' && home.porAprobar > 0 ? (
                <Badge
                  size="sm"
                  color="yellow"
                  aria-label={intl.formatMessage({ id: 'reservations.waitingCount' }, { count: home.porAprobar })}
                >
                  {home.porAprobar}
                </Badge>
              ) : null
            }
          >
            <FormattedMessage id={`reservations.tab.${t}`} />
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t} value={t} pt="md">
          {t === tab ? (
            <Stack gap="sm">
              {notice?.done ? (
                <Text size="sm" c="teal" role="status">
                  <FormattedMessage id={`reservations.done.${notice.done}`} />
                </Text>
              ) : null}
              {notice?.message ? (
                <Alert color="orange" role="alert" p="xs">
                  {notice.message}
                </Alert>
              ) : null}
              {t === 'instalaciones' ? (
                <FacilityGrid state={state} home={home} />
              ) : (
                <ReservationList state={state} send={send} home={home} onChanged={changed} />
              )}
            </Stack>
          ) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function FacilityGrid({ state, home }: { state: ListState; home: HomeAnswer }) {
  if (state.matches({ ready: 'noFacilities' })) {
    return (
      <Text c="dimmed" role="status">
        <FormattedMessage id={home.puedeAdministrar ? 'reservations.empty.facilitiesAdmin' : 'reservations.empty.facilities'} />
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {home.instalaciones.map((facility) => (
        <li key={facility.FacilityId}>
          <FacilityCard facility={facility} />
        </li>
      ))}
    </SimpleGrid>
  );
}

function ReservationList({
  state,
  send,
  home,
  onChanged,
}: {
  state: ListState;
  send: ListSend;
  home: HomeAnswer;
  onChanged(done: AnyReservationAction | null, message: string | null): void;
}) {
  const intl = useIntl();
  const { tab, answer, page, fase } = state.context;
  const loading = state.hasTag('busy');
  const admin = tab !== 'mias' && home.puedeAdministrar;
  return (
    <Stack gap="sm" aria-busy={loading}>
      {tab === 'mias' ? (
        <SegmentedControl
          value={fase}
          onChange={(value) => send({ type: 'chooseFase', fase: value as MyPhase })}
          aria-label={intl.formatMessage({ id: 'reservations.mine.faseLabel' })}
          data={[
            { value: 'proximas', label: intl.formatMessage({ id: 'reservations.mine.proximas' }) },
            { value: 'pasadas', label: intl.formatMessage({ id: 'reservations.mine.pasadas' }) },
          ]}
        />
      ) : null}
      {tab === 'todas' ? (
        <Suspense fallback={null}>
          <AdminFiltersForm home={home} state={state} send={send} />
        </Suspense>
      ) : null}
      {loading && !answer ? <LoadingCard /> : null}
      {loading && answer ? (
        <Text size="sm" c="dimmed" role="status">
          <FormattedMessage id="reservations.list.loading" />
        </Text>
      ) : null}
      {state.matches({ ready: 'failed' }) ? (
        <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} />
      ) : null}
      <PagedList
        empty={
          state.matches({ ready: 'empty' }) ? (
            <FormattedMessage id={tab === 'mias' ? `reservations.empty.${fase}` : `reservations.empty.${tab}`} />
          ) : null
        }
        count={
          state.matches({ ready: 'shown' }) && answer ? (
            <FormattedMessage id="reservations.list.count" values={{ total: answer.total }} />
          ) : null
        }
        items={answer && (state.matches({ ready: 'shown' }) || loading) ? answer.items : null}
        label={intl.formatMessage({ id: `reservations.tab.${tab}` })}
        keyOf={(r) => `${r.ReservationId}:${r.version}`}
        pages={
          state.matches({ ready: 'shown' }) && answer
            ? {
                total: reservationPageCount(answer.total),
                page,
                onChange: (next) => send({ type: 'goToPage', page: next }),
                label: intl.formatMessage({ id: 'reservations.list.pages' }),
                pageLabel: (n) => intl.formatMessage({ id: 'reservations.list.page' }, { page: n }),
              }
            : null
        }
      >
        {(r) => <ReservationCard reservation={r} admin={admin} announce={false} onChanged={onChanged} />}
      </PagedList>
    </Stack>
  );
}
