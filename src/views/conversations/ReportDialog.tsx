import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
// 'Reportar mensaje': one message of the other side and a reason, sent to the administration (which sees
// that message only, never the conversation). A thin view over the conversation machine's reporting state.
import { Alert, Blockquote, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { REPORT_REASON_MAX } from '../../api/conversations';
import type { conversationMachine } from '../../machines/conversationMachine';
import { FailureText } from '../common/FailureText';

export function ReportDialog({ actor }: { actor: ActorRefFrom<typeof conversationMachine> }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { reporting, reason, failure } = state.context;
  const reported = state.matches('reported');
  const submitting = state.matches({ reporting: 'submitting' });
  const close = () => {
    if (reported) actor.send({ type: 'close' });
    else if (state.can({ type: 'cancelReport' })) actor.send({ type: 'cancelReport' });
  };
  return (
    <Modal
      opened={state.matches('reporting') || reported}
      onClose={close}
      title={<FormattedMessage id="conversations.report.title" />}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      withCloseButton={!submitting}
      centered
    >
      {reported ? (
        <Stack gap="md">
          <Text role="status">
            <FormattedMessage id="conversations.report.done" />
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>
              <FormattedMessage id="common.close" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          aria-label={intl.formatMessage({ id: 'conversations.report.title' })}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'submitReport' });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              <FormattedMessage id="conversations.report.intro" />
            </Text>
            {reporting ? (
              <Blockquote p="xs" cite={`— ${reporting.UserName}`} style={{ overflowWrap: 'anywhere' }}>
                {reporting.Texto}
              </Blockquote>
            ) : null}
            <Textarea
              label={intl.formatMessage({ id: 'conversations.report.reason' })}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              required
              autosize
              minRows={2}
              disabled={submitting}
              onChange={(e) => actor.send({ type: 'editReason', text: e.currentTarget.value })}
            />
            {state.matches({ reporting: 'failed' }) ? (
              <Alert color="red" role="alert" title={<FormattedMessage id="conversations.report.failed" />}>
                <FailureText failure={failure} />
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={!state.can({ type: 'cancelReport' })}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button
                type="submit"
                color="red"
                loading={submitting}
                disabled={!state.can({ type: 'submitReport' }) && !submitting}
              >
                <FormattedMessage id="conversations.report.submit" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
