// The booking flow over reservationMachine, in a dialog (full screen on a phone) with three steps: details
// (people, dwelling, note; how long for free ranges), the reglamento to accept, then the outcome — confirmed,
// waiting for approval, refused with the reason, or a failure to retry without losing anything.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Stepper.css';
import { Alert, Anchor, Button, Checkbox, Group, Modal, NativeSelect, Stack, Stepper, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import type { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { weekdayIndex } from '../../api/reservationRules';
import { RESERVATION_NOTE_MAX } from '../../api/reservations';
import { endChoices, peopleLimit, type reservationMachine } from '../../machines/reservationMachine';
import { FailureText } from '../common/FailureText';
import { WholeNumberInput } from '../common/WholeNumberInput';
import { formatDay, formatMinutes, formatMoney, formatRange, formatTime } from './reservationFormat';

type FlowState = ReturnType<typeof useMachine<typeof reservationMachine>>[0];
type FlowSend = ReturnType<typeof useMachine<typeof reservationMachine>>[1];

const STEP: Record<string, number> = {
  details: 0,
  confirming: 1,
  submitting: 1,
  failed: 1,
  confirmed: 2,
  pending: 2,
  refused: 2,
};

export function BookingFlow({ state, send, onClose }: { state: FlowState; send: FlowSend; onClose(): void }) {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const value = String(state.value);
  const { choice, facility } = state.context;
  const open = !state.matches('choosing');
  const busy = state.matches('submitting');
  return (
    <Modal
      opened={open}
      onClose={() => (busy ? undefined : onClose())}
      fullScreen={phone}
      size="lg"
      title={intl.formatMessage({ id: 'reservations.flow.title' }, { instalacion: facility.Nombre })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'reservations.flow.closeDialog' }) }}
    >
      <Stack gap="md">
        {choice ? (
          <Text fw={600}>
            {formatDay(choice.fecha)} · {formatRange(choice.desde, choice.hasta)}
          </Text>
        ) : null}
        {state.matches('refused') ? null : (
          <Stepper active={STEP[value] ?? 0} size="sm" allowNextStepsSelect={false}>
            <Stepper.Step label={intl.formatMessage({ id: 'reservations.flow.step.details' })} />
            <Stepper.Step label={intl.formatMessage({ id: 'reservations.flow.step.rules' })} />
            <Stepper.Step label={intl.formatMessage({ id: 'reservations.flow.step.done' })} />
          </Stepper>
        )}
        {state.matches('details') ? <Details state={state} send={send} /> : null}
        {state.matches('confirming') || busy || state.matches('failed') ? <Rules state={state} send={send} /> : null}
        {state.matches('confirmed') || state.matches('pending') || state.matches('refused') ? (
          <Outcome state={state} send={send} onClose={onClose} />
        ) : null}
      </Stack>
    </Modal>
  );
}

function Details({ state, send }: { state: FlowState; send: FlowSend }) {
  const intl = useIntl();
  const { facility, choice, dwellings, personas, ApmtId, nota, problem } = state.context;
  const limit = peopleLimit(state.context);
  const close = choice ? (facility.horario[weekdayIndex(choice.fecha)]?.cierra ?? null) : null;
  const ends = choice ? endChoices(facility, choice, close) : [];
  return (
    // noValidate: the machine judges the details and says what is missing in the reader's words; the browser's
    // own check of the required Vivienda would stop the form with its own bubble before the machine hears of it.
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'next' });
      }}
    >
      <Stack gap="sm">
        {ends.length > 1 && choice ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'reservations.flow.until' })}
            value={choice.hasta}
            onChange={(e) => send({ type: 'setEnd', hasta: e.currentTarget.value })}
            data={ends.map((end) => ({
              value: end,
              label: `${formatTime(end)} (${formatMinutes(Number(end.slice(0, 2)) * 60 + Number(end.slice(3)) - (Number(choice.desde.slice(0, 2)) * 60 + Number(choice.desde.slice(3))))})`,
            }))}
          />
        ) : null}
        <WholeNumberInput
          label={intl.formatMessage({ id: 'reservations.flow.people' })}
          description={intl.formatMessage({ id: 'reservations.flow.peopleHint' }, { max: limit })}
          min={1}
          max={limit}
          value={personas}
          // Emptied, the count is 0 as before: the machine refuses it with the capacity's message.
          onChange={(v) => send({ type: 'setPeople', personas: Number.isNaN(v) ? 0 : v })}
          error={
            problem === 'personas' ? intl.formatMessage({ id: 'reservations.refusal.personas' }, { capacidad: limit }) : undefined
          }
          required
        />
        {dwellings.length > 1 ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'reservations.flow.dwelling' })}
            value={ApmtId === null ? '' : String(ApmtId)}
            onChange={(e) => send({ type: 'setDwelling', ApmtId: Number(e.currentTarget.value) })}
            error={problem === 'vivienda' ? intl.formatMessage({ id: 'reservations.flow.dwellingRequired' }) : undefined}
            data={[
              { value: '', label: intl.formatMessage({ id: 'reservations.flow.chooseDwelling' }), disabled: true },
              ...dwellings.map((d) => ({ value: String(d.ApmtId), label: d.Nombre })),
            ]}
            required
          />
        ) : null}
        <Textarea
          label={intl.formatMessage({ id: 'reservations.flow.note' })}
          value={nota}
          maxLength={RESERVATION_NOTE_MAX}
          minRows={2}
          onChange={(e) => send({ type: 'setNote', nota: e.currentTarget.value })}
        />
        {facility.cuotaCents > 0 || facility.depositoCents > 0 ? (
          <Text size="sm">
            <FormattedMessage
              id="reservations.flow.money"
              values={{ cuota: formatMoney(facility.cuotaCents), deposito: formatMoney(facility.depositoCents) }}
            />
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => send({ type: 'back' })}>
            <FormattedMessage id="reservations.flow.otherTime" />
          </Button>
          <Button type="submit">
            <FormattedMessage id="reservations.flow.continue" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Rules({ state, send }: { state: FlowState; send: FlowSend }) {
  const intl = useIntl();
  const { facility, acepta, message, failure } = state.context;
  const busy = state.matches('submitting');
  return (
    <Stack gap="sm">
      <Text fw={600}>
        <FormattedMessage id="reservations.rules" />
      </Text>
      {facility.reglamento ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflowY: 'auto' }} tabIndex={0}>
          {facility.reglamento}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="reservations.rulesNone" />
        </Text>
      )}
      {facility.reglamentoPdf ? (
        <Anchor href={facility.reglamentoPdf.url} target="_blank" rel="noopener">
          <FormattedMessage id="reservations.rulesPdf" />
        </Anchor>
      ) : null}
      <Checkbox
        label={intl.formatMessage({ id: 'reservations.flow.accept' })}
        checked={acepta}
        disabled={busy}
        onChange={(e) => send({ type: 'accept', accepted: e.currentTarget.checked })}
      />
      {state.matches('failed') ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="reservations.flow.failed" />}>
          {message ?? <FailureText failure={failure} />}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" disabled={busy} onClick={() => send({ type: 'back' })}>
          <FormattedMessage id="reservations.flow.back" />
        </Button>
        {state.matches('failed') ? (
          <Button onClick={() => send({ type: 'retry' })}>
            <FormattedMessage id="reservations.retry" />
          </Button>
        ) : (
          <Button loading={busy} disabled={!acepta} onClick={() => send({ type: 'confirm' })}>
            <FormattedMessage id="reservations.flow.confirm" />
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Outcome({ state, send, onClose }: { state: FlowState; send: FlowSend; onClose(): void }) {
  const { refusal, message, facility, booked } = state.context;
  if (state.matches('refused')) {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" icon={<IconX aria-hidden />} title={<FormattedMessage id="reservations.flow.refused" />}>
          <Stack gap={4}>
            {/* A known reason in the reader's words (with the facility's figures); otherwise the server's. */}
            <Text size="sm" data-refusal={refusal ?? ''}>
              {refusal ? (
                <FormattedMessage
                  id={`reservations.refusal.${refusal}`}
                  values={{
                    dias: facility.diasAnticipacion,
                    min: formatMinutes(facility.minMinutos),
                    max: formatMinutes(facility.maxMinutos),
                    capacidad: facility.capacidad,
                  }}
                />
              ) : (
                message
              )}
            </Text>
          </Stack>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => send({ type: 'startOver' })}>
            <FormattedMessage id="reservations.flow.chooseAgain" />
          </Button>
        </Group>
      </Stack>
    );
  }
  const confirmed = state.matches('confirmed');
  return (
    <Stack gap="sm">
      <Alert
        color={confirmed ? 'teal' : 'yellow'}
        role="status"
        icon={confirmed ? <IconCircleCheck aria-hidden /> : <IconClockHour4 aria-hidden />}
        title={<FormattedMessage id={confirmed ? 'reservations.flow.confirmed' : 'reservations.flow.pending'} />}
      >
        {booked ? (
          <Text size="sm">
            {formatDay(booked.fecha)} · {formatRange(booked.desde, booked.hasta)} · {booked.Vivienda}
          </Text>
        ) : null}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>
          <FormattedMessage id="reservations.flow.close" />
        </Button>
      </Group>
    </Stack>
  );
}
