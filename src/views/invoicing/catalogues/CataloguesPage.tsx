import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Table.css';
// facturacion-electronica (issue 17): the products and services the condominium invoices with their SAT keys,
// price, ObjetoImp and IVA; add, edit, deactivate and activate. The four defaults come seeded by the server
// (marked "Predeterminado"). A thin view over productCatalogueMachine: a table on a desktop, cards on a phone.
import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPlus, IconToggleLeft } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../../api/finance';
import type { Product } from '../../../api/invoicing';
import { productCatalogueMachine } from '../../../machines/productCatalogueMachine';
import { FailureAlert } from '../../common/FailureAlert';
import { ProductDialog } from './ProductDialog';

export function CataloguesPage() {
  const intl = useIntl();
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const actor = useActorRef(productCatalogueMachine);
  const state = useSelector(actor, (s) => s);
  const { products, failure, editing } = state.context;
  const dialogOpen = state.matches('editing') || state.matches('saving');
  const toggling = state.matches('toggling');

  if (state.matches('failed'))
    return (
      <FailureAlert
        failure={failure}
        title={intl.formatMessage({ id: 'invoicingScreens.catalogues.loadFailed' })}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  if (state.matches('loading') && products.length === 0)
    return (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" />
        <Text>
          <FormattedMessage id="invoicingScreens.catalogues.loading" />
        </Text>
      </Group>
    );

  const tax = (p: Product) =>
    p.objetoImp === '02' && p.iva
      ? intl.formatMessage({ id: `invoicing.sat.iva.${p.iva}` })
      : intl.formatMessage({ id: `invoicing.sat.objetoImp.${p.objetoImp}` });
  const status = (p: Product) => (
    <Group gap={4}>
      <Badge color={p.active ? 'green' : 'gray'}>
        <FormattedMessage id={p.active ? 'invoicingScreens.active' : 'invoicingScreens.inactive'} />
      </Badge>
      {p.kind ? (
        <Badge variant="light">
          <FormattedMessage id="invoicingScreens.catalogues.default" />
        </Badge>
      ) : null}
    </Group>
  );
  const actions = (p: Product) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEdit size={14} aria-hidden />}
        aria-label={intl.formatMessage({ id: 'invoicingScreens.catalogues.editNamed' }, { name: p.name })}
        onClick={() => actor.send({ type: 'edit', product: p })}
        disabled={toggling}
      >
        <FormattedMessage id="invoicingScreens.edit" />
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color={p.active ? 'red' : 'green'}
        leftSection={<IconToggleLeft size={14} aria-hidden />}
        aria-label={intl.formatMessage(
          { id: p.active ? 'invoicingScreens.deactivateNamed' : 'invoicingScreens.activateNamed' },
          { name: p.name },
        )}
        onClick={() => actor.send({ type: 'toggle', product: p })}
        disabled={toggling}
      >
        <FormattedMessage id={p.active ? 'invoicingScreens.deactivate' : 'invoicingScreens.activate'} />
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <FormattedMessage id="invoicingScreens.catalogues.title" />
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => actor.send({ type: 'edit', product: null })}>
          <FormattedMessage id="invoicingScreens.catalogues.add" />
        </Button>
      </Group>
      {failure && !dialogOpen ? <FailureAlert failure={failure} /> : null}
      {products.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="invoicingScreens.catalogues.empty" />
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {products.map((p) => (
            <Card key={p.id} withBorder padding="sm" component="article" aria-label={p.name}>
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{p.name}</Text>
                  <Text fw={600}>{formatMoney(p.priceCents)}</Text>
                </Group>
                <Text size="sm">
                  {p.claveProdServ} · {p.claveUnidad} {p.unidad}
                </Text>
                <Text size="sm" c="dimmed">
                  {tax(p)}
                </Text>
                {status(p)}
                {actions(p)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="invoicingScreens.catalogues.name" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="invoicingScreens.catalogues.keys" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="invoicingScreens.catalogues.price" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="invoicingScreens.catalogues.tax" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="invoicingScreens.status" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="invoicingScreens.actions" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>
                  {p.claveProdServ} · {p.claveUnidad} {p.unidad}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(p.priceCents)}</Table.Td>
                <Table.Td>{tax(p)}</Table.Td>
                <Table.Td>{status(p)}</Table.Td>
                <Table.Td>{actions(p)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialogOpen ? (
        <ProductDialog
          product={editing}
          saving={state.matches('saving')}
          failure={failure}
          onSave={(draft) => actor.send({ type: 'save', draft })}
          onClose={() => actor.send({ type: 'close' })}
        />
      ) : null}
    </Stack>
  );
}

export default CataloguesPage;
