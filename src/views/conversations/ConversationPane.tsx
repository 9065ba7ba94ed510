import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Menu.css';
// One conversation beside the inbox (or alone on a phone, with the way back): the other side's name and
// Más acciones (block or unblock the dwelling), the box to write with photos, the messages newest first
// with their read receipts, older pages on demand. New messages arrive every 15 s and are announced
// politely. A thin view over conversationMachine; it tells the page when the conversation was seen or
// changed, so the inbox follows.
import { Alert, Badge, Button, Card, Group, Menu, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MESSAGE_TEXT_MAX } from '../../api/conversations';
import { type ConversationContext, conversationMachine } from '../../machines/conversationMachine';
import { FailureText } from '../common/FailureText';
import { useLiveEvent } from '../common/useLiveEvent';
import { ConversationFailureAlert } from './ConversationFailureAlert';
import { stateName } from './conversationTime';
import { MessageIcon } from './icons';
import { MessageBubble } from './MessageBubble';
import { PhotoPicker } from './PhotoPicker';
import { ReportDialog } from './ReportDialog';

export interface ConversationPaneProps {
  conversationId: number;
  /** On a phone the inbox is hidden: the pane offers the way back. */
  onBack: (() => void) | null;
  /** Opened, or new messages arrived while open: read now. */
  onSeen(conversationId: number): void;
  /** A message sent or the block changed: the inbox has news. */
  onChanged(): void;
}

export function ConversationPane(props: ConversationPaneProps) {
  const intl = useIntl();
  const actor = useActorRef(conversationMachine, { input: { conversationId: props.conversationId } });
  // The live channel (issue 30): a message or a read receipt in this conversation.
  useLiveEvent('conversation', (event) => {
    if (!event || event.data.conversationId === props.conversationId) actor.send({ type: 'refresh' });
  });
  const state = useSelector(actor, (s) => s);
  const { conversation, messages, text, photos, failure, arrived, hayMas } = state.context;
  const viewing = state.matches('viewing');
  const sending = state.matches('sending');
  // The refresh is not announced as busy: it must not hush the new messages' announcement.
  const busy = state.hasTag('busy');
  useConversationNews(props, state.context);

  const back = props.onBack ? (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<MessageIcon name="back" />}
      onClick={props.onBack}
      style={{ alignSelf: 'flex-start' }}
    >
      <FormattedMessage id="conversations.pane.back" />
    </Button>
  ) : null;

  if (state.matches('refused')) {
    return (
      <Card withBorder radius="md" padding="md" data-state="refused">
        <Stack gap="sm" align="flex-start">
          {back}
          <Text role="alert">
            <FormattedMessage id="conversations.pane.refused" />
          </Text>
        </Stack>
      </Card>
    );
  }

  const name = conversation?.otro.Nombre ?? '';
  const blocked = conversation?.bloqueado === true;
  const canToggleBlock = state.can({ type: 'block' }) || state.can({ type: 'unblock' });

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={conversation ? name : intl.formatMessage({ id: 'conversations.pane.loading' })}
      aria-busy={busy}
      data-state={stateName(state.value)}
    >
      <Stack gap="sm">
        {back}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            {conversation ? (
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
            ) : null}
            {blocked ? (
              <Badge color="gray" variant="outline">
                <FormattedMessage id="conversations.inbox.blocked" />
              </Badge>
            ) : null}
          </Group>
          {conversation && conversation.yo.ApmtId !== null && conversation.otro.ApmtId !== null ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" size="compact-sm" disabled={!canToggleBlock} loading={state.matches('blocking')}>
                  <FormattedMessage id="conversations.pane.actions" />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {blocked ? (
                  <Menu.Item onClick={() => actor.send({ type: 'unblock' })}>
                    <FormattedMessage id="conversations.pane.unblock" />
                  </Menu.Item>
                ) : (
                  <Menu.Item color="red" onClick={() => actor.send({ type: 'block' })}>
                    <FormattedMessage id="conversations.pane.block" />
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>

        {state.matches('loading') ? (
          <Text role="status" c="dimmed" size="sm">
            <FormattedMessage id="conversations.pane.loading" />
          </Text>
        ) : null}
        {state.matches('loadFailed') ? (
          <ConversationFailureAlert
            title="conversations.pane.failed"
            failure={failure}
            action="retry"
            onAction={() => actor.send({ type: 'retry' })}
          />
        ) : null}

        {blocked ? (
          <Alert color="gray" role="note">
            <FormattedMessage id="conversations.pane.blockedNotice" />
          </Alert>
        ) : null}
        {state.matches({ viewing: 'blockFailed' }) ? (
          <ConversationFailureAlert
            title="conversations.pane.blockFailed"
            failure={failure}
            action="close"
            onAction={() => actor.send({ type: 'dismiss' })}
          />
        ) : null}

        {conversation && !blocked ? (
          <form
            aria-label={intl.formatMessage({ id: 'conversations.composer.label' })}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'send' });
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={intl.formatMessage({ id: 'conversations.composer.label' })}
                value={text}
                maxLength={MESSAGE_TEXT_MAX}
                autosize
                minRows={2}
                maxRows={8}
                disabled={sending}
                onChange={(e) => actor.send({ type: 'edit', text: e.currentTarget.value })}
                onKeyDown={(e) => {
                  // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line.
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    actor.send({ type: 'send' });
                  }
                }}
              />
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <PhotoPicker
                  photos={photos}
                  canAdd={state.can({ type: 'attach', photo: { name: 'x', dataUrl: '' } })}
                  disabled={!viewing}
                  onAdd={(photo) => actor.send({ type: 'attach', photo })}
                  onRemove={(index) => actor.send({ type: 'detach', index })}
                />
                <Button
                  type="submit"
                  leftSection={<MessageIcon name="send" />}
                  loading={sending}
                  disabled={!state.can({ type: 'send' }) && !sending}
                >
                  <FormattedMessage id="conversations.composer.send" />
                </Button>
              </Group>
              {state.matches('sendFailed') ? (
                <Alert color="red" role="alert" title={<FormattedMessage id="conversations.composer.sendFailed" />}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      <FailureText failure={failure} />
                    </Text>
                    <Text size="sm">
                      <FormattedMessage id="conversations.composer.kept" />
                    </Text>
                    <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'dismiss' })}>
                      <FormattedMessage id="common.close" />
                    </Button>
                  </Stack>
                </Alert>
              ) : null}
            </Stack>
          </form>
        ) : null}

        {/* New messages from the other side, said once by screen readers without moving the focus. */}
        <VisuallyHidden role="status" aria-live="polite">
          {arrived > 0 ? intl.formatMessage({ id: 'conversations.pane.arrived' }, { count: arrived, name }) : ''}
        </VisuallyHidden>

        {conversation ? (
          messages.length === 0 ? (
            <Text c="dimmed" size="sm">
              <FormattedMessage id="conversations.pane.empty" />
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              aria-label={intl.formatMessage({ id: 'conversations.pane.messagesLabel' }, { name })}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  onReport={
                    state.can({ type: 'report', messageId: message.id })
                      ? () => actor.send({ type: 'report', messageId: message.id })
                      : null
                  }
                />
              ))}
            </Stack>
          )
        ) : null}

        {state.matches({ viewing: 'olderFailed' }) ? (
          <Alert color="red" role="alert" title={<FormattedMessage id="conversations.pane.olderFailed" />}>
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
        ) : null}
        {conversation && hayMas && !state.matches({ viewing: 'olderFailed' }) ? (
          <Button
            variant="light"
            size="sm"
            loading={state.matches({ viewing: 'loadingOlder' })}
            disabled={!state.can({ type: 'loadOlder' }) && !state.matches({ viewing: 'loadingOlder' })}
            onClick={() => actor.send({ type: 'loadOlder' })}
          >
            <FormattedMessage id="conversations.pane.older" />
          </Button>
        ) : null}
      </Stack>
      <ReportDialog actor={actor} />
    </Card>
  );
}

/** Tells the page when the conversation was seen (opened, or new messages came) and when it changed. */
function useConversationNews(props: ConversationPaneProps, context: ConversationContext) {
  const { onSeen, onChanged, conversationId } = props;
  const loaded = context.conversation !== null;
  const newest = context.messages[0]?.id ?? 0;
  const newestOwn = context.messages.find((m) => m.mio)?.id ?? 0;
  const blocked = context.conversation?.bloqueado ?? null;
  useEffect(() => {
    if (loaded) onSeen(conversationId);
  }, [loaded, newest, conversationId, onSeen]);
  // The first values are what the conversation opened with; only later changes are news.
  const first = useRef<{ newestOwn: number; blocked: boolean | null } | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (first.current === null) {
      first.current = { newestOwn, blocked };
      return;
    }
    if (first.current.newestOwn !== newestOwn || first.current.blocked !== blocked) {
      first.current = { newestOwn, blocked };
      onChanged();
    }
  }, [loaded, newestOwn, blocked, onChanged]);
}
