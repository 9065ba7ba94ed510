import '@mantine/core/styles/Progress.css';
// One voted item's results as everyone sees them (issue 32): the weights for, against and abstaining as a share of
// the item's electorate (the indiviso present when it opened), how many seats voted, the yes weight still needed,
// and the outcome once closed. Counts and weights only: a secret item says nothing of who voted what.
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { type ItemVoting, weightPercent } from '../../api/assemblyVotes';

export function ItemVoteResults({ item }: { item: ItemVoting }) {
  const intl = useIntl();
  const r = item.results;
  if (!r) return null;
  const pct = (weight: number) => intl.formatNumber(weightPercent(weight, r.electorate), { maximumFractionDigits: 2 });
  return (
    <Stack gap={4} data-testid="item-results">
      <Progress.Root size="lg">
        <Progress.Section value={weightPercent(r.yes, r.electorate)} color="green" />
        <Progress.Section value={weightPercent(r.no, r.electorate)} color="red" />
        <Progress.Section value={weightPercent(r.abstain, r.electorate)} color="gray" />
      </Progress.Root>
      <Text size="sm">
        {intl.formatMessage({ id: 'assemblyVotes.vote.results' }, { yes: pct(r.yes), no: pct(r.no), abstain: pct(r.abstain) })}
      </Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'assemblyVotes.vote.turnout' }, { voted: r.voted, seats: r.seats })}
      </Text>
      {item.state === 'open' && r.needed > 0 ? (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(
            { id: 'assemblyVotes.vote.needed' },
            { percent: intl.formatNumber(weightPercent(r.needed, r.total), { maximumFractionDigits: 2 }) },
          )}
        </Text>
      ) : null}
      {item.outcome ? (
        <Group>
          <Badge color={item.outcome === 'approved' ? 'green' : 'red'} size="lg" data-testid="item-outcome">
            {intl.formatMessage({ id: `assemblyVotes.vote.outcome.${item.outcome}` })}
          </Badge>
        </Group>
      ) : null}
    </Stack>
  );
}
