import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Switch.css';
// mi-perfil (issue 30): "Notificaciones en este dispositivo": this browser's Web Push, its state in words (not
// supported, blocked, on, off) with the one button that changes it, and a switch per kind of notification for
// all the person's devices. A thin view over pushSettingsMachine.
import { Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pushSettingsMachine } from '../../machines/pushSettingsMachine';
import { FailureAlert } from '../common/FailureAlert';

type DeviceState = 'unsupported' | 'blocked' | 'off' | 'turningOn' | 'on' | 'turningOff' | 'failed';

export function PushCard() {
  const intl = useIntl();
  const [state, send] = useMachine(pushSettingsMachine);
  const { kinds, dismissed, failure, kindFailure } = state.context;
  const deviceState = state.matches('ready') ? (state.value as { ready: { device: DeviceState } }).ready.device : null;
  const savingKinds = state.matches({ ready: { kinds: 'saving' } });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="push-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <FormattedMessage id="push.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="push.intro" />
        </Text>
        {state.matches('loading') ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">
              <FormattedMessage id="push.checking" />
            </Text>
          </Group>
        ) : null}
        {state.matches('loadFailed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="push.loadFailed" />}
            onRetry={() => send({ type: 'retry' })}
            retryLabel={<FormattedMessage id="push.retry" />}
          />
        ) : null}
        {deviceState ? <DeviceLine device={deviceState} dismissed={dismissed} /> : null}
        {deviceState === 'blocked' ? (
          <Group>
            <Button variant="default" onClick={() => send({ type: 'checkAgain' })}>
              <FormattedMessage id="push.checkAgain" />
            </Button>
          </Group>
        ) : null}
        {deviceState === 'off' || deviceState === 'turningOn' ? (
          <Group>
            <Button loading={deviceState === 'turningOn'} onClick={() => send({ type: 'turnOn' })}>
              <FormattedMessage id="push.turnOn" />
            </Button>
          </Group>
        ) : null}
        {deviceState === 'on' || deviceState === 'turningOff' ? (
          <Group>
            <Button variant="default" loading={deviceState === 'turningOff'} onClick={() => send({ type: 'turnOff' })}>
              <FormattedMessage id="push.turnOff" />
            </Button>
          </Group>
        ) : null}
        {deviceState === 'failed' ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="push.failed" />}
            onRetry={() => send({ type: 'retry' })}
            retryLabel={<FormattedMessage id="push.retry" />}
          />
        ) : null}
        {deviceState !== null && kinds.length > 0 ? (
          <Stack gap="xs" mt="xs" role="group" aria-labelledby="push-kinds-title">
            <Text fw={600} size="sm" id="push-kinds-title">
              <FormattedMessage id="push.kinds.title" />
            </Text>
            <Text size="xs" c="dimmed">
              <FormattedMessage id="push.kinds.hint" />
            </Text>
            {kinds.map((setting) => (
              <Switch
                key={setting.kind}
                label={intl.formatMessage({ id: `push.kind.${setting.kind}` })}
                checked={setting.enabled}
                disabled={savingKinds}
                onChange={(event) => send({ type: 'setKind', kind: setting.kind, enabled: event.currentTarget.checked })}
              />
            ))}
            {kindFailure ? <FailureAlert failure={kindFailure} title={<FormattedMessage id="push.kindFailed" />} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The device's state in words, read out when it changes. */
function DeviceLine({ device, dismissed }: { device: DeviceState; dismissed: boolean }) {
  const id =
    device === 'unsupported'
      ? 'push.state.unsupported'
      : device === 'blocked'
        ? 'push.state.blocked'
        : device === 'on' || device === 'turningOff'
          ? 'push.state.on'
          : dismissed && device === 'off'
            ? 'push.state.dismissed'
            : device === 'failed'
              ? null
              : 'push.state.off';
  if (id === null) return null;
  return (
    <Text size="sm" role="status" data-testid="push-state" data-state={device}>
      <FormattedMessage id={id} />
    </Text>
  );
}
