// /condominio/comunicacion/instalaciones/mostrar/{facilityID} (issue 15, RI; spec §2.2): one facility — its
// photos, description, capacity, fee and deposit, hours (Monday first), rules — its availability for a day
// (phones) or a week (wide screens) over reservationFacilityMachine, the booking flow over reservationMachine, and with
// ?reservacion=ID (where notifications land) that reservation's detail and actions. Administrators edit the
// facility here. Its own chunk: the route loads it lazily.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Badge, Button, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconEdit } from '@tabler/icons-react';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import type { Facility, HomeAnswer } from '../../api/reservations';
import { reservationActionsMachine } from '../../machines/reservationActionsMachine';
import { reservationFacilityMachine } from '../../machines/reservationFacilityMachine';
import { reservationMachine } from '../../machines/reservationMachine';
import { LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { Availability } from './Availability';
import { FacilityEditorDialog } from './LazyFacilityEditor';
import { ReservationDetail } from './ReservationCard';
import { Failed } from './ReservationStates';
import { FACILITIES_SCREEN, formatMinutes, formatMoment, formatMoney, formatRange, WEEKDAY_IDS } from './reservationFormat';

/** The booking dialog (its steps, number inputs and modal) loads when a booking starts, not with the page. */
const BookingFlow = lazy(() => import('./BookingFlow').then((module) => ({ default: module.BookingFlow })));

const positiveId = (text: string | null | undefined) => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Wide screens start on the week view. */
const WIDE = '(min-width: 62em)';

export default function FacilityPage({ params }: { params: { facilityID?: string } }) {
  const facilityId = positiveId(params.facilityID);
  const reservationId = positiveId(new URLSearchParams(useSearch()).get('reservacion'));
  const wide = useMediaQuery(WIDE, false, { getInitialValueInEffect: false });
  if (facilityId === null) {
    return (
      <Text role="status">
        <FormattedMessage id="reservations.notFound" />
      </Text>
    );
  }
  return <FacilityScreen key={facilityId} facilityId={facilityId} reservationId={reservationId} wide={wide} />;
}

function FacilityScreen({
  facilityId,
  reservationId,
  wide,
}: {
  facilityId: number;
  reservationId: number | null;
  wide: boolean;
}) {
  const intl = useIntl();
  const condoName = SessionContext.useSelector((s) => s.context.data?.condo.CondoName ?? '');
  const [state, send] = useMachine(reservationFacilityMachine, { input: { facilityId, vista: wide ? 'semana' : 'dia' } });
  const page = state.context.page;
  const [editing, setEditing] = useState(false);
  useDocumentTitle(condoName, intl.formatMessage({ id: 'reservations.title' }), page?.facility.Nombre ?? '');

  return (
    <Stack gap="lg" data-facility-state={JSON.stringify(state.value)}>
      <Anchor component={Link} href={FACILITIES_SCREEN} size="sm">
        <FormattedMessage id="reservations.backToFacilities" />
      </Anchor>
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('failed') ? <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('notFound') ? (
        <Text role="status">
          <FormattedMessage id="reservations.notFound" />
        </Text>
      ) : null}
      {page ? (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={1} size="h2">
              {page.facility.Nombre}
            </Title>
            {page.home.puedeAdministrar ? (
              <Button variant="light" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)}>
                <FormattedMessage id="reservations.editFacility" />
              </Button>
            ) : null}
          </Group>
          {reservationId !== null ? (
            <OpenedReservation
              key={reservationId}
              reservationId={reservationId}
              admin={page.home.puedeAdministrar}
              onChanged={() => send({ type: 'refresh' })}
            />
          ) : null}
          <FacilityFacts facility={page.facility} />
          <Booking state={state} send={send} home={page.home} facility={page.facility} />
          {editing ? (
            <FacilityEditorDialog
              facility={page.facility}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                send({ type: 'reload' });
              }}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

type PageState = ReturnType<typeof useMachine<typeof reservationFacilityMachine>>[0];
type PageSend = ReturnType<typeof useMachine<typeof reservationFacilityMachine>>[1];

function Booking({ state, send, home, facility }: { state: PageState; send: PageSend; home: HomeAnswer; facility: Facility }) {
  const flow = useActorRef(reservationMachine, { input: { facility, dwellings: home.viviendas, now: home.ahoraLocal } });
  const flowState = useSelector(flow, (s) => s);
  const outcome = ['confirmed', 'pending', 'refused'].includes(String(flowState.value));
  const answer = state.context.answer;
  // A booking made or refused: the availability is read again, so the next choice sees it.
  useEffect(() => {
    if (outcome) send({ type: 'refresh' });
  }, [outcome, send]);
  useEffect(() => {
    if (answer) flow.send({ type: 'clock', now: answer.ahoraLocal, facility });
  }, [answer, facility, flow]);
  const canBook = home.viviendas.length > 0 && facility.activa;
  // Mounted from the first choice on, and kept: the dialog then closes with its own transition.
  const [flowOpened, setFlowOpened] = useState(false);
  if (!flowOpened && !flowState.matches('choosing')) setFlowOpened(true);
  return (
    // data-booking-state: the booking flow's state (choosing, details, confirming, submitting, failed,
    // confirmed, pending, refused), for end-to-end tests; the dialog itself lives in a portal.
    <Stack gap="sm" data-booking-state={String(flowState.value)}>
      {home.viviendas.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="reservations.noDwelling" />
        </Text>
      ) : null}
      {!facility.admiteMorosos && home.viviendas.some((d) => d.moroso) ? (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          <FormattedMessage id="reservations.refusal.moroso" />
        </Alert>
      ) : null}
      {state.matches('ready') ? (
        <Availability
          state={state}
          send={send}
          facility={facility}
          canBook={canBook}
          onChoose={(choice) => flow.send({ type: 'choose', choice })}
        />
      ) : null}
      {flowOpened ? (
        <Suspense fallback={null}>
          <BookingFlow state={flowState} send={flow.send} onClose={() => flow.send({ type: 'close' })} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function OpenedReservation({ reservationId, admin, onChanged }: { reservationId: number; admin: boolean; onChanged(): void }) {
  const [state, send] = useMachine(reservationActionsMachine, { input: { reservationId, admin } });
  return (
    <Stack gap="xs" component="section" aria-labelledby="opened-reservation" data-reservation-detail-state={String(state.value)}>
      <Title order={2} size="h3" id="opened-reservation">
        <FormattedMessage id="reservations.opened" />
      </Title>
      {state.matches('loading') ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? <Failed failure={state.context.failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('notFound') ? (
        <Text role="status">
          <FormattedMessage id="reservations.reservationNotFound" />
        </Text>
      ) : null}
      <ReservationDetail state={state} send={send} showFacility={false} onChanged={onChanged} />
    </Stack>
  );
}

function FacilityFacts({ facility }: { facility: Facility }) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      {facility.fotos.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {facility.fotos.map((photo) => (
            <Image key={photo.id} src={photo.url} alt={photo.nombre} radius="sm" h={180} fit="cover" />
          ))}
        </SimpleGrid>
      ) : null}
      {facility.Descripcion ? <Text style={{ whiteSpace: 'pre-wrap' }}>{facility.Descripcion}</Text> : null}
      <Group gap="xs">
        <Badge variant="light">
          <FormattedMessage
            id={facility.exclusiva ? 'reservations.capacity.exclusive' : 'reservations.capacity.shared'}
            values={{ capacidad: facility.capacidad }}
          />
        </Badge>
        <Badge variant="light" color={facility.cuotaCents > 0 ? 'blue' : 'gray'}>
          {facility.cuotaCents > 0 ? (
            <FormattedMessage id="reservations.fee" values={{ monto: formatMoney(facility.cuotaCents) }} />
          ) : (
            <FormattedMessage id="reservations.noFee" />
          )}
        </Badge>
        {facility.depositoCents > 0 ? (
          <Badge variant="light" color="blue">
            <FormattedMessage id="reservations.depositAmount" values={{ monto: formatMoney(facility.depositoCents) }} />
          </Badge>
        ) : null}
        {facility.requiereAprobacion ? (
          <Badge variant="light" color="yellow">
            <FormattedMessage id="reservations.needsApproval" />
          </Badge>
        ) : null}
        {!facility.activa ? (
          <Badge variant="light" color="gray">
            <FormattedMessage id="reservations.inactive" />
          </Badge>
        ) : null}
      </Group>
      <Text size="sm">
        <FormattedMessage
          id={facility.unidad === 'bloques' ? 'reservations.unit.bloques' : 'reservations.unit.libre'}
          values={{
            duracion: formatMinutes(facility.duracionBloque),
            min: formatMinutes(facility.minMinutos),
            max: formatMinutes(facility.maxMinutos),
          }}
        />{' '}
        <FormattedMessage id="reservations.ahead" values={{ dias: facility.diasAnticipacion }} />{' '}
        {facility.horasCancelacion > 0 ? (
          <FormattedMessage id="reservations.cancelHours" values={{ horas: facility.horasCancelacion }} />
        ) : null}{' '}
        {facility.limite ? (
          <FormattedMessage
            id={`reservations.limit.${facility.limite.periodo}`}
            values={{ cantidad: facility.limite.cantidad }}
          />
        ) : null}
      </Text>
      <Table withTableBorder striped maw={420} aria-label={intl.formatMessage({ id: 'reservations.hours' })}>
        <Table.Caption>
          <FormattedMessage id="reservations.hours" />
        </Table.Caption>
        <Table.Tbody>
          {WEEKDAY_IDS.map((id, index) => {
            const hours = facility.horario[index];
            return (
              <Table.Tr key={id}>
                <Table.Th scope="row">
                  <FormattedMessage id={id} />
                </Table.Th>
                <Table.Td>
                  {hours ? formatRange(hours.abre, hours.cierra) : <FormattedMessage id="reservations.closed" />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {facility.cierres.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <FormattedMessage id="reservations.closures" />
          </Text>
          {facility.cierres.map((c) => (
            <Text key={c.id} size="sm">
              {formatMoment(c.desde)} – {formatMoment(c.hasta)}
              {c.motivo ? ` · ${c.motivo}` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
      {facility.reglamento || facility.reglamentoPdf ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <FormattedMessage id="reservations.rules" />
          </Text>
          {facility.reglamento ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {facility.reglamento}
            </Text>
          ) : null}
          {facility.reglamentoPdf ? (
            <Anchor href={facility.reglamentoPdf.url} target="_blank" rel="noopener" size="sm">
              <FormattedMessage id="reservations.rulesPdf" />
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
