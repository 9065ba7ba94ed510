import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
// Who runs the open assembly controls its voted items (issue 32): each item with its state; a pending one opens
// (secret or public; one at a time), the open one closes; its seats with whether each voted (a public item's choice;
// a secret item's never), the holder of a proxy, and a show of hands for a seat without a phone vote; the results
// live. A thin view over assemblyItemControlMachine; the live channel's 'assembly' event reads it again.
import { Badge, Button, Card, Checkbox, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VOTE_CHOICES, type VoteChoice } from '../../api/assemblyMajority';
import type { ItemVoting, SeatRow } from '../../api/assemblyVotes';
import { assemblyItemControlMachine } from '../../machines/assemblyItemControlMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { ItemVoteResults } from './ItemVoteResults';

const STATE_COLOR = { pending: 'gray', open: 'blue', closed: 'dark' } as const;

export function ItemVoteControl({ assemblyId }: { assemblyId: number }) {
  const [state, send] = useMachine(assemblyItemControlMachine, { input: { assemblyId } });
  useLiveEvent('assembly', (event) => {
    if (!event || event.data.assemblyId === assemblyId) send({ type: 'refresh' });
  });
  const { voting, failure } = state.context;
  if (state.matches('loading')) return <LoadingCard />;
  if (state.matches('loadFailed') || !voting) return <FailedAlert failure={failure} onRetry={() => send({ type: 'retry' })} />;
  const busy = state.matches('sending');
  const anyOpen = voting.items.some((i) => i.state === 'open');
  return (
    <Card withBorder data-testid="item-vote-control">
      <Stack gap="md">
        <Title order={4}>
          <FormattedMessage id="assemblyVotes.vote.title" />
        </Title>
        {failure ? <FailureAlert failure={failure} /> : null}
        {voting.items.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage id="assemblyVotes.vote.none" />
          </Text>
        ) : null}
        {voting.items.map((item) => (
          <ItemControl
            key={item.itemId}
            item={item}
            busy={busy}
            mayOpen={voting.assemblyOpen && !anyOpen && item.state === 'pending'}
            onOpen={(secret) => send({ type: 'open', itemId: item.itemId, secret })}
            onClose={() => send({ type: 'close', itemId: item.itemId })}
            onRecord={(apartmentId, choice) => send({ type: 'record', itemId: item.itemId, apartmentId, choice })}
          />
        ))}
      </Stack>
    </Card>
  );
}

interface ItemControlProps {
  item: ItemVoting;
  busy: boolean;
  mayOpen: boolean;
  onOpen(secret: boolean): void;
  onClose(): void;
  onRecord(apartmentId: number, choice: VoteChoice): void;
}

function ItemControl({ item, busy, mayOpen, onOpen, onClose, onRecord }: ItemControlProps) {
  const intl = useIntl();
  const [secret, setSecret] = useState(false);
  const [seatsShown, setSeatsShown] = useState(false);
  return (
    <Stack gap="xs" data-testid="item-control">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{item.title}</Text>
        <Badge color={STATE_COLOR[item.state]}>{intl.formatMessage({ id: `assemblyVotes.vote.state.${item.state}` })}</Badge>
      </Group>
      {item.state === 'pending' && mayOpen ? (
        <Group>
          <Checkbox
            label={intl.formatMessage({ id: 'assemblyVotes.vote.secretOption' })}
            checked={secret}
            onChange={(e) => setSecret(e.currentTarget.checked)}
          />
          <Button disabled={busy} onClick={() => onOpen(secret)}>
            <FormattedMessage id="assemblyVotes.vote.open" />
          </Button>
        </Group>
      ) : null}
      {item.state !== 'pending' ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: `assemblyVotes.vote.${item.secret ? 'secret' : 'public'}` })}
        </Text>
      ) : null}
      <ItemVoteResults item={item} />
      {item.state === 'open' ? (
        <Group>
          <Button color="red" variant="light" disabled={busy} onClick={onClose}>
            <FormattedMessage id="assemblyVotes.vote.close" />
          </Button>
        </Group>
      ) : null}
      {item.seats && item.seats.length > 0 && (item.state === 'open' || seatsShown) ? (
        <SeatsTable seats={item.seats} open={item.state === 'open'} busy={busy} onRecord={onRecord} />
      ) : null}
      {item.seats && item.seats.length > 0 && item.state === 'closed' ? (
        // A closed item's seats (a hundred rows in a large condominium) only when asked for: the results say enough.
        <Button variant="subtle" size="compact-sm" onClick={() => setSeatsShown((shown) => !shown)} aria-expanded={seatsShown}>
          <FormattedMessage
            id={seatsShown ? 'assemblyVotes.vote.hideSeats' : 'assemblyVotes.vote.showSeats'}
            values={{ count: item.seats.length }}
          />
        </Button>
      ) : null}
    </Stack>
  );
}

function SeatsTable(props: {
  seats: SeatRow[];
  open: boolean;
  busy: boolean;
  onRecord(apartmentId: number, choice: VoteChoice): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('assemblyVotes.proxy.dwelling')}</Table.Th>
            <Table.Th>{t('assemblyVotes.vote.seats')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.seats.map((seat) => (
            <Table.Tr key={seat.apartmentId} data-testid="seat-row">
              <Table.Td>
                {seat.name}
                {seat.holder ? (
                  <Text size="xs" c="dimmed">
                    {intl.formatMessage({ id: 'assemblyVotes.attendance.byProxy' }, { name: seat.holder })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {seat.barred ? (
                  <Text size="sm" c="red">
                    {t('assemblyVotes.vote.seatBarred')}
                  </Text>
                ) : seat.voted ? (
                  <Text size="sm">
                    {seat.choice ? t(`assemblyVotes.vote.choice.${seat.choice}`) : t('assemblyVotes.vote.seatVoted')}
                    {seat.shownOfHands ? ` (${t('assemblyVotes.vote.handRaised')})` : ''}
                  </Text>
                ) : props.open ? (
                  <NativeSelect
                    size="xs"
                    aria-label={`${seat.name} ${t('assemblyVotes.vote.record')}`}
                    disabled={props.busy}
                    value=""
                    data={[
                      { value: '', label: t('assemblyVotes.vote.record') },
                      ...VOTE_CHOICES.map((c) => ({ value: c, label: t(`assemblyVotes.vote.choice.${c}`) })),
                    ]}
                    onChange={(e) => {
                      const choice = e.currentTarget.value as VoteChoice | '';
                      if (choice) props.onRecord(seat.apartmentId, choice);
                    }}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('assemblyVotes.vote.seatPending')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
