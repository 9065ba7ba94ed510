// The privacy notice's dialog (spec §4), in a chunk of its own: most sessions pass the gate at once and never
// load it (PrivacyGate.tsx).
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import type { privacyGateMachine } from '../../machines/privacyGateMachine';
import { FailureAlert } from '../common/FailureAlert';

interface Props {
  state: SnapshotFrom<typeof privacyGateMachine>;
  send: (event: { type: 'accept' } | { type: 'reject' }) => void;
}

export default function PrivacyDialog({ state, send }: Props) {
  const accepting = state.matches('accepting');
  return (
    <Modal
      opened={state.matches('asking') || accepting}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={<FormattedMessage id="privacy.title" />}
      size="lg"
      centered
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{state.context.notice}</Text>
        </ScrollArea.Autosize>
        {state.context.failure ? (
          <FailureAlert failure={state.context.failure} title={<FormattedMessage id="privacy.failed" />} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!state.can({ type: 'reject' })} onClick={() => send({ type: 'reject' })}>
            <FormattedMessage id="privacy.reject" />
          </Button>
          <Button
            loading={accepting}
            disabled={!accepting && !state.can({ type: 'accept' })}
            onClick={() => send({ type: 'accept' })}
          >
            <FormattedMessage id="privacy.accept" />
          </Button>
        </Group>
        {accepting ? (
          <Text size="sm" c="dimmed" role="status">
            <FormattedMessage id="privacy.updating" />
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
