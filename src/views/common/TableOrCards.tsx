import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
// Rows of a list as a table where there is room and as cards on a phone (issue 28 #6: a table scrolling sideways
// inside a card, with no cue, cut its last columns at 390 px). Each column says how it reads: its header and
// cell; on a phone the `title` columns head the card, the `actions` column closes it, and every other column is
// a "header: value" line. One component for every list that is a table on a desk.
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Key, ReactNode } from 'react';

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** On a phone: part of the card's title (in column order). */
  title?: boolean;
  /** On a phone: the card's closing row of buttons. */
  actions?: boolean;
}

export function TableOrCards<T>(props: {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  keyOf: (row: T) => Key;
  /** The id of the list's heading (the table's and the cards' accessible name). */
  labelledBy: string;
  striped?: boolean;
  busy?: boolean;
}) {
  // Mantine's sm breakpoint: below it a phone.
  const phone = !(useMediaQuery('(min-width: 48em)') ?? true);
  const { rows, columns, keyOf } = props;
  if (phone) {
    const titles = columns.filter((c) => c.title);
    const actions = columns.filter((c) => c.actions);
    const lines = columns.filter((c) => !c.title && !c.actions);
    return (
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={props.labelledBy}
        aria-busy={props.busy || undefined}
      >
        {rows.map((row) => (
          <Card key={keyOf(row)} component="li" withBorder radius="md" padding="sm">
            <Stack gap={4}>
              <Text fw={600}>
                {titles.map((c, i) => (
                  <span key={c.key}>
                    {i > 0 ? ' · ' : null}
                    {c.cell(row)}
                  </span>
                ))}
              </Text>
              {lines.map((c) => (
                <Group key={c.key} gap={6} wrap="nowrap" align="center">
                  <Text size="sm" c="dimmed">
                    {c.header}:
                  </Text>
                  <Text size="sm" component="div">
                    {c.cell(row)}
                  </Text>
                </Group>
              ))}
              {actions.map((c) => (
                <div key={c.key}>{c.cell(row)}</div>
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped={props.striped} aria-labelledby={props.labelledBy} aria-busy={props.busy || undefined}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.align}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={keyOf(row)}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.align} style={c.align === 'right' ? { whiteSpace: 'nowrap' } : undefined}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
