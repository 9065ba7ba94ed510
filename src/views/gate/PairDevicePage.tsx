import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/dispositivos/register/{id} (spec §2.2, issue 26), opened on the device itself with nobody signed
// in (it renders outside the authentication guard, src/views/app/routes.tsx): the one-time code pairs the
// device; then, on the same page, a guard picks their name and types their PIN to start a shift, and the caseta
// opens. "Terminar turno" in the device shell comes back here. A thin view over gatePairingMachine.
import { Alert, Button, Center, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useParams } from 'wouter';
import { PAIRING_CODE_DIGITS } from '../../api/gateDevices';
import { gatePairingMachine, type PairingRefusal } from '../../machines/gatePairingMachine';
import { readPairedDevice } from '../../services/gateDevicesService';
import { FailureAlert } from '../common/FailureAlert';
import { PageLoader } from '../common/PageLoader';
import { SessionContext } from '../common/SessionContext';

/** Where the shift starts (the caseta screen, another area's page). */
export const GATE_HOME = '~/condominio/caseta';

export default function PairDevicePage() {
  const params = useParams<{ id: string }>();
  const deviceId = Number(params.id);
  const signedIn = SessionContext.useSelector((s) => s.matches('signedIn'));
  const settling = SessionContext.useSelector((s) => s.matches('checking') || s.matches('loading') || s.matches('signingOut'));
  const data = SessionContext.useSelector((s) => s.context.data);
  const session = SessionContext.useActorRef();
  if (!Number.isSafeInteger(deviceId) || deviceId <= 0) return <Redirect to="~/sessions/404" replace />;
  if (settling) return <PageLoader />;
  if (signedIn && data?.dispositivo) return <Redirect to={GATE_HOME} replace />;
  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={420} gap="lg">
        {signedIn && data ? (
          <Stack gap="sm">
            <Text>
              <FormattedMessage id="gateDevices.shift.sessionOpen" values={{ name: data.usuario.UserName }} />
            </Text>
            <Button size="lg" onClick={() => session.send({ type: 'signOut' })}>
              <FormattedMessage id="gateDevices.shift.signOut" />
            </Button>
          </Stack>
        ) : (
          <Pairing deviceId={deviceId} />
        )}
      </Stack>
    </Center>
  );
}

function RefusalAlert({ refusal }: { refusal: PairingRefusal | null }) {
  if (!refusal) return null;
  const id =
    refusal === 'tooMany'
      ? 'gateDevices.tooMany'
      : refusal === 'unpaired'
        ? 'gateDevices.error.unknownDevice'
        : `gateDevices.error.${refusal}`;
  return (
    <Alert color={refusal === 'unpaired' ? 'yellow' : 'red'} role="alert">
      <FormattedMessage id={id} />
    </Alert>
  );
}

function Pairing({ deviceId }: { deviceId: number }) {
  const session = SessionContext.useActorRef();
  const [state, send] = useMachine(gatePairingMachine, { input: { deviceId, stored: readPairedDevice(), session } });
  const { device, otherDevice, refusal, failure } = state.context;

  if (state.matches('deciding') || state.matches('loadingStaff') || state.matches('onDuty')) return <PageLoader />;
  if (state.matches('staffFailed')) return <FailureAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  if (state.matches('askingCode') || state.matches('pairing')) {
    return (
      <CodeForm
        busy={state.matches('pairing')}
        canPair={(code) => state.can({ type: 'pair', code })}
        onPair={(code) => send({ type: 'pair', code })}
        otherName={otherDevice?.deviceName ?? null}
        refusal={refusal}
        failure={failure}
      />
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {device?.condoName}
        </Text>
        <Title order={1} size="h2">
          {device?.deviceName}
        </Title>
        <Text size="sm">{device?.accessPoint}</Text>
      </Stack>
      <ShiftForm
        staff={state.context.staff}
        busy={state.matches('startingShift')}
        canStart={(membershipId, pin) => state.can({ type: 'start', membershipId, pin })}
        onStart={(membershipId, pin) => send({ type: 'start', membershipId, pin })}
      />
      <RefusalAlert refusal={refusal} />
      {failure && <FailureAlert failure={failure} />}
    </Stack>
  );
}

function CodeForm(props: {
  busy: boolean;
  canPair(code: string): boolean;
  onPair(code: string): void;
  otherName: string | null;
  refusal: PairingRefusal | null;
  failure: ReturnType<typeof useMachine<typeof gatePairingMachine>>[0]['context']['failure'];
}) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onPair(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          <FormattedMessage id="gateDevices.pair.title" />
        </Title>
        <Text>
          <FormattedMessage id="gateDevices.pair.help" />
        </Text>
        {props.otherName && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gateDevices.pair.otherDevice" values={{ name: props.otherName }} />
          </Text>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'gateDevices.pair.code' })}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, PAIRING_CODE_DIGITS))}
          inputMode="numeric"
          autoComplete="one-time-code"
          size="lg"
          maxLength={PAIRING_CODE_DIGITS}
        />
        <Button type="submit" size="lg" loading={props.busy} disabled={!props.busy && !props.canPair(code)}>
          <FormattedMessage id="gateDevices.pair.submit" />
        </Button>
        <RefusalAlert refusal={props.refusal} />
        {props.failure && <FailureAlert failure={props.failure} />}
      </Stack>
    </form>
  );
}

function ShiftForm(props: {
  staff: { membershipId: number; name: string; hasPin: boolean }[];
  busy: boolean;
  canStart(membershipId: number, pin: string): boolean;
  onStart(membershipId: number, pin: string): void;
}) {
  const intl = useIntl();
  const withPin = props.staff.filter((m) => m.hasPin);
  const [membershipId, setMembershipId] = useState(withPin[0]?.membershipId ?? 0);
  const [pin, setPin] = useState('');
  if (withPin.length === 0) {
    return (
      <Text>
        <FormattedMessage id="gateDevices.shift.noStaff" />
      </Text>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onStart(membershipId, pin);
    setPin('');
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          <FormattedMessage id="gateDevices.shift.title" />
        </Title>
        <NativeSelect
          label={intl.formatMessage({ id: 'gateDevices.shift.who' })}
          size="lg"
          value={String(membershipId)}
          onChange={(e) => setMembershipId(Number(e.currentTarget.value))}
          data={props.staff.map((m) => ({
            value: String(m.membershipId),
            label: m.hasPin ? m.name : `${m.name} (${intl.formatMessage({ id: 'gateDevices.shift.noPin' })})`,
            disabled: !m.hasPin,
          }))}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'gateDevices.shift.pin' })}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="off"
          size="lg"
          maxLength={6}
        />
        <Button type="submit" size="lg" loading={props.busy} disabled={!props.busy && !props.canStart(membershipId, pin)}>
          <FormattedMessage id="gateDevices.shift.submit" />
        </Button>
      </Stack>
    </form>
  );
}
