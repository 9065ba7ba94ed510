import '@mantine/core/styles/Card.css';
// The shift handover (issue 31): the latest handovers, who wrote them and who read them (when); the outgoing guard
// writes the notes, the incoming one marks someone else's unread handover read. Guards and supervisors write and
// read (canWriteHandover); administrators see them. A thin view over handoverMachine.
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HANDOVER_NOTES_MAX } from '../../api/incidents';
import { canWriteHandover } from '../../api/permissions';
import { canMarkRead, handoverMachine } from '../../machines/handoverMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { SessionContext } from '../common/SessionContext';

export function HandoverPanel() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  const writer = data ? canWriteHandover(data) : false;
  const [state, send] = useMachine(handoverMachine);
  const [notes, setNotes] = useState('');
  const { items, failure } = state.context;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'write', notes });
    if (notes.trim()) setNotes('');
  };

  return (
    <Stack gap="sm">
      <Title order={3}>
        <FormattedMessage id="incidents.handover.title" />
      </Title>
      {writer ? (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={intl.formatMessage({ id: 'incidents.handover.notes' })}
              value={notes}
              maxLength={HANDOVER_NOTES_MAX}
              rows={2}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={state.matches('writing')} disabled={!notes.trim() || !state.matches('ready')}>
                <FormattedMessage id="incidents.handover.write" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {state.matches('ready') && failure ? <FailureAlert failure={failure} /> : null}
      {state.matches('loading') && items.length === 0 ? <LoadingCard /> : null}
      {state.matches('failed') ? <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} /> : null}
      {state.matches('ready') && items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="incidents.handover.empty" />
        </Text>
      ) : null}
      {items.map((handover) => (
        <Card key={handover.id} withBorder padding="sm" data-testid={`handover-${handover.id}`}>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="incidents.handover.by"
                values={{ name: handover.writtenBy ?? '—', at: handover.writtenAt.replace('T', ' ') }}
              />
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{handover.notes}</Text>
            {handover.readAt ? (
              <Text size="sm" c="green">
                <FormattedMessage
                  id="incidents.handover.readBy"
                  values={{ name: handover.readBy ?? '—', at: handover.readAt.replace('T', ' ') }}
                />
              </Text>
            ) : (
              <Group gap="xs">
                <Text size="sm" c="orange">
                  <FormattedMessage id="incidents.handover.unread" />
                </Text>
                {writer && canMarkRead(handover) ? (
                  <Button
                    size="xs"
                    variant="light"
                    loading={state.matches('marking') && state.context.handoverId === handover.id}
                    disabled={!state.matches('ready')}
                    onClick={() => send({ type: 'markRead', handoverId: handover.id })}
                  >
                    <FormattedMessage id="incidents.handover.markRead" />
                  </Button>
                ) : null}
              </Group>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
