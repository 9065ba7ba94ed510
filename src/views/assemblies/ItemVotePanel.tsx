import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Alert.css';
// A voter's agenda items at an open assembly (issue 32), phone first: the item open now with, for each dwelling the
// voter holds a seat for (their own, or by an accepted proxy), three large buttons (a favor, en contra, abstención)
// until it has voted; then "Voto registrado" (with the choice on a public item) and the results live; the closed
// items' outcomes. A thin view over assemblyItemVoteMachine; the live channel's 'assembly' event reads it again. Who
// runs the assembly sees it only while they hold a seat (their own dwelling).
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VOTE_CHOICES, type VoteChoice } from '../../api/assemblyMajority';
import type { ItemVoting, MySeat } from '../../api/assemblyVotes';
import { assemblyItemVoteMachine, openItemOf } from '../../machines/assemblyItemVoteMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { ItemVoteResults } from './ItemVoteResults';

const CHOICE_COLOR = { yes: 'green', no: 'red', abstain: 'gray' } as const;

export function ItemVotePanel({ assemblyId, onlyWithSeats = false }: { assemblyId: number; onlyWithSeats?: boolean }) {
  const intl = useIntl();
  const [state, send] = useMachine(assemblyItemVoteMachine, { input: { assemblyId } });
  useLiveEvent('assembly', (event) => {
    if (!event || event.data.assemblyId === assemblyId) send({ type: 'refresh' });
  });
  const { voting, failure } = state.context;
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !voting) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  const open = openItemOf(voting);
  // Who runs the assembly votes here only for a dwelling of their own, while its item is open (the control shows
  // the results, closed items included).
  if (onlyWithSeats && !voting.items.some((i) => i.state === 'open' && i.mySeats.length > 0)) return null;
  const closed = voting.items.filter((i) => i.state === 'closed');
  const busy = state.matches('voting');
  return (
    <Card withBorder data-testid="item-vote-panel">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="assemblyVotes.vote.title" />
        </Title>
        {failure ? <FailureAlert failure={failure} /> : null}
        {open ? (
          <Stack gap="xs" data-testid="open-item">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{open.title}</Text>
              <Badge color="blue">{intl.formatMessage({ id: `assemblyVotes.vote.${open.secret ? 'secret' : 'public'}` })}</Badge>
            </Group>
            {open.mySeats.length === 0 ? (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="assemblyVotes.vote.noSeat" />
              </Text>
            ) : (
              open.mySeats.map((seat) => (
                <SeatBallot
                  key={seat.apartmentId}
                  seat={seat}
                  busy={busy}
                  onVote={(choice) => send({ type: 'vote', apartmentId: seat.apartmentId, choice })}
                />
              ))
            )}
            <ItemVoteResults item={open} />
          </Stack>
        ) : voting.items.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="assemblyVotes.vote.none" />
          </Text>
        ) : state.matches('closed') ? null : (
          <Alert color="blue" data-testid="vote-waiting">
            <FormattedMessage id="assemblyVotes.vote.waiting" />
          </Alert>
        )}
        {closed.map((item) => (
          <ClosedItem key={item.itemId} item={item} />
        ))}
      </Stack>
    </Card>
  );
}

function SeatBallot({ seat, busy, onVote }: { seat: MySeat; busy: boolean; onVote(choice: VoteChoice): void }) {
  const intl = useIntl();
  return (
    <Stack gap={6} data-testid="seat-ballot">
      <Text size="sm" fw={600}>
        {seat.name}
        {seat.byProxy ? ` (${intl.formatMessage({ id: 'assemblyVotes.vote.byProxy' })})` : ''}
      </Text>
      {seat.barred ? (
        <Text size="sm" c="red">
          <FormattedMessage id="assemblyVotes.vote.barred" />
        </Text>
      ) : seat.voted ? (
        <Text size="sm" c="green" data-testid="seat-voted">
          {seat.choice
            ? intl.formatMessage(
                { id: 'assemblyVotes.vote.votedChoice' },
                { choice: intl.formatMessage({ id: `assemblyVotes.vote.choice.${seat.choice}` }) },
              )
            : intl.formatMessage({ id: 'assemblyVotes.vote.voted' })}
        </Text>
      ) : (
        <SimpleGrid cols={3} spacing="xs">
          {VOTE_CHOICES.map((choice) => (
            <Button key={choice} size="lg" color={CHOICE_COLOR[choice]} disabled={busy} onClick={() => onVote(choice)}>
              {intl.formatMessage({ id: `assemblyVotes.vote.choice.${choice}` })}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ClosedItem({ item }: { item: ItemVoting }) {
  return (
    <Stack gap={4} data-testid="closed-item">
      <Text fw={600}>{item.title}</Text>
      <ItemVoteResults item={item} />
    </Stack>
  );
}
