import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
// The log's rows: a table on wide screens, cards on phones. Times in the condominium's zone; a row the server
// recorded with a conflict (a movement sent after the network came back) carries a badge saying which.
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GateMovement } from '../../../api/gate';
import { EntryPhotoLink } from './EntryPhotoLink';

function useRowWords(timeZone: string) {
  const intl = useIntl();
  return {
    when: (iso: string) => intl.formatDate(iso, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
    kind: (m: GateMovement) => {
      const kind = intl.formatMessage({ id: `gate.kind.${m.kind}` });
      return m.reason ? `${kind} · ${intl.formatMessage({ id: `gate.refusalReason.${m.reason}` })}` : kind;
    },
    dwelling: (m: GateMovement) => m.dwelling ?? intl.formatMessage({ id: 'gate.log.noDwelling' }),
    staff: (m: GateMovement) => [m.guardName, m.deviceName].filter(Boolean).join(' · '),
  };
}

function ConflictBadge({ movement }: { movement: GateMovement }) {
  const intl = useIntl();
  if (!movement.conflict) return null;
  return (
    <Badge color="red.9" variant="filled" title={intl.formatMessage({ id: `gate.conflict.${movement.conflict}` })}>
      <FormattedMessage id="gate.log.conflict" />: <FormattedMessage id={`gate.conflict.${movement.conflict}`} />
    </Badge>
  );
}

export function MovementTable({ items, timeZone, label }: { items: GateMovement[]; timeZone: string; label: string }) {
  const w = useRowWords(timeZone);
  const columns = ['when', 'kind', 'visitor', 'dwelling', 'people', 'plates', 'access', 'guard'] as const;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((col) => (
              <Table.Th key={col} scope="col">
                <FormattedMessage id={`gate.log.col.${col}`} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={m.occurredAt}>{w.when(m.occurredAt)}</time>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{w.kind(m)}</Text>
                  <ConflictBadge movement={m} />
                  <EntryPhotoLink movement={m} />
                </Stack>
              </Table.Td>
              <Table.Td>{m.visitorName}</Table.Td>
              <Table.Td>{w.dwelling(m)}</Table.Td>
              <Table.Td>{m.people}</Table.Td>
              <Table.Td>{m.plates ?? ''}</Table.Td>
              <Table.Td>{m.accessPoint ?? ''}</Table.Td>
              <Table.Td>{w.staff(m)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MovementCards({ items, timeZone, label }: { items: GateMovement[]; timeZone: string; label: string }) {
  const w = useRowWords(timeZone);
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((m) => (
        <Card key={m.id} withBorder padding="sm" component="li">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <time dateTime={m.occurredAt}>{w.when(m.occurredAt)}</time>
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>{w.kind(m)}</Text>
              <ConflictBadge movement={m} />
              <EntryPhotoLink movement={m} />
            </Group>
            <Text>
              {m.visitorName} · {w.dwelling(m)}
            </Text>
            <Text size="sm">{[m.plates, m.accessPoint, w.staff(m)].filter(Boolean).join(' · ')}</Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
