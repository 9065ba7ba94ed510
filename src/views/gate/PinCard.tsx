import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// "PIN de turno" on the employee panel (issue 26): whether the guard has a shift PIN, and a form to set or change
// it (typed twice, masked, with their current password). A thin view over gatePinMachine; the panel shows it to
// those who pass canUseGate.
import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { gatePinMachine, type PinField, pinFormErrors } from '../../machines/gatePinMachine';
import { FailureAlert } from '../common/FailureAlert';

/** Digits only, at most six: what a PIN field keeps of what is typed or pasted. */
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export function PinCard() {
  const intl = useIntl();
  const [state, send] = useMachine(gatePinMachine);
  const { hasPin, failure } = state.context;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gate-pin-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="gate-pin-title">
            <FormattedMessage id="gateDevices.pin.title" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gateDevices.pin.help" />
          </Text>
        </Stack>
        {state.matches('loading') ? <Loader size="sm" aria-label={intl.formatMessage({ id: 'app.loading' })} /> : null}
        {state.matches('loadFailed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="gateDevices.pin.loadFailed" />}
            onRetry={() => send({ type: 'retry' })}
          />
        ) : null}
        {state.matches('refused') ? (
          <FailureAlert failure={failure} title={<FormattedMessage id="gateDevices.pin.refused" />} />
        ) : null}
        {state.matches('saved') ? (
          <Alert color="green" role="status">
            <FormattedMessage id="gateDevices.pin.saved" />
          </Alert>
        ) : null}
        {state.matches('ready') || state.matches('saved') ? (
          <Stack gap="sm" align="flex-start">
            <Text>
              <FormattedMessage id={hasPin ? 'gateDevices.pin.has' : 'gateDevices.pin.none'} />
            </Text>
            <Button size="lg" mih={48} onClick={() => send({ type: 'edit' })}>
              <FormattedMessage id={hasPin ? 'gateDevices.pin.change' : 'gateDevices.pin.set'} />
            </Button>
          </Stack>
        ) : null}
        {state.matches('editing') || state.matches('saving') || state.matches('failed') ? (
          <PinForm state={state} send={send} />
        ) : null}
      </Stack>
    </Card>
  );
}

type PinMachine = ReturnType<typeof useMachine<typeof gatePinMachine>>;

function PinForm({ state, send }: { state: PinMachine[0]; send: PinMachine[1] }) {
  const intl = useIntl();
  // Which fields the guard has left: a rule is shown under a field once they move on, not while they type.
  const [left, setLeft] = useState<Record<PinField, boolean>>({ pin: false, confirmation: false, password: false });
  const { pin, confirmation, password, refusal, failure } = state.context;
  const errors: Partial<Record<PinField, string>> = pinFormErrors(state.context);
  const saving = state.matches('saving');
  const errorOf = (field: PinField) => {
    const id = left[field] ? errors[field] : undefined;
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const change = (field: PinField, value: string) => send({ type: 'change', field, value });
  const leave = (field: PinField) => setLeft((before) => ({ ...before, [field]: true }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={intl.formatMessage({ id: 'gateDevices.pin.newPin' })}
          value={pin}
          onChange={(e) => change('pin', digits(e.currentTarget.value))}
          onBlur={() => leave('pin')}
          error={errorOf('pin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          size="lg"
          disabled={saving}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'gateDevices.pin.confirm' })}
          value={confirmation}
          onChange={(e) => change('confirmation', digits(e.currentTarget.value))}
          onBlur={() => leave('confirmation')}
          error={errorOf('confirmation')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          size="lg"
          disabled={saving}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'gateDevices.pin.password' })}
          value={password}
          onChange={(e) => change('password', e.currentTarget.value)}
          onBlur={() => leave('password')}
          error={refusal === 'wrongPassword' ? true : errorOf('password')}
          autoComplete="current-password"
          maxLength={200}
          size="lg"
          disabled={saving}
        />
        {refusal ? (
          <Alert color="red" role="alert">
            <FormattedMessage id={refusal === 'wrongPassword' ? 'gateDevices.pin.wrongPassword' : 'gateDevices.tooMany'} />
          </Alert>
        ) : null}
        {state.matches('failed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="gateDevices.pin.saveFailed" />}
            onRetry={() => send({ type: 'retry' })}
          />
        ) : null}
        <Group gap="sm" wrap="wrap">
          <Button type="submit" size="lg" mih={48} loading={saving} disabled={!saving && !state.can({ type: 'submit' })}>
            <FormattedMessage id="gateDevices.pin.save" />
          </Button>
          <Button variant="default" size="lg" mih={48} disabled={saving} onClick={() => send({ type: 'cancel' })}>
            <FormattedMessage id="gateDevices.cancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
