import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
// The rounds' side of the supervisor's panel: the rounds of the last 24 hours and the next 12 (done, late, missed,
// each with its checkpoints in order), the guards on shift on the gate's devices, and what waits at the gate; read
// again when a round moves (the live channel's 'round'). The weekly PDF report for the administration.
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ROUND_PATHS } from '../../api/rounds';
import { downloadRoundsPdf, fetchPanel } from '../../services/roundsService';
import { FailureAlert } from '../common/FailureAlert';
import { LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { RoundStatusBadge, RoundStops } from './RoundStops';
import { useRoundsLoad } from './useRoundsLoad';

/** Saves a blob as a file the browser downloads. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RoundsBoard() {
  const panel = useRoundsLoad(fetchPanel);
  useLiveEvent(['round', 'notification'], panel.reload);
  const [busy, setBusy] = useState(false);
  if (panel.loading && !panel.data) return <LoadingCard />;
  if (panel.failure || !panel.data) return <FailureAlert failure={panel.failure} onRetry={panel.reload} />;
  const { rounds, guards, gate } = panel.data;
  const weekly = () => {
    setBusy(true);
    downloadRoundsPdf(ROUND_PATHS.weekly)
      .then((blob) => saveBlob(blob, 'recorridos-semana.pdf'))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label="rounds.panel.inside" value={gate.inside} />
        <Fact label="rounds.panel.parcels" value={gate.parcelsWaiting} />
        <Fact label="rounds.panel.movements" value={gate.movementsToday} />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={4}>
          <FormattedMessage id="rounds.panel.guards" />
        </Title>
        {guards.length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage id="rounds.panel.noGuards" />
          </Text>
        ) : (
          guards.map((g) => (
            <Text key={`${g.name}-${g.since}`} size="sm">
              {g.name}
              {g.device ? ` · ${g.device}` : ''} · {g.since.replace('T', ' ')}
            </Text>
          ))
        )}
      </Card>
      <Group justify="space-between">
        <Title order={3}>
          <FormattedMessage id="rounds.panel.tonight" />
        </Title>
        <Button variant="light" leftSection={<IconFileTypePdf size={18} />} loading={busy} onClick={weekly}>
          <FormattedMessage id="rounds.panel.weekly" />
        </Button>
      </Group>
      {rounds.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="rounds.panel.noRounds" />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[...rounds].reverse().map((round) => (
            <Card key={round.id} withBorder padding="md" data-testid={`panel-round-${round.id}`} data-status={round.status}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700}>
                    {round.planName} · {round.slotAt.replace('T', ' ')}
                  </Text>
                  <RoundStatusBadge status={round.status} />
                </Group>
                {round.walkedBy ? (
                  <Text size="xs" c="dimmed">
                    <FormattedMessage id="rounds.panel.walkedBy" values={{ name: round.walkedBy }} />
                  </Text>
                ) : null}
                <RoundStops round={round} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Fact({
  label,
  value,
}: {
  label: 'rounds.panel.inside' | 'rounds.panel.parcels' | 'rounds.panel.movements';
  value: number;
}) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        <FormattedMessage id={label} />
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}
