import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Menu.css';
// One conversation at the support desk (issue 30): the condominium and the administrators who started the chat (their
// checked boot data: name, e-mail, apartment, last seen), the assignee and the moves the lifecycle allows, the reply
// box with files and the canned answers, and the messages newest first with their read marks. A thin view over
// supportDeskConversationMachine; it tells the console when the desk session ended or the conversation changed.
import { Alert, Badge, Button, Card, Group, Menu, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUPPORT_STATES, type SupportCanned } from '../../api/support';
import { supportDeskConversationMachine } from '../../machines/supportDeskConversationMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailureText } from '../common/FailureText';
import { SupportComposer } from './SupportComposer';
import { SupportMessageList } from './SupportMessageList';
import { stateName, supportTime } from './supportFormat';
import { MOVE_WORDS, STATE_COLORS, STATE_WORDS } from './supportStates';

export function SupportDeskConversation({
  conversationId,
  canned,
  onSessionEnded,
  onChanged,
}: {
  conversationId: number;
  canned: readonly SupportCanned[];
  onSessionEnded(): void;
  /** A reply, an assignment or a move: the list has news. */
  onChanged(): void;
}) {
  const intl = useIntl();
  const actor = useActorRef(supportDeskConversationMachine, { input: { conversationId } });
  const state = useSelector(actor, (s) => s);
  const { conversation, contacts, agents, messages, text, files, failure, arrived, hayMas } = state.context;

  useEffect(() => {
    if (state.matches('sessionEnded')) onSessionEnded();
  }, [state, onSessionEnded]);
  const version = conversation?.version ?? null;
  const last = useRef(version);
  useEffect(() => {
    if (last.current !== null && version !== null && version !== last.current) onChanged();
    last.current = version;
  }, [version, onChanged]);

  if (state.matches('gone')) {
    return (
      <Card withBorder radius="md" padding="md">
        <Text role="alert">
          <FormattedMessage id="support.desk.gone" />
        </Text>
      </Card>
    );
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={conversation?.CondoName ?? intl.formatMessage({ id: 'support.desk.loadingConversation' })}
      aria-busy={state.hasTag('busy')}
      data-state={stateName(state.value)}
    >
      <Stack gap="sm">
        {state.matches('loading') ? (
          <Text role="status" c="dimmed" size="sm">
            <FormattedMessage id="support.desk.loadingConversation" />
          </Text>
        ) : null}
        {state.matches('loadFailed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="support.desk.conversationFailed" />}
            onRetry={() => actor.send({ type: 'retry' })}
          />
        ) : null}
        {conversation ? (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs">
                <Title order={2} size="h4">
                  {conversation.CondoName}
                </Title>
                <Badge color={STATE_COLORS[conversation.estado]} variant="light">
                  <FormattedMessage id={STATE_WORDS[conversation.estado]} />
                </Badge>
              </Group>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" size="compact-sm" loading={state.matches('moving')}>
                    <FormattedMessage id="support.desk.changeState" />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {SUPPORT_STATES.filter((s) => state.can({ type: 'move', estado: s })).map((s) => (
                    <Menu.Item key={s} onClick={() => actor.send({ type: 'move', estado: s })}>
                      <FormattedMessage id={MOVE_WORDS[s]} />
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
            <Select
              label={intl.formatMessage({ id: 'support.desk.assignee' })}
              value={conversation.asignada ? String(conversation.asignada.id) : ''}
              disabled={state.matches('assigning')}
              allowDeselect={false}
              onChange={(value) => actor.send({ type: 'assign', agentId: value ? Number(value) : null })}
              data={[
                { value: '', label: intl.formatMessage({ id: 'support.desk.unassigned' }) },
                ...agents.map((a) => ({ value: String(a.id), label: a.nombre })),
              ]}
            />
            {contacts.length > 0 ? (
              <Stack gap={2} component="section" aria-label={intl.formatMessage({ id: 'support.desk.contacts' })}>
                {contacts.map((c) => (
                  <Text key={c.UserId} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {intl.formatMessage(
                      { id: c.verificado ? 'support.desk.contactVerified' : 'support.desk.contact' },
                      {
                        name: c.UserName,
                        email: c.UserEmail,
                        apartment: c.AptName ?? '—',
                        seen: c.visto ? supportTime(c.visto, intl.locale) : '—',
                      },
                    )}
                  </Text>
                ))}
              </Stack>
            ) : null}
            {state.matches({ viewing: 'failed' }) ? (
              <Alert color="red" role="alert" title={<FormattedMessage id="support.desk.changeFailed" />}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    <FailureText failure={failure} />
                  </Text>
                  <Button size="xs" color="red" variant="outline" onClick={() => actor.send({ type: 'dismiss' })}>
                    <FormattedMessage id="common.close" />
                  </Button>
                </Stack>
              </Alert>
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
              extra={
                canned.length > 0 ? (
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button variant="default" size="xs">
                        <FormattedMessage id="support.desk.canned" />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {canned.map((c) => (
                        <Menu.Item key={c.id} onClick={() => actor.send({ type: 'insert', text: c.texto })}>
                          {c.titulo}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                ) : null
              }
            />
            <VisuallyHidden role="status" aria-live="polite">
              {arrived > 0 ? intl.formatMessage({ id: 'support.desk.arrived' }, { count: arrived }) : ''}
            </VisuallyHidden>
            {messages.length === 0 ? (
              <Text c="dimmed" size="sm">
                <FormattedMessage id="support.panel.empty" />
              </Text>
            ) : (
              <SupportMessageList
                messages={messages}
                label={intl.formatMessage({ id: 'support.desk.messages' }, { condo: conversation.CondoName })}
              />
            )}
            {hayMas ? (
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
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
