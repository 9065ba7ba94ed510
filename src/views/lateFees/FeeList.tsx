import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
// Recargos aplicados: the fees of a page as cards (one column on a phone), filtered by period and dwelling, each
// with its dwelling, period, amount and the balance it came from, and Condonar (or who waived it, when and why).
// A thin view over lateFeeListMachine; the dialog is WaiveDialog.
import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { LATE_FEES_PAGE_SIZE, type LateFee, type LateFeeDwelling, periodText } from '../../api/lateFees';
import type { lateFeeListMachine } from '../../machines/lateFeeListMachine';
import { PagedList } from '../common/PagedList';
import { FailedAlert, LoadingCard } from '../common/PageStates';
import { WaiveDialog } from './WaiveDialog';

type ListActor = ActorRefFrom<typeof lateFeeListMachine>;

export function FeeList(props: { actor: ListActor; dwellings: readonly LateFeeDwelling[]; timeZone: string }) {
  const { actor } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { items, total, page, filters, waiving, failure } = state.context;
  const filtered = filters.periodo !== '' || filters.vivienda !== null;
  const settled = state.matches('shown') || state.matches('asking') || state.matches('waiving');
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intl.locale, { timeZone: props.timeZone, dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        <FormattedMessage id="lateFees.list.title" />
      </Title>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="month"
          label={intl.formatMessage({ id: 'lateFees.list.period' })}
          value={filters.periodo}
          onChange={(event) => actor.send({ type: 'filter', filters: { ...filters, periodo: event.currentTarget.value } })}
          disabled={!state.can({ type: 'filter', filters })}
          maw={200}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'lateFees.list.dwelling' })}
          value={filters.vivienda === null ? '' : String(filters.vivienda)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            actor.send({ type: 'filter', filters: { ...filters, vivienda: value === '' ? null : Number(value) } });
          }}
          disabled={!state.can({ type: 'filter', filters })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'lateFees.list.anyDwelling' }) },
            ...props.dwellings.map((d) => ({ value: String(d.id), label: d.nombre })),
          ]}
          maw={260}
        />
      </Group>
      {state.matches('loading') && items.length === 0 ? <LoadingCard /> : null}
      {state.matches('loadFailed') ? <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} /> : null}
      <PagedList<LateFee>
        empty={
          settled && items.length === 0 ? (
            <FormattedMessage id={filtered ? 'lateFees.list.emptyFiltered' : 'lateFees.list.empty'} />
          ) : null
        }
        count={settled && items.length > 0 ? <FormattedMessage id="lateFees.list.count" values={{ count: total }} /> : null}
        items={state.matches('loadFailed') ? null : items}
        label={intl.formatMessage({ id: 'lateFees.list.title' })}
        keyOf={(fee) => fee.id}
        pages={{
          total: Math.ceil(total / LATE_FEES_PAGE_SIZE),
          page,
          onChange: (n) => actor.send({ type: 'page', page: n }),
          label: intl.formatMessage({ id: 'lateFees.list.pages' }),
          pageLabel: (n) => intl.formatMessage({ id: 'lateFees.list.page' }, { page: n }),
        }}
      >
        {(fee) => (
          <Card withBorder radius="md" padding="md" aria-label={`${fee.vivienda} ${periodText(fee.period)}`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Stack gap={2}>
                <Text fw={600}>{fee.vivienda}</Text>
                <Text size="sm" c="dimmed">
                  {periodText(fee.period)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-start">
                <Group gap="xs">
                  <Text fw={600}>{formatMoney(fee.amountCents)}</Text>
                  {fee.waivedAt ? (
                    <Badge color="gray" variant="light">
                      <FormattedMessage id="lateFees.list.waived" />
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="lateFees.list.base" values={{ amount: formatMoney(fee.baseCents) }} />
                </Text>
              </Stack>
            </SimpleGrid>
            {fee.waivedAt ? (
              <Text size="sm" mt="xs">
                <FormattedMessage
                  id="lateFees.list.waivedBy"
                  values={{ name: fee.waivedBy ?? '—', when: when(fee.waivedAt), reason: fee.waiveReason ?? '' }}
                />
              </Text>
            ) : (
              <Group mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={!state.can({ type: 'waive', id: fee.id })}
                  onClick={() => actor.send({ type: 'waive', id: fee.id })}
                >
                  <FormattedMessage id="lateFees.waive.button" />
                </Button>
              </Group>
            )}
          </Card>
        )}
      </PagedList>
      <WaiveDialog
        key={waiving?.id ?? 'none'}
        fee={waiving}
        busy={state.matches('waiving')}
        failure={state.matches('asking') ? failure : null}
        canConfirm={(reason) => state.can({ type: 'confirm', reason })}
        onConfirm={(reason) => actor.send({ type: 'confirm', reason })}
        onCancel={() => actor.send({ type: 'cancel' })}
      />
    </Stack>
  );
}
