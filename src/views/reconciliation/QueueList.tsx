import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
// The movements of the statements and their matches: cards on a phone, a table from the sm breakpoint. A pending
// deposit shows its best suggestions with Aceptar, Dividir (a part per dwelling, adding up exactly) and Descartar;
// a reconciled one its dwellings and, for administrators, Deshacer with a reason; a withdrawal "sin registrar"
// Registrar gasto (a category the ledger knows or a new one, a fund, and the rule to save), a recorded one its
// expense and, for administrators, Deshacer. A thin view over reconciliationQueueMachine.
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { type BankMovement, MOVEMENT_STATES, type MovementState, RECONCILIATION_PAGE_SIZE } from '../../api/reconciliation';
import { categorizationFits, type reconciliationQueueMachine, type SplitPart } from '../../machines/reconciliationQueueMachine';
import { FailureAlert } from '../common/FailureAlert';
import { FailedAlert, LoadingCard } from '../common/PageStates';

type QueueActor = ActorRefFrom<typeof reconciliationQueueMachine>;

export function QueueList(props: { actor: QueueActor; mayUndo: boolean }) {
  const { actor } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { items, total, page, estado, failure } = state.context;
  if (state.matches('loading') && items.length === 0) return <LoadingCard />;
  if (state.matches('loadFailed')) return <FailedAlert failure={failure} onRetry={() => actor.send({ type: 'retry' })} />;
  const pages = Math.max(1, Math.ceil(total / RECONCILIATION_PAGE_SIZE));
  const actions = (m: BankMovement) => <MovementActions actor={actor} movement={m} mayUndo={props.mayUndo} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          <FormattedMessage id="reconciliation.queue.title" />
        </Title>
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.queue.state' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'reconciliation.state.all' }) },
            ...MOVEMENT_STATES.map((s) => ({ value: s, label: intl.formatMessage({ id: `reconciliation.state.${s}` }) })),
          ]}
          value={estado ?? ''}
          onChange={(event) =>
            actor.send({ type: 'filter', estado: (event.currentTarget.value || null) as MovementState | null })
          }
          maw={240}
        />
      </Group>
      {failure ? <FailureAlert failure={failure} /> : null}
      {items.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="reconciliation.queue.empty" />
        </Text>
      ) : null}
      <Stack gap="sm" hiddenFrom="sm">
        {items.map((m) => (
          <Card key={m.id} withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>{formatMoney(m.amountCents)}</Text>
                <Badge variant="light">
                  <FormattedMessage id={`reconciliation.state.${m.state}`} />
                </Badge>
              </Group>
              <Text size="sm">
                {m.date} · {m.description}
              </Text>
              {actions(m)}
            </Stack>
          </Card>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        {items.length > 0 ? (
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="reconciliation.column.date" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="reconciliation.column.description" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="reconciliation.column.amount" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="reconciliation.queue.state" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="reconciliation.queue.matches" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.date}</Table.Td>
                  <Table.Td>{m.description}</Table.Td>
                  <Table.Td ta="right">{formatMoney(m.amountCents)}</Table.Td>
                  <Table.Td>
                    <FormattedMessage id={`reconciliation.state.${m.state}`} />
                  </Table.Td>
                  <Table.Td>{actions(m)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Box>
      {pages > 1 ? (
        <Group>
          <Button
            variant="default"
            disabled={!state.can({ type: 'page', page: page - 1 })}
            onClick={() => actor.send({ type: 'page', page: page - 1 })}
          >
            <FormattedMessage id="reconciliation.queue.previous" />
          </Button>
          <Text size="sm">
            <FormattedMessage id="reconciliation.queue.page" values={{ page, pages }} />
          </Text>
          <Button
            variant="default"
            disabled={!state.can({ type: 'page', page: page + 1 })}
            onClick={() => actor.send({ type: 'page', page: page + 1 })}
          >
            <FormattedMessage id="reconciliation.queue.next" />
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function MovementActions(props: { actor: QueueActor; movement: BankMovement; mayUndo: boolean }) {
  const { actor, movement } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const [splitting, setSplitting] = useState(false);
  const [parts, setParts] = useState<SplitPart[]>([]);
  const [reason, setReason] = useState('');
  const suggestions = movement.matches;
  if (movement.state === 'retiro_sin_registrar') return <CategorizeForm actor={actor} movement={movement} />;
  if (movement.state === 'conciliado' || movement.state === 'retiro_registrado')
    return (
      <Stack gap={4}>
        {suggestions.map((s) => (
          <Text key={s.id} size="sm">
            {s.dwelling} · {formatMoney(s.amountCents)} · <FormattedMessage id={`reconciliation.match.${s.state}`} />
          </Text>
        ))}
        {movement.expense ? (
          <Text size="sm">
            <FormattedMessage
              id={movement.expense.fundName ? 'reconciliation.expense.recordedFund' : 'reconciliation.expense.recorded'}
              values={{ category: movement.expense.category, fund: movement.expense.fundName ?? '' }}
            />{' '}
            · <FormattedMessage id={movement.expense.posted ? 'reconciliation.expense.byRule' : 'reconciliation.expense.found'} />
          </Text>
        ) : null}
        {props.mayUndo ? (
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              aria-label={intl.formatMessage({ id: 'reconciliation.undo.reason' })}
              placeholder={intl.formatMessage({ id: 'reconciliation.undo.reason' })}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={!state.can({ type: 'undo', id: movement.id, reason })}
              onClick={() => actor.send({ type: 'undo', id: movement.id, reason })}
            >
              <FormattedMessage id="reconciliation.undo" />
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  if (movement.state !== 'pendiente') return null;
  return (
    <Stack gap={4}>
      {suggestions.map((s) => (
        <Group key={s.id} gap="xs">
          <Text size="sm">
            {s.dwelling} · <FormattedMessage id="reconciliation.match.confidence" values={{ confidence: s.confidence }} />
          </Text>
          <Button
            size="xs"
            disabled={!state.can({ type: 'accept', id: movement.id, apartmentId: s.apartmentId })}
            onClick={() => actor.send({ type: 'accept', id: movement.id, apartmentId: s.apartmentId })}
          >
            <FormattedMessage id="reconciliation.accept" />
          </Button>
        </Group>
      ))}
      {splitting ? (
        <Stack gap={4}>
          {suggestions.map((s) => (
            <NumberInput
              key={s.id}
              size="xs"
              label={s.dwelling}
              decimalScale={2}
              min={0}
              onChange={(value) => {
                const cents = Math.round(Number(value || 0) * 100);
                setParts([
                  ...parts.filter((p) => p.apartmentId !== s.apartmentId),
                  { apartmentId: s.apartmentId, amountCents: cents },
                ]);
              }}
            />
          ))}
          <Button
            size="xs"
            disabled={!state.can({ type: 'split', id: movement.id, parts })}
            onClick={() => actor.send({ type: 'split', id: movement.id, parts })}
          >
            <FormattedMessage id="reconciliation.split.confirm" />
          </Button>
        </Stack>
      ) : null}
      <Group gap="xs">
        {suggestions.length >= 2 && !splitting ? (
          <Button size="xs" variant="default" onClick={() => setSplitting(true)}>
            <FormattedMessage id="reconciliation.split" />
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="subtle"
          disabled={!state.can({ type: 'dismiss', id: movement.id })}
          onClick={() => actor.send({ type: 'dismiss', id: movement.id })}
        >
          <FormattedMessage id="reconciliation.dismiss" />
        </Button>
      </Group>
    </Stack>
  );
}

function CategorizeForm(props: { actor: QueueActor; movement: BankMovement }) {
  const { actor, movement } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { expenseCategories, funds } = state.context;
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState('');
  const [fundId, setFundId] = useState<number | null>(null);
  const [saveRule, setSaveRule] = useState(true);
  const [ruleText, setRuleText] = useState(movement.description.slice(0, 100));
  const categoryList = useId();
  if (!open)
    return (
      <Button size="xs" variant="default" w="fit-content" onClick={() => setOpen(true)}>
        <FormattedMessage id="reconciliation.expense.record" />
      </Button>
    );
  const event = {
    type: 'categorize' as const,
    id: movement.id,
    category,
    fundId,
    ruleText: saveRule ? ruleText : null,
  };
  return (
    <Stack gap={6} maw={360}>
      <TextInput
        size="xs"
        label={intl.formatMessage({ id: 'reconciliation.expense.category' })}
        value={category}
        onChange={(e) => setCategory(e.currentTarget.value)}
        list={categoryList}
        maxLength={100}
      />
      <datalist id={categoryList}>
        {expenseCategories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {funds.length > 0 ? (
        <NativeSelect
          size="xs"
          label={intl.formatMessage({ id: 'reconciliation.expense.fund' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'reconciliation.expense.noFund' }) },
            ...funds.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
          value={fundId === null ? '' : String(fundId)}
          onChange={(e) => setFundId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
        />
      ) : null}
      <Checkbox
        size="xs"
        label={intl.formatMessage({ id: 'reconciliation.expense.rule' })}
        checked={saveRule}
        onChange={(e) => setSaveRule(e.currentTarget.checked)}
      />
      {saveRule ? (
        <TextInput
          size="xs"
          aria-label={intl.formatMessage({ id: 'reconciliation.expense.rule' })}
          value={ruleText}
          onChange={(e) => setRuleText(e.currentTarget.value)}
          maxLength={100}
        />
      ) : null}
      <Group gap="xs">
        <Button size="xs" disabled={!categorizationFits(event) || !state.can(event)} onClick={() => actor.send(event)}>
          <FormattedMessage id="reconciliation.expense.record" />
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setOpen(false)}>
          <FormattedMessage id="reconciliation.cancelEdit" />
        </Button>
      </Group>
    </Stack>
  );
}
