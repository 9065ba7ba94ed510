import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// listado-cfdis (issue 17): the CFDI report. Filters (dates, client, type I/E/P, status) applied together; the
// totals by type of the filtered set; each CFDI with its XML and PDF; the set as a ZIP or CSV; a detail dialog
// with its concepts, UUID and related complements, where a PPD invoice takes a payment and a CFDI is cancelled;
// "Factura global" to público en general. A thin view over cfdiReportMachine: on a phone the rows are cards, on
// a desktop a table scrolling inside its own area with the first column kept in view.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconFileTypeCsv,
  IconFileTypePdf,
  IconFileTypeXml,
  IconFileZip,
  IconFilter,
  IconReceipt2,
  IconWorld,
} from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../../api/finance';
import {
  CFDI_PAGE_SIZE,
  CFDI_STATUSES,
  CFDI_TYPES,
  type CfdiStatus,
  type CfdiSummary,
  type CfdiType,
} from '../../../api/invoicing';
import { type CfdiFilters, cfdiReportMachine, queryOf } from '../../../machines/cfdiReportMachine';
import { type CallFailure, callFailure } from '../../../machines/shared/callFailure';
import { downloadCfdiCsv, downloadCfdiFile, downloadCfdiZip, fetchClients } from '../../../services/invoicingService';
import { FailureAlert } from '../../common/FailureAlert';
import { useFailureText } from '../../common/FailureText';
import { CfdiDetailModal, type DetailStep } from './CfdiDetailModal';
import { cfdiFileName, saveBlob } from './downloads';
import { GlobalInvoiceModal, type GlobalStep } from './GlobalInvoiceModal';

const CLIENT_CHOICES = 100;

export function CfdiReportPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const phone = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const actor = useActorRef(cfdiReportMachine);
  const state = useSelector(actor, (s) => s);
  const { list, filters, offset, failure } = state.context;
  const failureText = useFailureText();

  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [clientId, setClientId] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [clients, setClients] = useState<{ id: number; label: string }[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [downloadFailure, setDownloadFailure] = useState<CallFailure | null>(null);

  // The client filter offers the first clients by name; the report works without them.
  useEffect(() => {
    const abort = new AbortController();
    fetchClients({ limit: CLIENT_CHOICES }, abort.signal)
      .then((answer) => setClients(answer.clients.map((c) => ({ id: c.id, label: `${c.nombre} (${c.rfc})` }))))
      .catch(() => setClients([]));
    return () => abort.abort();
  }, []);

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    const next: CfdiFilters = {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(clientId ? { clientId: Number(clientId) } : {}),
      ...(type ? { type: type as CfdiType } : {}),
      ...(status ? { status: status as CfdiStatus } : {}),
    };
    actor.send({ type: 'filter', filters: next });
  };

  /** A download: the file is fetched with the session, then saved; a failure says so above the list. */
  const download = async (key: string, fetchIt: () => Promise<Blob>, name: string) => {
    setBusy(key);
    setDownloadFailure(null);
    try {
      saveBlob(await fetchIt(), name);
    } catch (error) {
      setDownloadFailure(callFailure(error));
    } finally {
      setBusy(null);
    }
  };
  const setQuery = queryOf(filters);
  const name = (cfdi: CfdiSummary) => [cfdi.serie, cfdi.folio].filter(Boolean).join('-') || cfdi.uuid.slice(0, 8);
  const fileButtons = (cfdi: CfdiSummary) => (
    <Group gap={4} wrap="nowrap">
      {(['xml', 'pdf'] as const).map((kind) => (
        <Button
          key={kind}
          size="compact-sm"
          variant="light"
          loading={busy === `${kind}-${cfdi.id}`}
          leftSection={kind === 'xml' ? <IconFileTypeXml size={14} aria-hidden /> : <IconFileTypePdf size={14} aria-hidden />}
          aria-label={t(`invoicingScreens.report.download.${kind}`, { name: name(cfdi) })}
          onClick={() => download(`${kind}-${cfdi.id}`, () => downloadCfdiFile(kind, cfdi.id), cfdiFileName(cfdi, kind))}
        >
          {kind.toUpperCase()}
        </Button>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        aria-label={t('invoicingScreens.report.openNamed', { name: name(cfdi) })}
        onClick={() => actor.send({ type: 'open', id: cfdi.id })}
      >
        <FormattedMessage id="invoicingScreens.report.open" />
      </Button>
    </Group>
  );
  const statusBadge = (cfdi: CfdiSummary) => (
    <Badge color={cfdi.status === 'vigente' ? 'green' : 'red'}>{t(`invoicingScreens.report.status.${cfdi.status}`)}</Badge>
  );

  const detailStep = state.matches('detail') ? (Object.values(state.value)[0] as DetailStep) : null;
  const globalStep = state.matches('global') ? (Object.values(state.value)[0] as GlobalStep) : null;
  const pages = list ? Math.max(1, Math.ceil(list.total / CFDI_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <FormattedMessage id="invoicingScreens.report.title" />
        </Title>
        <Button leftSection={<IconWorld size={16} aria-hidden />} onClick={() => actor.send({ type: 'openGlobal' })}>
          <FormattedMessage id="invoicingScreens.global.open" />
        </Button>
      </Group>

      <Card withBorder component="form" onSubmit={applyFilters} aria-label={t('invoicingScreens.report.filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput
            type="date"
            label={t('invoicingScreens.report.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('invoicingScreens.report.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <NativeSelect
            label={t('invoicingScreens.report.client')}
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
            data={[
              { value: '', label: t('invoicingScreens.report.all') },
              ...clients.map((c) => ({ value: String(c.id), label: c.label })),
            ]}
          />
          <NativeSelect
            label={t('invoicingScreens.report.type')}
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            data={[
              { value: '', label: t('invoicingScreens.report.all') },
              ...CFDI_TYPES.map((code) => ({ value: code, label: t(`invoicing.sat.tipo.${code}`) })),
            ]}
          />
          <NativeSelect
            label={t('invoicingScreens.report.statusLabel')}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            data={[
              { value: '', label: t('invoicingScreens.report.all') },
              ...CFDI_STATUSES.map((code) => ({ value: code, label: t(`invoicingScreens.report.status.${code}`) })),
            ]}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />} disabled={state.matches('loading')}>
            <FormattedMessage id="invoicingScreens.report.apply" />
          </Button>
        </Group>
      </Card>

      {downloadFailure ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('invoicingScreens.close')}
          onClose={() => setDownloadFailure(null)}
        >
          <FormattedMessage id="invoicingScreens.report.downloadFailed" values={{ reason: failureText(downloadFailure) }} />
        </Alert>
      ) : null}

      {state.matches('loading') ? (
        <Group justify="center" p="md" role="status">
          <Loader size="sm" />
          <Text>
            <FormattedMessage id="invoicingScreens.report.loading" />
          </Text>
        </Group>
      ) : null}
      {state.matches('failed') ? (
        <FailureAlert
          failure={failure}
          title={t('invoicingScreens.report.loadFailed')}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      ) : null}
      {state.matches('empty') ? (
        <Card withBorder padding="lg">
          <Stack align="center" gap="xs">
            <IconReceipt2 size={32} aria-hidden />
            <Text ta="center" c="dimmed">
              <FormattedMessage
                id={Object.keys(filters).length ? 'invoicingScreens.report.noMatch' : 'invoicingScreens.report.empty'}
              />
            </Text>
          </Stack>
        </Card>
      ) : null}

      {list && list.total > 0 && !state.matches('loading') && !state.matches('failed') && !state.matches('empty') ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label={t('invoicingScreens.report.totals')}>
            {CFDI_TYPES.map((code) => {
              const sum = list.sums.find((s) => s.type === code);
              return (
                <Card key={code} withBorder padding="sm">
                  <Text size="sm" c="dimmed">
                    {t(`invoicing.sat.tipo.${code}`)}
                  </Text>
                  <Text fw={700}>{formatMoney(sum?.totalCents ?? 0)}</Text>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage id="invoicingScreens.report.count" values={{ count: sum?.count ?? 0 }} />
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileZip size={16} aria-hidden />}
              loading={busy === 'zip'}
              onClick={() => download('zip', () => downloadCfdiZip(setQuery), 'cfdi.zip')}
            >
              <FormattedMessage id="invoicingScreens.report.zip" />
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              loading={busy === 'csv'}
              onClick={() => download('csv', () => downloadCfdiCsv(setQuery), 'cfdi.csv')}
            >
              <FormattedMessage id="invoicingScreens.report.csv" />
            </Button>
          </Group>
          {phone ? (
            <Stack gap="xs">
              {list.items.map((cfdi) => (
                <Card key={cfdi.id} withBorder padding="sm" component="article" aria-label={name(cfdi)}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>
                        {cfdi.type} · {name(cfdi)}
                      </Text>
                      <Text fw={600}>{formatMoney(cfdi.totalCents)}</Text>
                    </Group>
                    <Text size="sm">{cfdi.clientName}</Text>
                    <Group gap="xs">
                      <Text size="sm" c="dimmed">
                        <FormattedDate value={cfdi.fecha} dateStyle="medium" />
                      </Text>
                      {statusBadge(cfdi)}
                      {cfdi.balanceCents ? (
                        <Text size="sm">
                          <FormattedMessage id="invoicingScreens.report.balance" />: {formatMoney(cfdi.balanceCents)}
                        </Text>
                      ) : null}
                    </Group>
                    {fileButtons(cfdi)}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <ScrollArea type="auto">
              <Table striped highlightOnHover miw={900}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}>
                      <FormattedMessage id="invoicingScreens.report.folio" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="invoicingScreens.report.date" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="invoicingScreens.report.type" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="invoicingScreens.report.client" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="invoicingScreens.report.total" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <FormattedMessage id="invoicingScreens.report.balance" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="invoicingScreens.report.statusLabel" />
                    </Table.Th>
                    <Table.Th>
                      <FormattedMessage id="invoicingScreens.actions" />
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.items.map((cfdi) => (
                    <Table.Tr key={cfdi.id}>
                      <Table.Th
                        scope="row"
                        style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 }}
                      >
                        {name(cfdi)}
                      </Table.Th>
                      <Table.Td>
                        <FormattedDate value={cfdi.fecha} dateStyle="medium" />
                      </Table.Td>
                      <Table.Td>{cfdi.type}</Table.Td>
                      <Table.Td>
                        {cfdi.clientName}
                        <Text size="xs" c="dimmed">
                          {cfdi.clientRfc}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(cfdi.totalCents)}</Table.Td>
                      <Table.Td ta="right">{cfdi.balanceCents === null ? '—' : formatMoney(cfdi.balanceCents)}</Table.Td>
                      <Table.Td>{statusBadge(cfdi)}</Table.Td>
                      <Table.Td>{fileButtons(cfdi)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={Math.floor(offset / CFDI_PAGE_SIZE) + 1}
              onChange={(page) => actor.send({ type: 'page', offset: (page - 1) * CFDI_PAGE_SIZE })}
              getControlProps={(control) => ({ 'aria-label': t(`invoicingScreens.page.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('invoicingScreens.page.number', { page }) })}
            />
          ) : null}
        </>
      ) : null}

      {detailStep ? (
        <CfdiDetailModal
          step={detailStep}
          detail={state.context.detail}
          banks={state.context.banks}
          stamped={state.context.stamped}
          failure={failure}
          send={(event) => actor.send(event)}
          onCancel={(request) => actor.send({ type: 'confirmCancel', request })}
          onPay={(draft) => actor.send({ type: 'submitPayment', draft })}
        />
      ) : null}
      {globalStep ? (
        <GlobalInvoiceModal
          step={globalStep}
          choices={state.context.choices}
          stamped={state.context.stamped}
          failure={failure}
          onRetry={() => actor.send({ type: 'retry' })}
          onClose={() => actor.send({ type: 'close' })}
          onSubmit={(draft) => actor.send({ type: 'submitGlobal', draft })}
        />
      ) : null}
    </Stack>
  );
}

export default CfdiReportPage;
