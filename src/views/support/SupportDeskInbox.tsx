import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
// The desk's list of conversations (issue 30): by state (with how many in each) and by condominium, latest activity
// first, each with its condominium, state, assignee, last words and what the desk has not read. Choosing one opens it.
import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { SUPPORT_FILTERS, SUPPORT_LIST_PAGE, type SupportFilter } from '../../api/support';
import type { supportDeskMachine } from '../../machines/supportDeskMachine';
import { FailureAlert } from '../common/FailureAlert';
import { supportTime } from './supportFormat';
import { FILTER_WORDS, STATE_COLORS, STATE_WORDS } from './supportStates';

export function SupportDeskInbox({ actor }: { actor: ActorRefFrom<typeof supportDeskMachine> }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { list, filter, condoId, offset, selected, failure } = state.context;
  const count = (f: SupportFilter) =>
    list
      ? f === 'todas'
        ? list.porEstado.abierta + list.porEstado.esperando + list.porEstado.cerrada
        : list.porEstado[f]
      : null;
  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage({ id: 'support.desk.inbox' })}>
      <SegmentedControl
        fullWidth
        value={filter}
        onChange={(value) => actor.send({ type: 'filter', filter: value as SupportFilter })}
        data={SUPPORT_FILTERS.map((f) => ({
          value: f,
          label: `${intl.formatMessage({ id: FILTER_WORDS[f] })}${count(f) === null ? '' : ` (${count(f)})`}`,
        }))}
      />
      <Select
        label={intl.formatMessage({ id: 'support.desk.condo' })}
        value={condoId === null ? '' : String(condoId)}
        onChange={(value) => actor.send({ type: 'condo', condoId: value ? Number(value) : null })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'support.desk.allCondos' }) },
          ...(list?.condos ?? []).map((c) => ({ value: String(c.CondoId), label: c.CondoName })),
        ]}
        allowDeselect={false}
      />
      {state.matches({ signedIn: 'listFailed' }) ? (
        <FailureAlert
          failure={failure}
          title={<FormattedMessage id="support.desk.listFailed" />}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      ) : null}
      {list === null ? (
        <Text role="status" c="dimmed" size="sm">
          <FormattedMessage id="support.desk.loading" />
        </Text>
      ) : list.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          <FormattedMessage id="support.desk.empty" />
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.items.map((item) => (
            <li key={item.id}>
              <UnstyledButton
                w="100%"
                aria-current={item.id === selected || undefined}
                aria-label={intl.formatMessage({ id: 'support.desk.itemLabel' }, { condo: item.CondoName, count: item.noLeidos })}
                onClick={() => actor.send({ type: 'select', conversationId: item.id })}
              >
                <Paper withBorder radius="md" p="xs" bg={item.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Stack gap={2}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm" truncate>
                        {item.CondoName}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {item.noLeidos > 0 ? (
                          <Badge color="red" size="sm" circle>
                            {item.noLeidos}
                          </Badge>
                        ) : null}
                        <Badge color={STATE_COLORS[item.estado]} variant="light" size="sm">
                          <FormattedMessage id={STATE_WORDS[item.estado]} />
                        </Badge>
                      </Group>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {item.ultimoMensaje ?? ''}
                    </Text>
                    <Group justify="space-between" gap="xs">
                      <Text size="xs" c="dimmed">
                        {item.asignada ? item.asignada.nombre : intl.formatMessage({ id: 'support.desk.unassigned' })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {supportTime(item.ultimaFecha, intl.locale)}
                      </Text>
                    </Group>
                  </Stack>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      {list && list.total > SUPPORT_LIST_PAGE ? (
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            disabled={offset === 0}
            onClick={() => actor.send({ type: 'page', offset: Math.max(0, offset - SUPPORT_LIST_PAGE) })}
          >
            <FormattedMessage id="support.desk.previous" />
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={offset + SUPPORT_LIST_PAGE >= list.total}
            onClick={() => actor.send({ type: 'page', offset: offset + SUPPORT_LIST_PAGE })}
          >
            <FormattedMessage id="support.desk.next" />
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
