// One poll in the list, as a card at every width (a phone never scrolls sideways): its title (opening it), its
// kind and how it counts, its phase, when it opens or closes in the poll's zone, who proposed it, why it was
// cancelled or rejected, and whether the caller already voted.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { PollSummary } from '../../api/polls';
import { PollIcon } from './PollIcon';
import { COUNTING_IDS, formatPollDate, KIND_COLOR, PHASE_COLOR, pollPath } from './pollFormat';

export function PollBadges({ poll }: { poll: Pick<PollSummary, 'tipo' | 'conteo' | 'fase' | 'haVotado' | 'secreta'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={KIND_COLOR[poll.tipo]} variant="light">
        <FormattedMessage id={`polls.kind.${poll.tipo}`} />
      </Badge>
      <Badge color="gray" variant="outline">
        <FormattedMessage id={COUNTING_IDS[poll.conteo]} />
      </Badge>
      <Badge color={PHASE_COLOR[poll.fase]} variant="light">
        <FormattedMessage id={`polls.phase.${poll.fase}`} />
      </Badge>
      {poll.secreta ? (
        <Badge color="gray" variant="outline" leftSection={<PollIcon name="lock" size={12} />}>
          <FormattedMessage id="polls.secret" />
        </Badge>
      ) : null}
      {poll.haVotado ? (
        <Badge color="teal" variant="filled" leftSection={<PollIcon name="check" size={12} />}>
          <FormattedMessage id="polls.youVoted" />
        </Badge>
      ) : null}
    </Group>
  );
}

/** When it opens (upcoming, proposed), closes (open) or closed. */
export function PollWhen({ poll, zone }: { poll: Pick<PollSummary, 'fase' | 'abre' | 'cierra'>; zone: string }) {
  const upcoming = poll.fase === 'proxima' || poll.fase === 'propuesta';
  const iso = upcoming ? poll.abre : poll.cierra;
  const id = upcoming ? 'polls.opensAt' : poll.fase === 'abierta' ? 'polls.closesAt' : 'polls.closedAt';
  return (
    <time dateTime={iso}>
      <FormattedMessage id={id} values={{ date: formatPollDate(iso, zone) }} />
    </time>
  );
}

export function PollCard({ poll, zone }: { poll: PollSummary; zone: string }) {
  const titleId = `poll-${poll.PollId}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Anchor component={Link} href={pollPath(poll.PollId)} fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {poll.Titulo}
        </Anchor>
        <PollBadges poll={poll} />
        <Text size="sm">
          <PollWhen poll={poll} zone={zone} />
        </Text>
        {poll.PropuestoPor ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id="polls.proposedBy" values={{ name: poll.PropuestoPor }} />
          </Text>
        ) : null}
        {poll.motivo && (poll.fase === 'cancelada' || poll.fase === 'rechazada') ? (
          <Text size="sm" c={poll.fase === 'cancelada' ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id={`polls.reason.${poll.fase}`} values={{ reason: poll.motivo }} />
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
