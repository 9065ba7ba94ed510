import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
// /condominio/visitas (issue 26): "Visitas en la caseta" — somebody without a pass waits at the gate for the
// resident's dwelling; the resident approves or refuses from their phone (the 'visita' notification opens this
// screen). The list is read again every few seconds while it is open (pendingWalkInsMachine). For members who
// live in a dwelling; anyone else (and a paired device's shift) goes back to comunicacion.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import type { WalkIn } from '../../api/gateWalkIns';
import { canSeeMyParcels } from '../../api/permissions';
import { pendingWalkInsMachine } from '../../machines/pendingWalkInsMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useLiveEvent } from '../common/useLiveEvent';

export default function PendingWalkInsPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'gateWalkIns.pending.title' }));
  if (!data) return null;
  if (!canSeeMyParcels(data) || data.dispositivo) return <Redirect to={SCREENS.communication} replace />;
  return <PendingWalkIns />;
}

export function PendingWalkIns() {
  const actor = useActorRef(pendingWalkInsMachine);
  // The live channel (issue 30): a walk-in for the caller's dwelling was asked, answered or decided.
  useLiveEvent('walkIn', () => actor.send({ type: 'refresh' }));
  const state = useSelector(actor, (s) => s);
  const { items, failure, answering, answerFailure, answered } = state.context;
  const busy = state.matches('answering');
  return (
    <Stack gap="md" component="section" aria-labelledby="walk-ins-title">
      <Title order={1} size="h2" id="walk-ins-title">
        <FormattedMessage id="gateWalkIns.pending.title" />
      </Title>
      {state.matches('failed') ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="gateWalkIns.pending.loadFailed" />}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="gateWalkIns.retry" />}
        />
      ) : null}
      {state.matches('answerFailed') ? (
        <Stack gap="xs">
          <FailureAlert
            failure={answerFailure}
            title={<FormattedMessage id="gateWalkIns.pending.answerFailed" />}
            onRetry={() => actor.send({ type: 'retry' })}
            retryLabel={<FormattedMessage id="gateWalkIns.retry" />}
          />
          <Button variant="subtle" size="md" onClick={() => actor.send({ type: 'dismiss' })}>
            <FormattedMessage id="gateWalkIns.form.cancel" />
          </Button>
        </Stack>
      ) : null}
      {answered !== null ? (
        <Alert color="green" variant="light" role="status">
          <FormattedMessage id="gateWalkIns.pending.answered" />
        </Alert>
      ) : null}
      {items === null ? (
        state.matches('loading') ? (
          <Loader aria-label="…" />
        ) : null
      ) : items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="gateWalkIns.pending.empty" />
        </Text>
      ) : (
        items.map((walkIn) => (
          <WalkInCard
            key={walkIn.id}
            walkIn={walkIn}
            busy={busy && answering?.id === walkIn.id ? answering.answer : null}
            can={(answer) => state.can({ type: 'answer', id: walkIn.id, answer })}
            onAnswer={(answer) => actor.send({ type: 'answer', id: walkIn.id, answer })}
          />
        ))
      )}
    </Stack>
  );
}

function WalkInCard(props: {
  walkIn: WalkIn;
  busy: 'approve' | 'refuse' | null;
  can(answer: 'approve' | 'refuse'): boolean;
  onAnswer(answer: 'approve' | 'refuse'): void;
}) {
  const intl = useIntl();
  const { walkIn } = props;
  const reason = intl.formatMessage({ id: `gateWalkIns.reason.${walkIn.reason}` });
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={walkIn.visitorName}>
      <Stack gap="sm">
        <Text size="xl" fw={700}>
          <FormattedMessage id="gateWalkIns.pending.item" values={{ name: walkIn.visitorName, reason }} />
        </Text>
        <Text c="dimmed">
          <FormattedMessage
            id="gateWalkIns.pending.meta"
            values={{ dwelling: walkIn.dwelling, people: walkIn.people, time: walkIn.askedLocal.slice(11, 16) }}
          />
        </Text>
        {walkIn.note ? <Text>{walkIn.note}</Text> : null}
        <Group grow>
          <Button
            color="green.9"
            size="lg"
            mih={48}
            loading={props.busy === 'approve'}
            disabled={props.busy !== 'approve' && !props.can('approve')}
            onClick={() => props.onAnswer('approve')}
          >
            <FormattedMessage id="gateWalkIns.pending.approve" />
          </Button>
          <Button
            color="red.9"
            size="lg"
            mih={48}
            loading={props.busy === 'refuse'}
            disabled={props.busy !== 'refuse' && !props.can('refuse')}
            onClick={() => props.onAnswer('refuse')}
          >
            <FormattedMessage id="gateWalkIns.pending.refuse" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
