import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
// Step 2 of crear-factura: the receiver (searched among the clients; a dwelling's charges bring its owner's
// client already), método and forma de pago (PPD fixes forma de pago 99, which the machine enforces).
import { Button, Group, Loader, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FORMAS_PAGO, type FormaPago, METODOS_PAGO, type MetodoPago } from '../../../api/invoicing';
import type { CreateInvoiceContext, CreateInvoiceEvent } from '../../../machines/createInvoiceMachine';
import { FailureAlert } from '../../common/FailureAlert';

interface Props {
  context: CreateInvoiceContext;
  searching: boolean;
  can: (event: CreateInvoiceEvent) => boolean;
  send: (event: CreateInvoiceEvent) => void;
}

export function ReceiverStep({ context, searching, can, send }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [q, setQ] = useState('');
  const chosen = context.clients.find((client) => client.id === context.clientId);
  return (
    <Stack gap="md">
      <form
        aria-label={t('invoicing.create.client')}
        onSubmit={(event) => {
          event.preventDefault();
          if (q.trim()) send({ type: 'search', q: q.trim() });
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('invoicing.create.searchClient')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          {/* Not disabled while searching: a new query replaces the one under way (the machine restarts the search). */}
          <Button type="submit" variant="light" leftSection={<IconSearch size={18} aria-hidden />}>
            {t('invoicing.create.search')}
          </Button>
        </Group>
      </form>
      {searching ? <Loader size="sm" role="status" aria-label={t('invoicing.loading')} /> : null}
      {context.failure ? <FailureAlert failure={context.failure} /> : null}
      {context.clients.length > 0 ? (
        <Radio.Group
          label={t('invoicing.create.client')}
          value={context.clientId === null ? '' : String(context.clientId)}
          onChange={(value) => send({ type: 'chooseClient', clientId: Number(value) })}
        >
          <Stack gap={6} mt={4}>
            {context.clients.map((client) => (
              <Radio
                key={client.id}
                value={String(client.id)}
                label={`${client.rfc} · ${client.nombre}`}
                description={client.dwellings.map((d) => d.name).join(', ') || undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : context.clientId === null && !searching && q ? (
        <Text size="sm" c="dimmed">
          {t('invoicing.create.noClients')}
        </Text>
      ) : null}
      {context.clientId !== null && !chosen ? (
        <Text size="sm">
          {t('invoicing.create.client')}: #{context.clientId}
        </Text>
      ) : null}
      <Group grow wrap="wrap" align="flex-start">
        <NativeSelect
          label={t('invoicing.create.metodoPago')}
          value={context.metodoPago}
          onChange={(e) =>
            send({ type: 'setPayment', metodoPago: e.currentTarget.value as MetodoPago, formaPago: context.formaPago })
          }
          data={METODOS_PAGO.map((code) => ({ value: code, label: t(`invoicing.sat.metodoPago.${code}`) }))}
        />
        <NativeSelect
          label={t('invoicing.create.formaPago')}
          value={context.formaPago}
          disabled={context.metodoPago === 'PPD'}
          description={context.metodoPago === 'PPD' ? t('invoicing.create.ppdForces99') : undefined}
          onChange={(e) =>
            send({ type: 'setPayment', metodoPago: context.metodoPago, formaPago: e.currentTarget.value as FormaPago })
          }
          data={FORMAS_PAGO.filter((code) => (context.metodoPago === 'PPD') === (code === '99')).map((code) => ({
            value: code,
            label: t(`invoicing.sat.formaPago.${code}`),
          }))}
        />
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" onClick={() => send({ type: 'back' })}>
          {t('invoicing.back')}
        </Button>
        <Button disabled={!can({ type: 'review' })} onClick={() => send({ type: 'review' })}>
          {t('invoicing.create.preview')}
        </Button>
      </Group>
    </Stack>
  );
}
