import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// Subir estado de cuenta: choose a file (CSV, XLSX or OFX), see what was read (the bank, deposits and withdrawals,
// the period, the first lines, the lines not read), map the columns of a file of no known bank, choose the account
// and import; then what was matched and what waits in the queue. While choosing: the latest imports and, in the
// demo's Las Palmas only, a quiet link to download the example statement. A thin view over
// reconciliationImportMachine.
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../api/finance';
import { type ColumnMappingDraft, DATE_FORMATS, type DateFormat } from '../../api/reconciliation';
import type { reconciliationImportMachine } from '../../machines/reconciliationImportMachine';
import { importFileOf } from '../../services/dwellingsService';
import { FailureAlert } from '../common/FailureAlert';

type ImportActor = ActorRefFrom<typeof reconciliationImportMachine>;
const ACCEPT = '.csv,.txt,.xlsx,.ofx,.qfx';

export function ImportCard(props: { actor: ImportActor }) {
  const { actor } = props;
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { preview, result, failure, mappings, recent, example } = state.context;
  const [cuentaId, setCuentaId] = useState<number | null>(null);
  const busy = state.matches('previewing') || state.matches('importing') || state.matches({ mappingColumns: 'saving' });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          <FormattedMessage id="reconciliation.import.title" />
        </Title>
        {state.matches('choosing') || busy ? (
          <FileButton
            accept={ACCEPT}
            onChange={async (file) => file && actor.send({ type: 'choose', file: await importFileOf(file) })}
          >
            {(button) => (
              <Button {...button} loading={busy} disabled={!state.matches('choosing')} w="fit-content">
                <FormattedMessage id="reconciliation.import.choose" />
              </Button>
            )}
          </FileButton>
        ) : null}
        {state.matches('choosing') && example ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            w="fit-content"
            disabled={state.matches({ choosing: 'downloading' })}
            onClick={() => actor.send({ type: 'downloadExample' })}
          >
            <FormattedMessage id="reconciliation.example.download" />
          </Anchor>
        ) : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        {state.matches('choosing') && recent.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <FormattedMessage id="reconciliation.import.recent" />
            </Text>
            {recent.map((i) => (
              <Text key={i.id} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage
                  id="reconciliation.import.recentLine"
                  values={{
                    file: i.fileName,
                    account: i.accountName,
                    from: i.from ?? '—',
                    to: i.to ?? '—',
                    matched: i.matched,
                    pending: i.pending,
                  }}
                />
              </Text>
            ))}
          </Stack>
        ) : null}
        {state.matches('mappingColumns') && preview ? (
          <MappingForm
            headers={preview.headers}
            mappings={mappings}
            onUse={(mapeoId) => actor.send({ type: 'useMapping', mapeoId })}
            onSave={(draft) => actor.send({ type: 'saveMapping', draft })}
            onCancel={() => actor.send({ type: 'cancel' })}
          />
        ) : null}
        {state.matches('confirming') && preview ? (
          <Stack gap="sm">
            <Text>
              <FormattedMessage
                id="reconciliation.preview.summary"
                values={{
                  bank: preview.bank?.toUpperCase() ?? '',
                  deposits: preview.deposits,
                  depositsAmount: formatMoney(preview.depositsCents),
                  withdrawals: preview.withdrawals,
                  withdrawalsAmount: formatMoney(preview.withdrawalsCents),
                  from: preview.from ?? '',
                  to: preview.to ?? '',
                }}
              />
            </Text>
            {preview.alreadyImported > 0 ? (
              <Alert color="yellow">
                <FormattedMessage id="reconciliation.preview.already" values={{ count: preview.alreadyImported }} />
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
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
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.slice(0, 10).map((line) => (
                    <Table.Tr key={line.fila}>
                      <Table.Td>{line.date}</Table.Td>
                      <Table.Td>{line.description}</Table.Td>
                      <Table.Td ta="right">{formatMoney(line.amountCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {preview.errors.length > 0 ? (
              <Alert
                color="orange"
                title={intl.formatMessage({ id: 'reconciliation.preview.errors' }, { count: preview.errors.length })}
              >
                {preview.errors.slice(0, 10).map((e) => (
                  <Text key={e.fila} size="sm">
                    <FormattedMessage id="reconciliation.preview.errorLine" values={{ fila: e.fila }} />{' '}
                    <FormattedMessage id={`reconciliation.line.${e.problem}`} />
                  </Text>
                ))}
              </Alert>
            ) : null}
            <NativeSelect
              label={intl.formatMessage({ id: 'reconciliation.import.account' })}
              data={[{ value: '', label: '—' }, ...preview.accounts.map((a) => ({ value: String(a.id), label: a.name }))]}
              value={cuentaId === null ? '' : String(cuentaId)}
              onChange={(event) => setCuentaId(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
              maw={320}
            />
            <Group>
              <Button
                disabled={cuentaId === null || !state.can({ type: 'confirm', cuentaId })}
                onClick={() => cuentaId !== null && actor.send({ type: 'confirm', cuentaId })}
              >
                <FormattedMessage id="reconciliation.import.confirm" />
              </Button>
              <Button variant="default" onClick={() => actor.send({ type: 'cancel' })}>
                <FormattedMessage id="reconciliation.cancel" />
              </Button>
            </Group>
          </Stack>
        ) : null}
        {state.matches('done') && result ? (
          <Alert color="green">
            <FormattedMessage
              id="reconciliation.import.done"
              values={{ added: result.added, repeated: result.repeated, matched: result.matched, pending: result.pending }}
            />
          </Alert>
        ) : null}
        {state.matches('done') || state.matches('refused') || state.matches('failed') ? (
          <Group>
            {state.matches('failed') ? (
              <Button onClick={() => actor.send({ type: 'retry' })}>
                <FormattedMessage id="reconciliation.retry" />
              </Button>
            ) : null}
            <Button variant="default" onClick={() => actor.send({ type: 'again' })}>
              <FormattedMessage id="reconciliation.import.again" />
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function MappingForm(props: {
  headers: readonly string[];
  mappings: readonly { id: number; name: string }[];
  onUse(mapeoId: number): void;
  onSave(draft: ColumnMappingDraft): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const columns = [{ value: '', label: '—' }, ...props.headers.map((h) => ({ value: h, label: h }))];
  const [draft, setDraft] = useState({
    name: '',
    dateColumn: '',
    dateFormat: 'DD/MM/YYYY' as DateFormat,
    descriptionColumn: '',
    referenceColumn: '',
    amountColumn: '',
    withdrawalColumn: '',
    depositColumn: '',
  });
  const pick = (key: keyof typeof draft) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: event.currentTarget.value });
  const complete =
    draft.name.trim() !== '' &&
    draft.dateColumn !== '' &&
    draft.descriptionColumn !== '' &&
    (draft.amountColumn !== '' || (draft.withdrawalColumn !== '' && draft.depositColumn !== ''));
  return (
    <Stack gap="sm">
      <Alert color="blue">
        <FormattedMessage id="reconciliation.mapping.unknown" />
      </Alert>
      {props.mappings.length > 0 ? (
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.mapping.saved' })}
          data={[{ value: '', label: '—' }, ...props.mappings.map((m) => ({ value: String(m.id), label: m.name }))]}
          onChange={(event) => event.currentTarget.value && props.onUse(Number(event.currentTarget.value))}
          maw={320}
        />
      ) : null}
      <TextInput
        label={intl.formatMessage({ id: 'reconciliation.mapping.name' })}
        value={draft.name}
        onChange={pick('name')}
        maw={320}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.date' })}
          data={columns}
          value={draft.dateColumn}
          onChange={pick('dateColumn')}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.mapping.dateFormat' })}
          data={[...DATE_FORMATS]}
          value={draft.dateFormat}
          onChange={pick('dateFormat')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.description' })}
          data={columns}
          value={draft.descriptionColumn}
          onChange={pick('descriptionColumn')}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.reference' })}
          data={columns}
          value={draft.referenceColumn}
          onChange={pick('referenceColumn')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.amount' })}
          data={columns}
          value={draft.amountColumn}
          onChange={pick('amountColumn')}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.withdrawal' })}
          data={columns}
          value={draft.withdrawalColumn}
          onChange={pick('withdrawalColumn')}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'reconciliation.column.deposit' })}
          data={columns}
          value={draft.depositColumn}
          onChange={pick('depositColumn')}
        />
      </SimpleGrid>
      <Group>
        <Button
          disabled={!complete}
          onClick={() =>
            props.onSave({
              name: draft.name.trim(),
              dateColumn: draft.dateColumn,
              dateFormat: draft.dateFormat,
              descriptionColumn: draft.descriptionColumn,
              referenceColumn: draft.referenceColumn || null,
              ...(draft.amountColumn
                ? { amountColumn: draft.amountColumn }
                : { withdrawalColumn: draft.withdrawalColumn, depositColumn: draft.depositColumn }),
            })
          }
        >
          <FormattedMessage id="reconciliation.mapping.save" />
        </Button>
        <Button variant="default" onClick={props.onCancel}>
          <FormattedMessage id="reconciliation.cancel" />
        </Button>
      </Group>
    </Stack>
  );
}
