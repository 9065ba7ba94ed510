import '@mantine/core/styles/Alert.css';
// The administrators' support chat inside the launcher's panel (spec §4, §7): who they are talking to, whether the
// desk is in its office hours (outside them, its away message), the box to write with photos or PDFs, and the
// conversation newest first with its read marks, older pages on demand. New messages from support are announced
// politely. A thin view over supportChatMachine, whose actor the launcher owns (it also keeps the badge).
import { Alert, Button, CloseButton, Group, ScrollArea, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { SupportHours } from '../../api/support';
import type { supportChatMachine } from '../../machines/supportChatMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { SupportIcon } from './icons';
import { SupportComposer } from './SupportComposer';
import { SupportMessageList } from './SupportMessageList';
import { stateName } from './supportFormat';

export const SUPPORT_PANEL_ID = 'support-chat-panel';

export function SupportChatPanel({
  actor,
  timeZone,
  onClose,
}: {
  actor: ActorRefFrom<typeof supportChatMachine>;
  timeZone: string;
  onClose(): void;
}) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { messages, text, files, failure, arrived, hayMas, hours, estado } = state.context;
  const title = intl.formatMessage({ id: 'support.panel.title' });
  const showing = state.matches('viewing') || state.matches('sending') || state.matches('sendFailed');

  return (
    <Stack
      gap="sm"
      h="100%"
      id={SUPPORT_PANEL_ID}
      role="dialog"
      aria-label={title}
      aria-busy={state.hasTag('busy')}
      data-state={stateName(state.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <SupportIcon name="support" size={20} />
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        <CloseButton aria-label={intl.formatMessage({ id: 'support.panel.close' })} onClick={onClose} />
      </Group>

      {hours && !hours.disponible ? <AwayNotice hours={hours} /> : null}

      {state.matches('booting') || state.matches('loading') ? (
        <Text role="status" c="dimmed" size="sm">
          <FormattedMessage id="support.panel.loading" />
        </Text>
      ) : null}
      {state.matches('bootFailed') || state.matches('loadFailed') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="support.panel.failed" />}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      ) : null}

      {showing ? (
        <>
          {estado === 'cerrada' ? (
            <Text size="sm" c="dimmed" role="note">
              <FormattedMessage id="support.panel.closedNote" />
            </Text>
          ) : null}
          <SupportComposer
            text={text}
            files={files}
            sending={state.matches('sending')}
            canSend={state.can({ type: 'send' })}
            canAttach={state.can({ type: 'attach', file: { name: 'x', dataUrl: '' } })}
            sendFailure={state.matches('sendFailed') ? failure : null}
            onEdit={(value) => actor.send({ type: 'edit', text: value })}
            onAttach={(file) => actor.send({ type: 'attach', file })}
            onDetach={(index) => actor.send({ type: 'detach', index })}
            onSend={() => actor.send({ type: 'send' })}
            onDismiss={() => actor.send({ type: 'dismiss' })}
          />
          {/* Support's new messages, said once by screen readers without moving the focus. */}
          <VisuallyHidden role="status" aria-live="polite">
            {arrived > 0 ? intl.formatMessage({ id: 'support.panel.arrived' }, { count: arrived }) : ''}
          </VisuallyHidden>
          <ScrollArea.Autosize mah="100%" type="auto" style={{ flex: 1 }}>
            <Stack gap="xs">
              {messages.length === 0 ? (
                <Text c="dimmed" size="sm">
                  <FormattedMessage id="support.panel.empty" />
                </Text>
              ) : (
                <SupportMessageList
                  messages={messages}
                  timeZone={timeZone}
                  label={intl.formatMessage({ id: 'support.panel.messages' })}
                />
              )}
              {state.matches({ viewing: 'olderFailed' }) ? (
                <Alert color="red" role="alert" title={<FormattedMessage id="support.panel.olderFailed" />}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      <FailureText failure={failure} />
                    </Text>
                    <Group gap="xs">
                      <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'loadOlder' })}>
                        <FormattedMessage id="common.retry" />
                      </Button>
                      <Button size="xs" variant="subtle" color="gray" onClick={() => actor.send({ type: 'dismiss' })}>
                        <FormattedMessage id="common.close" />
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : hayMas ? (
                <Button
                  variant="light"
                  size="xs"
                  loading={state.matches({ viewing: 'loadingOlder' })}
                  disabled={!state.can({ type: 'loadOlder' }) && !state.matches({ viewing: 'loadingOlder' })}
                  onClick={() => actor.send({ type: 'loadOlder' })}
                >
                  <FormattedMessage id="support.panel.older" />
                </Button>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </>
      ) : null}
    </Stack>
  );
}

/** Outside office hours: the desk's own away message (or ours), and when it answers. */
function AwayNotice({ hours }: { hours: SupportHours }) {
  const intl = useIntl();
  const weekday = (index: number) =>
    // 2024-01-01 was a Monday: the day names in the reader's language, Monday first.
    new Intl.DateTimeFormat(intl.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + index));
  const open = hours.dias.flatMap((day, index) => (day ? [`${weekday(index)} ${day.abre}–${day.cierra}`] : []));
  return (
    <Alert color="yellow" role="note" title={<FormattedMessage id="support.panel.awayTitle" />}>
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {hours.mensajeAusencia ?? intl.formatMessage({ id: 'support.panel.awayDefault' })}
        </Text>
        {open.length > 0 ? (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="support.panel.hours" values={{ hours: open.join(', '), zone: hours.timeZone }} />
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
