import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
// catalago-clientes (issue 17): the receivers the condominium invoices, with an accent-insensitive search (sent
// after typing stops) and pages; "Agregar cliente" and the "Público en general" quick-add (XAXX010101000); each
// client's linked dwellings. A thin view over invoicingClientsMachine: a table on a desktop, cards on a phone.
import { Badge, Button, Card, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CLIENTS_PAGE_SIZE, type Client } from '../../../api/invoicing';
import { invoicingClientsMachine } from '../../../machines/invoicingClientsMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { ClientDialog } from './ClientDialog';

const SEARCH_DELAY_MS = 300;

export function ClientsPage() {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const actor = useActorRef(invoicingClientsMachine);
  const state = useSelector(actor, (s) => s);
  const { answer, query, failure, editing, publico } = state.context;
  const [typed, setTyped] = useState('');
  const dialogOpen = state.matches('editing') || state.matches('saving');

  // The search is sent once typing stops; the machine takes it only when the list is showing.
  const sentQuery = useRef(query.q);
  useEffect(() => {
    if (typed.trim() === sentQuery.current) return;
    const timer = setTimeout(() => {
      sentQuery.current = typed.trim();
      actor.send({ type: 'search', q: typed.trim() });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, actor]);

  if (state.matches('failed'))
    return (
      <FailureAlert
        failure={failure}
        title={intl.formatMessage({ id: 'invoicingScreens.clients.loadFailed' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );

  const pages = answer ? Math.max(1, Math.ceil(answer.total / CLIENTS_PAGE_SIZE)) : 1;
  const dwellingsOf = (client: Client) =>
    client.dwellings.length ? (
      <Group gap={4}>
        {client.dwellings.map((d) => (
          <Badge key={d.apartmentId} variant="light">
            {d.name}
          </Badge>
        ))}
      </Group>
    ) : (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="invoicingScreens.clients.noDwellings" />
      </Text>
    );
  const editButton = (client: Client) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEdit size={14} aria-hidden />}
      aria-label={intl.formatMessage({ id: 'invoicingScreens.clients.editNamed' }, { name: client.nombre })}
      onClick={() => actor.send({ type: 'edit', client })}
    >
      <FormattedMessage id="invoicingScreens.edit" />
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <FormattedMessage id="invoicingScreens.clients.title" />
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={() => actor.send({ type: 'addPublico' })}
          >
            <FormattedMessage id="invoicingScreens.clients.publico" />
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => actor.send({ type: 'edit', client: null })}>
            <FormattedMessage id="invoicingScreens.clients.add" />
          </Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        label={intl.formatMessage({ id: 'invoicingScreens.clients.search' })}
        placeholder={intl.formatMessage({ id: 'invoicingScreens.clients.searchHint' })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      {state.matches('loading') ? (
        <Group justify="center" p="md" role="status">
          <Loader size="sm" />
          <Text>
            <FormattedMessage id="invoicingScreens.clients.loading" />
          </Text>
        </Group>
      ) : null}
      {answer && answer.total === 0 ? (
        <Card withBorder padding="lg">
          <Text ta="center" c="dimmed">
            <FormattedMessage id={query.q ? 'invoicingScreens.clients.noMatch' : 'invoicingScreens.clients.empty'} />
          </Text>
        </Card>
      ) : null}
      {answer && answer.total > 0 ? (
        phone ? (
          <Stack gap="xs">
            {answer.clients.map((client) => (
              <Card key={client.id} withBorder padding="sm" component="article" aria-label={client.nombre}>
                <Stack gap={4}>
                  <Text fw={600}>{client.nombre}</Text>
                  <Text size="sm">
                    {client.rfc} · {client.regimenFiscal} · CP {client.domicilioFiscal} · {client.usoCfdi}
                  </Text>
                  {client.email ? <Text size="sm">{client.email}</Text> : null}
                  {dwellingsOf(client)}
                  <Group>{editButton(client)}</Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>RFC</Table.Th>
                <Table.Th>
                  <FormattedMessage id="invoicingScreens.clients.nombre" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="invoicingScreens.clients.fiscal" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="invoicingScreens.clients.email" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="invoicingScreens.clients.dwellings" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="invoicingScreens.actions" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.clients.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>{client.rfc}</Table.Td>
                  <Table.Td>{client.nombre}</Table.Td>
                  <Table.Td>
                    {client.regimenFiscal} · CP {client.domicilioFiscal} · {client.usoCfdi}
                  </Table.Td>
                  <Table.Td>{client.email ?? '—'}</Table.Td>
                  <Table.Td>{dwellingsOf(client)}</Table.Td>
                  <Table.Td>{editButton(client)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : null}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.floor(query.offset / CLIENTS_PAGE_SIZE) + 1}
          onChange={(page) => actor.send({ type: 'page', offset: (page - 1) * CLIENTS_PAGE_SIZE })}
          getControlProps={(control) => ({
            'aria-label': intl.formatMessage({ id: `invoicingScreens.page.${control}` }),
          })}
          getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'invoicingScreens.page.number' }, { page }) })}
        />
      ) : null}
      {dialogOpen ? (
        <ClientDialog
          client={editing}
          publico={publico}
          saving={state.matches('saving')}
          failure={failure}
          onSave={(draft) => actor.send({ type: 'save', draft })}
          onClose={() => actor.send({ type: 'close' })}
        />
      ) : null}
    </Stack>
  );
}

export default ClientsPage;
