import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
// The inbox: the caller's conversations, latest activity first, each a link that opens it beside the list
// (?conversacion=ID) with its unread count; Nueva conversación; more on demand. A thin view over
// conversationListMachine (the page owns the actor, so the conversation beside it can tell it things).
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { ConversationSummary } from '../../api/conversations';
import { conversationPath } from '../../api/sections';
import type { conversationListMachine } from '../../machines/conversationListMachine';
import { useCondoTimeZone } from '../common/zonedTime';
import { ConversationFailureAlert } from './ConversationFailureAlert';
import { messageTime, stateName } from './conversationTime';
import { MessageIcon } from './icons';

type ListActor = ActorRefFrom<typeof conversationListMachine>;

export function Inbox({ actor, sectionId, selectedId }: { actor: ListActor; sectionId: number; selectedId: number | null }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { items, failure } = state.context;
  const loading = state.matches('loading');
  const busy = state.hasTag('busy');
  const inReady = state.matches('ready');

  if (state.matches('refused')) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text role="alert">
          <FormattedMessage id="conversations.refused" />
        </Text>
        <Anchor component={Link} href="/comunicacion">
          <FormattedMessage id="conversations.backHome" />
        </Anchor>
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="inbox-title"
      aria-busy={busy}
      data-state={stateName(state.value)}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="inbox-title">
            <FormattedMessage id="conversations.inbox.title" />
          </Title>
          <Button
            size="sm"
            leftSection={<MessageIcon name="plus" />}
            disabled={!state.can({ type: 'newConversation' })}
            onClick={() => actor.send({ type: 'newConversation' })}
          >
            <FormattedMessage id="conversations.inbox.new" />
          </Button>
        </Group>
        {loading ? (
          <Stack gap="md" role="status" aria-label={intl.formatMessage({ id: 'conversations.inbox.loading' })}>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="conversations.inbox.loading" />
            </Text>
            {[0, 1, 2].map((row) => (
              <Stack key={row} gap={6}>
                <Skeleton height={14} width="60%" />
                <Skeleton height={10} width="85%" />
              </Stack>
            ))}
          </Stack>
        ) : null}
        {state.matches('failed') ? (
          <ConversationFailureAlert
            title="conversations.inbox.failed"
            failure={failure}
            action="retry"
            onAction={() => actor.send({ type: 'retry' })}
          />
        ) : null}
        {inReady && items.length === 0 ? (
          <Stack gap={4}>
            <Text fw={500}>
              <FormattedMessage id="conversations.inbox.empty" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="conversations.inbox.emptyHint" />
            </Text>
          </Stack>
        ) : null}
        {inReady && items.length > 0 ? (
          <Stack
            component="ul"
            gap={4}
            aria-label={intl.formatMessage({ id: 'conversations.inbox.title' })}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((item) => (
              <InboxItem
                key={item.ConversationId}
                item={item}
                href={conversationPath(sectionId, item.ConversationId)}
                selected={item.ConversationId === selectedId}
              />
            ))}
          </Stack>
        ) : null}
        {state.matches({ ready: { list: 'moreFailed' } }) ? (
          <ConversationFailureAlert
            title="conversations.inbox.moreFailed"
            failure={failure}
            action="retry"
            onAction={() => actor.send({ type: 'loadMore' })}
          />
        ) : null}
        {inReady && items.length < state.context.total && !state.matches({ ready: { list: 'moreFailed' } }) ? (
          <Button
            variant="light"
            size="sm"
            loading={state.matches({ ready: { list: 'loadingMore' } })}
            disabled={!state.can({ type: 'loadMore' }) && !state.matches({ ready: { list: 'loadingMore' } })}
            onClick={() => actor.send({ type: 'loadMore' })}
          >
            <FormattedMessage id="conversations.inbox.more" />
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function InboxItem({ item, href, selected }: { item: ConversationSummary; href: string; selected: boolean }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  const previewId = `conversation-${item.ConversationId}-preview`;
  return (
    <li>
      <Anchor
        component={Link}
        href={href}
        underline="never"
        c="inherit"
        display="block"
        p="xs"
        aria-current={selected ? 'true' : undefined}
        aria-label={intl.formatMessage({ id: 'conversations.inbox.itemLabel' }, { name: item.otro.Nombre, count: item.noLeidos })}
        aria-describedby={previewId}
        style={{ borderRadius: 8, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={item.noLeidos > 0 ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
            {item.otro.Nombre}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {messageTime(item.ultimaFecha, intl.locale, timeZone)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" lineClamp={1} id={previewId} style={{ overflowWrap: 'anywhere' }}>
            {item.ultimoMensaje ?? intl.formatMessage({ id: 'conversations.inbox.noMessages' })}
          </Text>
          {/* The badges keep their width; the preview is the one cut short on a phone. */}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {item.bloqueado ? (
              <Badge size="sm" color="gray" variant="outline">
                <FormattedMessage id="conversations.inbox.blocked" />
              </Badge>
            ) : null}
            {item.noLeidos > 0 ? (
              <Badge size="sm" color="red" variant="filled">
                <FormattedMessage id="conversations.inbox.unread" values={{ count: item.noLeidos }} />
              </Badge>
            ) : null}
          </Group>
        </Group>
      </Anchor>
    </li>
  );
}
