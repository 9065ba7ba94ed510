import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
// A round's checkpoints in order, each with its state (pending, checked, late, not checked), when it was scanned and
// by when it was due: the guard's walk and the supervisor's panel show the same list.
import { Badge, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconClockExclamation } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { Round, RoundStatus, StopStatus } from '../../api/rounds';

const STOP_ICON = {
  pending: <IconCircleDashed size={18} color="gray" />,
  done: <IconCircleCheck size={18} color="green" />,
  late: <IconClockExclamation size={18} color="orange" />,
  missed: <IconAlertTriangle size={18} color="red" />,
} satisfies Record<StopStatus, React.ReactNode>;

export const STATUS_COLOR = {
  scheduled: 'gray',
  walking: 'blue',
  done: 'green',
  late: 'orange',
  missed: 'red',
} satisfies Record<RoundStatus, string>;

export function RoundStatusBadge({ status }: { status: RoundStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      <FormattedMessage id={`rounds.status.${status}`} />
    </Badge>
  );
}

export function RoundStops({ round }: { round: Round }) {
  return (
    <List spacing={4} listStyleType="none" aria-label={round.planName}>
      {round.stops.map((stop) => {
        const shown: StopStatus = stop.scannedAt !== null && stop.status === 'pending' ? 'done' : stop.status;
        return (
          <List.Item key={stop.id} icon={STOP_ICON[shown]} data-stop-status={shown}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600}>
                {stop.position}. {stop.name}
              </Text>
              <Text size="xs" c="dimmed">
                {stop.scannedAt ? (
                  stop.scannedAt.slice(11)
                ) : (
                  <FormattedMessage id="rounds.walk.due" values={{ time: stop.dueAt.slice(11) }} />
                )}
                {' · '}
                <FormattedMessage id={`rounds.stop.${shown}`} />
                {stop.outOfOrder ? ' ↯' : ''}
              </Text>
            </Group>
            {stop.note ? (
              <Text size="xs" c="orange.8">
                {stop.note}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}
