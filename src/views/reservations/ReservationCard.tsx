// One reservation as a card (Mis reservaciones, the administration's queue and list, the detail a notification
// opens): facility, day and time, dwelling, people, its phase, fee and deposit, the reason the administration
// gave, and the actions the server allows now over reservationActionsMachine: each asks first (a reason where
// the resident must read one), then says what happened (role=status) or why not (role=alert).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { RESERVATION_REASON_MAX, type Reservation } from '../../api/reservations';
import { facilityPath } from '../../api/sections';
import {
  type AnyReservationAction,
  needsReason,
  offeredActions,
  reservationActionsMachine,
} from '../../machines/reservationActionsMachine';
import { FailureText } from '../common/FailureText';
import { useCondoTimeZone } from '../common/zonedTime';
import { formatDay, formatInstant, formatMoney, formatRange, PHASE_COLOR } from './reservationFormat';

const DANGER: readonly AnyReservationAction[] = ['rechazar', 'cancelar', 'cobrar', 'no_asistio'];

export function ReservationCard({
  reservation,
  admin,
  showFacility = true,
  announce = true,
  onChanged,
}: {
  reservation: Reservation;
  admin: boolean;
  showFacility?: boolean;
  /** Say the outcome on the card; a list that reads itself again says it above instead. */
  announce?: boolean;
  /** A change went through (or the reservation was found changed): lists and counts read again. */
  onChanged?(done: AnyReservationAction | null, message: string | null): void;
}) {
  const [state, send] = useMachine(reservationActionsMachine, {
    input: { reservationId: reservation.ReservationId, admin, reservation },
  });
  return <ReservationDetail state={state} send={send} showFacility={showFacility} announce={announce} onChanged={onChanged} />;
}

type ActionsState = ReturnType<typeof useMachine<typeof reservationActionsMachine>>[0];
type ActionsSend = ReturnType<typeof useMachine<typeof reservationActionsMachine>>[1];

/** A reservation and its actions, over a reservationActionsMachine the caller started. */
export function ReservationDetail({
  state,
  send,
  showFacility,
  announce = true,
  onChanged,
}: {
  state: ActionsState;
  send: ActionsSend;
  showFacility: boolean;
  announce?: boolean;
  onChanged?(done: AnyReservationAction | null, message: string | null): void;
}) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const { reservation, action, done, message, failure, problem, motivo, admin } = state.context;
  const changedOnce = useRef<string | null>(null);
  const changeKey = done || message ? `${done}:${message}:${reservation?.version}` : null;
  useEffect(() => {
    if (changeKey && changedOnce.current !== changeKey) {
      changedOnce.current = changeKey;
      onChanged?.(done, message);
    }
  }, [changeKey, onChanged, done, message]);
  if (!reservation) return null;
  const r = reservation;
  const busy = state.matches('sending');
  const title = `${showFacility ? `${r.Instalacion} · ` : ''}${formatDay(r.fecha)} ${formatRange(r.desde, r.hasta)}`;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={title}
      data-reservation-id={r.ReservationId}
      data-reservation-phase={r.fase}
      data-reservation-actions-state={String(state.value)}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            {showFacility ? (
              <Anchor component={Link} href={facilityPath(r.FacilityId, r.ReservationId)} fw={600}>
                {r.Instalacion}
              </Anchor>
            ) : null}
            <Text fw={showFacility ? 400 : 600}>
              {formatDay(r.fecha)} · {formatRange(r.desde, r.hasta)}
            </Text>
          </Stack>
          <Badge color={PHASE_COLOR[r.fase]} variant="light">
            <FormattedMessage id={`reservations.phase.${r.fase}`} />
          </Badge>
        </Group>
        <Text size="sm">
          <FormattedMessage
            id="reservations.card.who"
            values={{ vivienda: r.Vivienda, personas: r.personas, reservo: r.Reservo }}
          />
        </Text>
        {r.cuotaCents > 0 || r.depositoCents > 0 ? (
          <Text size="sm">
            <FormattedMessage
              id="reservations.card.money"
              values={{
                cuota: formatMoney(r.cuotaCents),
                deposito: formatMoney(r.depositoCents),
                // Nothing is charged before confirmation: a request's deposit is "charged when confirmed".
                estado: intl.formatMessage({
                  id:
                    r.deposito === 'ninguno' && r.depositoCents > 0
                      ? 'reservations.deposit.alConfirmar'
                      : `reservations.deposit.${r.deposito}`,
                }),
              }}
            />
          </Text>
        ) : null}
        {r.nota ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="reservations.card.note" values={{ nota: r.nota }} />
          </Text>
        ) : null}
        {r.motivo ? (
          <Text size="sm">
            <FormattedMessage id="reservations.card.reason" values={{ motivo: r.motivo }} />
          </Text>
        ) : null}
        {r.cancelarAntesDe && r.acciones.includes('cancelar') && !admin ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage
              id="reservations.card.cancelBefore"
              values={{ fecha: formatInstant(r.cancelarAntesDe, timeZone) }}
            />
          </Text>
        ) : null}
        {done && announce ? (
          <Text size="sm" c="teal" role="status">
            <FormattedMessage id={`reservations.done.${done}`} />
          </Text>
        ) : null}
        {message && announce ? (
          <Alert color="orange" role="alert" p="xs">
            {message}
          </Alert>
        ) : null}
        {state.matches('idle') && offeredActions(r).length > 0 ? (
          <Group gap="xs">
            {offeredActions(r).map((a) => (
              <Button
                key={a}
                size="xs"
                variant={DANGER.includes(a) ? 'light' : 'filled'}
                color={DANGER.includes(a) ? 'red' : undefined}
                onClick={() => send({ type: 'choose', action: a })}
              >
                <FormattedMessage id={`reservations.action.${a}`} />
              </Button>
            ))}
          </Group>
        ) : null}
        {action && (state.matches('asking') || busy || state.matches('failed')) ? (
          <Stack gap="xs" role="group" aria-label={intl.formatMessage({ id: `reservations.action.${action}` })}>
            <Text size="sm" fw={500}>
              <FormattedMessage id={`reservations.ask.${action}`} />
            </Text>
            {needsReason(action, admin) ? (
              <Textarea
                label={intl.formatMessage({ id: 'reservations.reason' })}
                value={motivo}
                maxLength={RESERVATION_REASON_MAX}
                minRows={2}
                required
                disabled={busy}
                error={problem ? intl.formatMessage({ id: 'reservations.reasonRequired' }) : undefined}
                onChange={(e) => send({ type: 'setReason', motivo: e.currentTarget.value })}
              />
            ) : null}
            {state.matches('failed') ? (
              <Text size="sm" c="red" role="alert">
                <FailureText failure={failure} />
              </Text>
            ) : null}
            <Group gap="xs">
              {state.matches('failed') ? (
                <Button size="xs" color="red" onClick={() => send({ type: 'retry' })}>
                  <FormattedMessage id="reservations.retry" />
                </Button>
              ) : (
                <Button
                  size="xs"
                  color={DANGER.includes(action) ? 'red' : undefined}
                  loading={busy}
                  onClick={() => send({ type: 'confirm' })}
                >
                  <FormattedMessage id={`reservations.confirmAction.${action}`} />
                </Button>
              )}
              <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'dismiss' })}>
                <FormattedMessage id="reservations.keep" />
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
