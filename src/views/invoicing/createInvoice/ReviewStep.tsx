import '@mantine/core/styles/Table.css';
// Step 3 of crear-factura: the server's preview — subtotal, each tax line, total in MXN — and the problems the
// SAT rules find (stamping waits until there are none).
import { Alert, Button, Group, List, Stack, Table } from '@mantine/core';
import { IconRubberStamp } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import type { CreateInvoiceContext, CreateInvoiceEvent } from '../../../machines/createInvoiceMachine';
import { formatMxn } from '../money';

interface Props {
  context: CreateInvoiceContext;
  can: (event: CreateInvoiceEvent) => boolean;
  send: (event: CreateInvoiceEvent) => void;
}

export function ReviewStep({ context, can, send }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const preview = context.preview!;
  const { totals } = preview;
  // A problem is a message id of the catalogue when the server sends one, else its own words.
  const problem = (id: string) => (intl.messages[id] ? t(id) : id);
  const rate = (tasa: string | null) => intl.formatNumber(Number(tasa ?? 0), { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Stack gap="md">
      <Table aria-label={t('invoicing.create.preview')} withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('invoicing.create.subtotal')}</Table.Th>
            <Table.Td ta="right">{formatMxn(intl, totals.subtotalCents)}</Table.Td>
          </Table.Tr>
          {totals.descuentoCents > 0 ? (
            <Table.Tr>
              <Table.Th scope="row">{t('invoicing.create.descuento')}</Table.Th>
              <Table.Td ta="right">−{formatMxn(intl, totals.descuentoCents)}</Table.Td>
            </Table.Tr>
          ) : null}
          {totals.taxes.map((tax) => (
            <Table.Tr key={`${tax.tipoFactor}-${tax.tasaOCuota}`}>
              <Table.Th scope="row" fw={400}>
                {tax.tipoFactor === 'Exento'
                  ? t('invoicing.create.taxExempt', { base: formatMxn(intl, tax.baseCents) })
                  : t('invoicing.create.taxLine', { rate: rate(tax.tasaOCuota), base: formatMxn(intl, tax.baseCents) })}
              </Table.Th>
              <Table.Td ta="right">{tax.importeCents === null ? '—' : formatMxn(intl, tax.importeCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('invoicing.create.traslados')}</Table.Th>
            <Table.Td ta="right">{formatMxn(intl, totals.trasladosCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('invoicing.create.total')}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMxn(intl, totals.totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {preview.problems.length > 0 ? (
        <Alert color="red" role="alert" title={t('invoicing.create.problems')}>
          <List size="sm">
            {preview.problems.map((id) => (
              <List.Item key={id}>{problem(id)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => send({ type: 'editConcepts' })}>
            {t('invoicing.create.editConcepts')}
          </Button>
          <Button variant="default" onClick={() => send({ type: 'editReceiver' })}>
            {t('invoicing.create.editReceiver')}
          </Button>
        </Group>
        <Button
          leftSection={<IconRubberStamp size={18} aria-hidden />}
          disabled={!can({ type: 'stamp' })}
          onClick={() => send({ type: 'stamp' })}
        >
          {t('invoicing.create.stamp')}
        </Button>
      </Group>
    </Stack>
  );
}
