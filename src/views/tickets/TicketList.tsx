// A list of requests over ticketListMachine: filters (state, category, assignee for administrators, age,
// overdue) and a search that waits for the typing to stop, the page of cards, its count, the empty and
// failed states, and the pages. Used by the section's screen and by the employee's task list.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TICKET_STATES } from '../../api/ticketLifecycle';
import { TICKET_AGES, TICKET_SEARCH_MAX, type TicketCategory, type TicketSummary } from '../../api/tickets';
import { isFiltered, type TicketFilters, ticketListMachine, ticketPageCount } from '../../machines/ticketListMachine';
import type { TicketAssignee } from '../../services/ticketsService';
import { FailureAlert } from '../common/FailureAlert';
import { PagedList } from '../common/PagedList';
import { LoadingCard } from '../common/PageStates';
import { useLiveEvent } from '../common/useLiveEvent';
import { TicketCard } from './TicketCard';

const ANY = '';
/** The assignee filter's value for requests nobody works on yet (the contract's asignado=0). */
const UNASSIGNED = '0';

export function TicketList({
  sectionId,
  heading,
  categorias,
  assignees,
  showRequester,
  reloadKey = 0,
  onOpen,
}: {
  sectionId: number | null;
  heading: string;
  /** The section's categories for the filter; none: no category filter. */
  categorias: readonly TicketCategory[];
  /** Administrators: the employees for the assignee filter; null: no assignee filter. */
  assignees: readonly TicketAssignee[] | null;
  showRequester: boolean;
  /** Changes when the list should be read again (a request was just filed). */
  reloadKey?: number;
  onOpen?: (ticket: TicketSummary) => void;
}) {
  const intl = useIntl();
  const [state, send] = useMachine(ticketListMachine, {
    input: { sectionId, canFilterByAssignee: assignees !== null },
  });
  const { filters, searchInput, search, page, answer, failure } = state.context;
  useEffect(() => {
    if (reloadKey > 0) send({ type: 'reload' });
  }, [reloadKey, send]);
  // The live channel (issue 30): a request the caller may see changed.
  useLiveEvent('ticket', () => send({ type: 'reload' }));
  const busy = state.hasTag('busy');
  const headingId = `ticket-list-${sectionId ?? 'tasks'}`;
  const filter = (next: Partial<TicketFilters>) => send({ type: 'filter', filters: next });

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {heading}
      </Title>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers we serve. */}
      <div role="search" aria-label={intl.formatMessage({ id: 'tickets.filters.label' })}>
        <Stack gap="sm">
          <TextInput
            type="search"
            label={intl.formatMessage({ id: 'tickets.filters.search' })}
            value={searchInput}
            maxLength={TICKET_SEARCH_MAX}
            onChange={(event) => send({ type: 'search', text: event.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: assignees ? 4 : 3 }} spacing="sm">
            <NativeSelect
              label={intl.formatMessage({ id: 'tickets.filters.state' })}
              value={filters.estado ?? ANY}
              onChange={(event) => {
                const value = event.currentTarget.value;
                filter({ estado: value === ANY ? null : (value as TicketFilters['estado']) });
              }}
              data={[
                { value: ANY, label: intl.formatMessage({ id: 'tickets.filters.anyState' }) },
                ...TICKET_STATES.map((s) => ({ value: s, label: intl.formatMessage({ id: `tickets.state.${s}` }) })),
              ]}
            />
            {categorias.length > 0 ? (
              <NativeSelect
                label={intl.formatMessage({ id: 'tickets.filters.category' })}
                value={filters.categoria === null ? ANY : String(filters.categoria)}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  filter({ categoria: value === ANY ? null : Number(value) });
                }}
                data={[
                  { value: ANY, label: intl.formatMessage({ id: 'tickets.filters.anyCategory' }) },
                  ...categorias.map((c) => ({ value: String(c.id), label: c.nombre })),
                ]}
              />
            ) : null}
            {assignees ? (
              <NativeSelect
                label={intl.formatMessage({ id: 'tickets.filters.assignee' })}
                value={filters.asignado === null ? ANY : String(filters.asignado)}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  filter({ asignado: value === ANY ? null : Number(value) });
                }}
                data={[
                  { value: ANY, label: intl.formatMessage({ id: 'tickets.filters.anyAssignee' }) },
                  { value: UNASSIGNED, label: intl.formatMessage({ id: 'tickets.unassigned' }) },
                  ...assignees.map((a) => ({ value: String(a.UserId), label: a.UserName })),
                ]}
              />
            ) : null}
            <NativeSelect
              label={intl.formatMessage({ id: 'tickets.filters.age' })}
              value={filters.edad ?? ANY}
              onChange={(event) => {
                const value = event.currentTarget.value;
                filter({ edad: value === ANY ? null : (value as TicketFilters['edad']) });
              }}
              data={[
                { value: ANY, label: intl.formatMessage({ id: 'tickets.filters.anyAge' }) },
                ...TICKET_AGES.map((a) => ({ value: a, label: intl.formatMessage({ id: `tickets.age.${a}` }) })),
              ]}
            />
          </SimpleGrid>
          <Group gap="md" justify="space-between" wrap="wrap">
            <Checkbox
              label={intl.formatMessage({ id: 'tickets.filters.overdue' })}
              checked={filters.vencidas}
              onChange={(event) => filter({ vencidas: event.currentTarget.checked })}
            />
            {isFiltered(state.context) || searchInput ? (
              <Button variant="subtle" size="xs" onClick={() => send({ type: 'clearFilters' })}>
                <FormattedMessage id="tickets.filters.clear" />
              </Button>
            ) : null}
          </Group>
        </Stack>
      </div>

      <Stack gap="sm" aria-busy={busy} aria-live="polite">
        {busy && !answer ? <LoadingCard /> : null}
        {busy && answer ? (
          <Text size="sm" c="dimmed" role="status">
            <FormattedMessage id="tickets.list.loading" />
          </Text>
        ) : null}
        {state.matches('failed') ? (
          <FailureAlert
            failure={failure}
            title={<FormattedMessage id="tickets.list.failedTitle" />}
            onRetry={() => send({ type: 'retry' })}
          />
        ) : null}
        <PagedList
          empty={
            state.matches('empty') ? (
              isFiltered(state.context) ? (
                <FormattedMessage id="tickets.list.noMatch" />
              ) : (
                <FormattedMessage id={sectionId === null ? 'tickets.list.noTasks' : 'tickets.list.none'} />
              )
            ) : null
          }
          count={
            state.matches('shown') && answer ? (
              search ? (
                <FormattedMessage id="tickets.list.countSearch" values={{ total: answer.total, search }} />
              ) : (
                <FormattedMessage id="tickets.list.count" values={{ total: answer.total }} />
              )
            ) : null
          }
          items={answer && !state.matches('empty') && !state.matches('failed') ? answer.items : null}
          label={heading}
          keyOf={(ticket) => ticket.TicketId}
          pages={
            state.matches('shown') && answer
              ? {
                  total: ticketPageCount(answer.total),
                  page,
                  onChange: (next) => send({ type: 'goToPage', page: next }),
                  label: intl.formatMessage({ id: 'tickets.list.pages' }),
                  pageLabel: (n) => intl.formatMessage({ id: 'tickets.list.page' }, { page: n }),
                }
              : null
          }
        >
          {(ticket) => <TicketCard ticket={ticket} showRequester={showRequester} onOpen={onOpen} />}
        </PagedList>
      </Stack>
    </Stack>
  );
}
