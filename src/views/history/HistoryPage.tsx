import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
// /condominio/historial (spec §2.2, issue 16): administrators and the board read who changed what and when.
// Filters (person, kind, local dates), a table on wide screens and cards on phones, paging, and the CSV export
// of the filtered set with its progress. A thin view over historyMachine; nothing here edits the log.
import { Alert, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { HISTORY_PAGE_SIZE, type HistoryAnswer, type HistoryFilters, type HistoryItem, SYSTEM_ACTOR } from '../../api/history';
import { canReadHistory } from '../../api/permissions';
import { historyMachine } from '../../machines/historyMachine';
import { FailureAlert } from '../common/FailureAlert';
import { SessionContext } from '../common/SessionContext';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { ChangeList, useHistoryWords } from './historyWords';

export default function HistoryPage() {
  const intl = useIntl();
  const data = SessionContext.useSelector((s) => s.context.data);
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'history.title' }));
  if (!data) return null;
  if (!canReadHistory(data)) return <Redirect to="/comunicacion" replace />;
  return <HistoryScreen />;
}

function HistoryScreen() {
  const intl = useIntl();
  const actor = useActorRef(historyMachine, { input: {} });
  const state = useSelector(actor, (s) => s);
  const { filters, answer, offset, failure, exportBytes, exportFailure } = state.context;
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const setFilters = (next: HistoryFilters) => actor.send({ type: 'setFilters', filters: next });
  const exporting = state.matches({ csv: 'exporting' });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            <FormattedMessage id="history.title" />
          </Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="history.intro" />
          </Text>
        </Stack>
        <Button onClick={() => actor.send({ type: 'export' })} loading={false} disabled={exporting} aria-busy={exporting}>
          {exporting ? (
            <FormattedMessage id="history.exporting" values={{ kb: Math.round(exportBytes / 1024) }} />
          ) : (
            <FormattedMessage id="history.export" />
          )}
        </Button>
      </Group>
      <div aria-live="polite">
        {state.matches({ csv: 'saved' }) && <Alert color="green" title={intl.formatMessage({ id: 'history.exported' })} />}
        {state.matches({ csv: 'failed' }) && (
          <FailureAlert failure={exportFailure} title={intl.formatMessage({ id: 'history.exportFailed' })} />
        )}
      </div>
      <Filters filters={filters} answer={answer} onChange={setFilters} />
      {state.matches({ list: 'failed' }) ? (
        <FailureAlert
          failure={failure}
          title={intl.formatMessage({ id: 'history.failed' })}
          onRetry={() => actor.send({ type: 'retry' })}
          retryLabel={<FormattedMessage id="history.retry" />}
        />
      ) : null}
      {state.matches({ list: 'loading' }) && !answer ? (
        <Text role="status">
          <FormattedMessage id="history.loading" />
        </Text>
      ) : null}
      {answer ? (
        <Stack gap="md" aria-busy={state.matches({ list: 'loading' })}>
          {answer.items.length === 0 ? (
            <Text role="status">
              <FormattedMessage id="history.empty" />
            </Text>
          ) : phone ? (
            <HistoryCards items={answer.items} timeZone={answer.timeZone} />
          ) : (
            <HistoryTable items={answer.items} timeZone={answer.timeZone} />
          )}
          <Pager
            offset={offset}
            total={answer.total}
            shown={answer.items.length}
            busy={!state.matches({ list: 'ready' })}
            onPage={(next) => actor.send({ type: 'page', offset: next })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Filters(props: { filters: HistoryFilters; answer: HistoryAnswer | null; onChange(filters: HistoryFilters): void }) {
  const intl = useIntl();
  const words = useHistoryWords();
  const { filters, answer } = props;
  const change = (key: keyof HistoryFilters, value: string) => {
    const next: HistoryFilters = { ...filters };
    if (value === '') delete next[key];
    else if (key === 'actor') next.actor = Number(value);
    else next[key] = value;
    props.onChange(next);
  };
  const entities = [...new Set([...(answer?.entities ?? []), ...(filters.entity ? [filters.entity] : [])])];
  const people = answer?.people ?? [];
  return (
    <Card withBorder padding="sm" component="section" aria-label={intl.formatMessage({ id: 'history.filters' })}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={intl.formatMessage({ id: 'history.filter.person' })}
          value={filters.actor === undefined ? '' : String(filters.actor)}
          onChange={(e) => change('actor', e.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'history.filter.anyPerson' }) },
            { value: String(SYSTEM_ACTOR), label: intl.formatMessage({ id: 'history.system' }) },
            ...people.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'history.filter.kind' })}
          value={filters.entity ?? ''}
          onChange={(e) => change('entity', e.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'history.filter.anyKind' }) },
            ...entities.map((entity) => ({ value: entity, label: words.entity(entity) })),
          ]}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'history.filter.from' })}
          value={filters.desde ?? ''}
          onChange={(e) => change('desde', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'history.filter.to' })}
          value={filters.hasta ?? ''}
          onChange={(e) => change('hasta', e.currentTarget.value)}
        />
        <Button variant="subtle" onClick={() => props.onChange({})} disabled={Object.keys(filters).length === 0}>
          <FormattedMessage id="history.filter.clear" />
        </Button>
      </Group>
    </Card>
  );
}

function useRowWords(timeZone: string) {
  const intl = useIntl();
  const words = useHistoryWords();
  return {
    when: (at: string) => intl.formatDate(at, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
    who: (item: HistoryItem) =>
      item.actorId === null ? intl.formatMessage({ id: 'history.system' }) : (item.actorName ?? `#${item.actorId}`),
    object: (item: HistoryItem) =>
      item.label
        ? `${item.label} (${intl.formatMessage({ id: 'history.objectId' }, { id: item.entityId })})`
        : intl.formatMessage({ id: 'history.objectId' }, { id: item.entityId }),
    ...words,
  };
}

function HistoryTable({ items, timeZone }: { items: HistoryItem[]; timeZone: string }) {
  const intl = useIntl();
  const w = useRowWords(timeZone);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label={intl.formatMessage({ id: 'history.title' })}>
        <Table.Thead>
          <Table.Tr>
            {(['when', 'who', 'kind', 'object', 'action', 'changes'] as const).map((col) => (
              <Table.Th key={col} scope="col">
                <FormattedMessage id={`history.col.${col}`} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={item.at}>{w.when(item.at)}</time>
              </Table.Td>
              <Table.Td>{w.who(item)}</Table.Td>
              <Table.Td>{w.entity(item.entity)}</Table.Td>
              <Table.Td>{w.object(item)}</Table.Td>
              <Table.Td>{w.action(item.action)}</Table.Td>
              <Table.Td>
                <ChangeList changes={item.changes} timeZone={timeZone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryCards({ items, timeZone }: { items: HistoryItem[]; timeZone: string }) {
  const intl = useIntl();
  const w = useRowWords(timeZone);
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={intl.formatMessage({ id: 'history.title' })}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <Card key={item.id} withBorder padding="sm" component="li">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <time dateTime={item.at}>{w.when(item.at)}</time> · {w.who(item)}
            </Text>
            <Text fw={600}>
              {w.action(item.action)} · {w.entity(item.entity)}
            </Text>
            <Text size="sm">{w.object(item)}</Text>
            <ChangeList changes={item.changes} timeZone={timeZone} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Pager(props: { offset: number; total: number; shown: number; busy: boolean; onPage(offset: number): void }) {
  const { offset, total, shown, busy } = props;
  if (total === 0) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" role="status">
        <FormattedMessage id="history.page" values={{ from: offset + 1, to: offset + shown, total }} />
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          disabled={busy || offset === 0}
          onClick={() => props.onPage(Math.max(0, offset - HISTORY_PAGE_SIZE))}
        >
          <FormattedMessage id="history.previous" />
        </Button>
        <Button
          variant="default"
          disabled={busy || offset + HISTORY_PAGE_SIZE >= total}
          onClick={() => props.onPage(offset + HISTORY_PAGE_SIZE)}
        >
          <FormattedMessage id="history.next" />
        </Button>
      </Group>
    </Group>
  );
}
