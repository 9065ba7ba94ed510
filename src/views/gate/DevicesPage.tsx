import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
// /condominio/dispositivos (spec §2.2, issue 26): the administrators' gate devices, each with its state, when it
// was paired and last used; register one (its one-time code and pairing link are shown once), rename it, give it a
// new code, revoke it. A thin view over gateDevicesMachine.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import type { GateDevice, GateDeviceState } from '../../api/gateDevices';
import { canManageGateDevices } from '../../api/permissions';
import { gateDevicesMachine } from '../../machines/gateDevicesMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useCondoTimeZone } from '../common/zonedTime';
import { CodePanel } from './devices/CodePanel';
import { DeviceForm } from './devices/DeviceForm';

const STATE_COLOR: Record<GateDeviceState, string> = { waiting: 'yellow', paired: 'green', revoked: 'gray' };

export default function DevicesPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'gateDevices.title' }));
  if (!data) return null;
  if (!canManageGateDevices(data)) return <Redirect to="/comunicacion" replace />;
  return <DevicesScreen />;
}

function DevicesScreen() {
  const actor = useActorRef(gateDevicesMachine);
  const state = useSelector(actor, (s) => s);
  const { devices, issued, failure } = state.context;
  const [adding, setAdding] = useState(false);
  const canRegister = (draft: { name: string; accessPoint: string }) => state.can({ type: 'register', draft });

  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed')) return <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            <FormattedMessage id="gateDevices.title" />
          </Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="gateDevices.intro" />
          </Text>
        </Stack>
        {!adding && (
          <Button size="md" onClick={() => setAdding(true)} disabled={!state.matches('ready')}>
            <FormattedMessage id="gateDevices.register" />
          </Button>
        )}
      </Group>
      <div aria-live="polite">{failure && <FailureAlert failure={failure} />}</div>
      {issued && state.matches('codeShown') && <CodePanel issued={issued} onClose={() => actor.send({ type: 'closeCode' })} />}
      {adding && (
        <Card withBorder radius="md" padding="lg">
          <DeviceForm
            initial={{ name: '', accessPoint: '' }}
            busy={state.matches('registering')}
            canSubmit={canRegister}
            onSubmit={(draft) => {
              actor.send({ type: 'register', draft });
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </Card>
      )}
      {devices.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="gateDevices.empty" />
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {devices.map((device) => (
            <li key={device.id}>
              <DeviceCard device={device} actor={actor} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DeviceCard({ device, actor }: { device: GateDevice; actor: ReturnType<typeof useActorRef<typeof gateDevicesMachine>> }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const state = useSelector(actor, (s) => s);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const busy = state.context.busyId === device.id;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intl.locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Card withBorder radius="md" padding="md" aria-label={device.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{device.name}</Text>
            <Text size="sm" c="dimmed">
              {device.accessPoint}
            </Text>
          </Stack>
          <Badge color={STATE_COLOR[device.state]} variant="light">
            <FormattedMessage id={`gateDevices.state.${device.state}`} />
          </Badge>
        </Group>
        <Text size="sm">
          {device.lastUsedAt ? (
            <FormattedMessage id="gateDevices.lastUsed" values={{ when: when(device.lastUsedAt) }} />
          ) : (
            <FormattedMessage id="gateDevices.neverUsed" />
          )}
        </Text>
        {device.pairedAt && (
          <Text size="sm">
            <FormattedMessage id="gateDevices.pairedAt" values={{ when: when(device.pairedAt) }} />
          </Text>
        )}
        {device.revokedAt && (
          <Text size="sm">
            <FormattedMessage id="gateDevices.revokedAt" values={{ when: when(device.revokedAt) }} />
          </Text>
        )}
        {editing ? (
          <DeviceForm
            initial={{ name: device.name, accessPoint: device.accessPoint }}
            busy={busy && state.matches('updating')}
            canSubmit={(draft) => state.can({ type: 'update', id: device.id, draft })}
            onSubmit={(draft) => {
              actor.send({ type: 'update', id: device.id, draft });
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : confirming ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              <FormattedMessage id="gateDevices.revokeConfirm" values={{ name: device.name }} />
            </Text>
            <Group gap="sm">
              <Button
                color="red"
                onClick={() => {
                  actor.send({ type: 'revoke', id: device.id });
                  setConfirming(false);
                }}
                disabled={!state.can({ type: 'revoke', id: device.id })}
              >
                <FormattedMessage id="gateDevices.revoke" />
              </Button>
              <Button variant="subtle" onClick={() => setConfirming(false)}>
                <FormattedMessage id="gateDevices.cancel" />
              </Button>
            </Group>
          </Stack>
        ) : (
          device.state !== 'revoked' && (
            <Group gap="xs">
              <Button variant="default" size="sm" onClick={() => setEditing(true)} disabled={!state.matches('ready')}>
                <FormattedMessage id="gateDevices.edit" />
              </Button>
              <Button
                variant="default"
                size="sm"
                loading={busy && state.matches('issuing')}
                onClick={() => actor.send({ type: 'newCode', id: device.id })}
                disabled={!state.can({ type: 'newCode', id: device.id })}
              >
                <FormattedMessage id="gateDevices.newCode" />
              </Button>
              <Button
                variant="light"
                color="red"
                size="sm"
                loading={busy && state.matches('revoking')}
                onClick={() => setConfirming(true)}
                disabled={!state.can({ type: 'revoke', id: device.id })}
              >
                <FormattedMessage id="gateDevices.revoke" />
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
}
