// A device's name and access point, for registering one or editing it.
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GATE_DEVICE_LIMITS, type GateDeviceDraft } from '../../../api/gateDevices';

export function DeviceForm({
  initial,
  busy,
  canSubmit,
  onSubmit,
  onCancel,
}: {
  initial: GateDeviceDraft;
  busy: boolean;
  canSubmit(draft: GateDeviceDraft): boolean;
  onSubmit(draft: GateDeviceDraft): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={intl.formatMessage({ id: 'gateDevices.name' })}
          value={draft.name}
          maxLength={GATE_DEVICE_LIMITS.name}
          required
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <TextInput
          label={intl.formatMessage({ id: 'gateDevices.accessPoint' })}
          value={draft.accessPoint}
          maxLength={GATE_DEVICE_LIMITS.accessPoint}
          required
          onChange={(e) => setDraft({ ...draft, accessPoint: e.currentTarget.value })}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={!busy && !canSubmit(draft)}>
            <FormattedMessage id="gateDevices.save" />
          </Button>
          <Button variant="subtle" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="gateDevices.cancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
