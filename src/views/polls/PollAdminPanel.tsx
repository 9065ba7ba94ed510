// The administrator's card on a poll, over pollAdminMachine: a button for each action the answer's `acciones`
// lists, each asking first in a dialog (a confirmation, a reason, or the new closing time in the poll's zone);
// editing before the poll opens; and the result as CSV and the acta as PDF with their progress. What an
// action did, or that someone else acted first, is said in the card; the poll's screen then reads it again.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Card, Group, Modal, Progress, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { POLL_ACTIONS, type PollAction } from '../../api/pollLifecycle';
import { POLL_REASON_MAX, type PollAnswer } from '../../api/polls';
import { actionNeeds, pollAdminMachine } from '../../machines/pollAdminMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { PollIcon } from './PollIcon';
import { formatPollDate } from './pollFormat';

type AdminState = ReturnType<typeof useMachine<typeof pollAdminMachine>>[0];
type AdminSend = ReturnType<typeof useMachine<typeof pollAdminMachine>>[1];

const ACTION_COLOR: Partial<Record<PollAction, string>> = { cancelar: 'red', rechazar: 'red', cerrar: 'orange' };

export function PollAdminPanel({
  answer,
  canExport,
  onChanged,
  onEdit,
}: {
  answer: PollAnswer;
  canExport: boolean;
  /** Told when an action went through or lost the race (the screen reads the poll again). */
  onChanged(): void;
  /** Opens the editor; null when the poll may no longer be edited. */
  onEdit: (() => void) | null;
}) {
  const headingId = useId();
  const [state, send] = useMachine(pollAdminMachine, { input: { answer, canExport } });
  // The poll as the screen last read it (another administrator's change shows in the buttons offered).
  useEffect(() => {
    send({ type: 'pollRead', answer });
  }, [answer, send]);
  const acted = state.matches({ act: 'done' }) || state.matches({ act: 'conflict' });
  const told = useRef(onChanged);
  told.current = onChanged;
  useEffect(() => {
    if (acted) told.current();
  }, [acted]);
  const offered = POLL_ACTIONS.filter((action) => state.context.answer.acciones.includes(action));
  const exportable =
    state.can({ type: 'download', file: 'csv' }) || state.matches({ file: 'downloading' }) || state.matches({ file: 'failed' });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="polls.admin.title" />
        </Title>
        <Outcome state={state} send={send} />
        {offered.length > 0 || onEdit ? (
          <Group gap="xs" wrap="wrap">
            {onEdit ? (
              <Button variant="default" onClick={onEdit}>
                <FormattedMessage id="polls.editor.edit" />
              </Button>
            ) : null}
            {offered.map((action) => (
              <Button
                key={action}
                variant={action === 'cancelar' || action === 'rechazar' ? 'outline' : 'light'}
                color={ACTION_COLOR[action]}
                disabled={!state.can({ type: 'start', action })}
                onClick={() => send({ type: 'start', action })}
              >
                <FormattedMessage id={`polls.admin.action.${action}`} />
              </Button>
            ))}
          </Group>
        ) : null}
        {exportable ? <Downloads state={state} send={send} /> : null}
      </Stack>
      <ActionDialog state={state} send={send} />
    </Card>
  );
}

/** What the last action did, or that someone else acted first. */
function Outcome({ state, send }: { state: AdminState; send: AdminSend }) {
  const { done, conflict } = state.context;
  return (
    <div aria-live="polite">
      {state.matches({ act: 'done' }) && done ? (
        <Alert color="teal" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FormattedMessage id={`polls.admin.done.${done}`} />
            </Text>
            <Button size="xs" variant="outline" color="teal" onClick={() => send({ type: 'dismiss' })}>
              <FormattedMessage id="polls.admin.understood" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.matches({ act: 'conflict' }) ? (
        <Alert color="orange" role="alert" title={<FormattedMessage id="polls.conflict.changed" />}>
          <Stack gap="xs" align="flex-start">
            {conflict ? <Text size="sm">{conflict}</Text> : null}
            <Button size="xs" variant="outline" color="orange" onClick={() => send({ type: 'dismiss' })}>
              <FormattedMessage id="polls.admin.understood" />
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </div>
  );
}

function ActionDialog({ state, send }: { state: AdminState; send: AdminSend }) {
  const intl = useIntl();
  const { action, motivo, cierra, answer } = state.context;
  const open = state.matches({ act: 'asking' }) || state.matches({ act: 'sending' }) || state.matches({ act: 'failed' });
  const sending = state.matches({ act: 'sending' });
  const needs = action ? actionNeeds(action) : { reason: false, closing: false };
  const dismiss = () => {
    if (state.can({ type: 'dismiss' })) send({ type: 'dismiss' });
  };
  return (
    <Modal
      opened={open && !!action}
      onClose={dismiss}
      title={action ? <FormattedMessage id={`polls.admin.ask.${action}`} /> : null}
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      withCloseButton={!sending}
      centered
    >
      {action ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'confirm' });
          }}
        >
          <Stack gap="md">
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {answer.poll.Titulo}
            </Text>
            {needs.reason ? (
              <Textarea
                required
                data-autofocus
                label={intl.formatMessage({ id: 'polls.admin.reason' })}
                description={intl.formatMessage({
                  id: action === 'cancelar' ? 'polls.admin.reasonPublic' : 'polls.admin.reasonProposer',
                })}
                value={motivo}
                maxLength={POLL_REASON_MAX}
                rows={3}
                disabled={sending}
                onChange={(event) => send({ type: 'editReason', motivo: event.currentTarget.value })}
              />
            ) : null}
            {needs.closing ? (
              <TextInput
                required
                data-autofocus
                type="datetime-local"
                label={intl.formatMessage({ id: 'polls.admin.newClosing' })}
                description={intl.formatMessage(
                  { id: 'polls.admin.currentClosing' },
                  { date: formatPollDate(answer.poll.cierra, answer.poll.zonaHoraria), zone: answer.poll.zonaHoraria },
                )}
                value={cierra}
                disabled={sending}
                onChange={(event) => send({ type: 'editClosing', cierra: event.currentTarget.value })}
              />
            ) : null}
            {!needs.reason && !needs.closing ? (
              <Text size="sm">
                <FormattedMessage id={`polls.admin.confirmText.${action}`} />
              </Text>
            ) : null}
            {state.matches({ act: 'failed' }) ? (
              <FailureAlert failure={state.context.failure} title={<FormattedMessage id="polls.admin.failedTitle" />} />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={dismiss} disabled={sending}>
                <FormattedMessage id="polls.admin.back" />
              </Button>
              <Button
                type="submit"
                color={ACTION_COLOR[action]}
                loading={sending}
                disabled={!sending && !state.can({ type: 'confirm' })}
              >
                <FormattedMessage id="polls.admin.confirm" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

function Downloads({ state, send }: { state: AdminState; send: AdminSend }) {
  const intl = useIntl();
  const { file, progress, fileFailure } = state.context;
  const downloading = state.matches({ file: 'downloading' });
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {(['csv', 'acta'] as const).map((kind) => (
          <Button
            key={kind}
            variant="default"
            leftSection={<PollIcon name="download" />}
            loading={downloading && file === kind}
            disabled={!state.can({ type: 'download', file: kind }) && !(downloading && file === kind)}
            onClick={() => send({ type: 'download', file: kind })}
          >
            <FormattedMessage id={`polls.admin.download.${kind}`} />
          </Button>
        ))}
      </Group>
      {downloading ? (
        <Stack gap={4} role="status">
          <Text size="xs" c="dimmed">
            <FormattedMessage id="polls.admin.downloading" />
          </Text>
          <Progress
            value={progress * 100}
            animated={progress === 0}
            striped={progress === 0}
            aria-label={intl.formatMessage({ id: 'polls.admin.downloading' })}
          />
        </Stack>
      ) : null}
      {state.matches({ file: 'failed' }) ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="polls.admin.downloadFailedTitle" />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <FailureText failure={fileFailure} />
            </Text>
            <Group gap="xs">
              <Button size="xs" color="red" variant="outline" onClick={() => send({ type: 'retryDownload' })}>
                <FormattedMessage id="polls.retry" />
              </Button>
              <Button size="xs" variant="default" onClick={() => send({ type: 'dismissDownload' })}>
                <FormattedMessage id="polls.close" />
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
