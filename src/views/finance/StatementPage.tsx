import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// /condominio/estado-cta: one dwelling's account statement for a period (opening balance, charges,
// payments with the running balance, closing balance and what is overdue) and its PDF. Residents choose
// among their own dwellings; administrators and the board among all of them. Those who may record a payment
// (canRecordPayment) have "Registrar pago" beside the PDF; once one is recorded the statement is read again.
// Every payment line has its receipt's PDF (ReceiptAction). A resident of the dwelling has "Pagar en línea" (issue 27).
// ?ApartmentId= (from the money home, /financiero) opens that dwelling first.
import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { type Dwelling, formatMoney, type Statement } from '../../api/finance';
import { canInvoice, canPayOnline, canRecordPayment } from '../../api/permissions';
import { financeQueryMachine } from '../../machines/financeQueryMachine';
import { paymentMachine } from '../../machines/paymentMachine';
import { fetchStatementPdf } from '../../services/financeService';
import { FinanceGate, useSessionData } from '../common/financeAccess';
import { displayDate, saveFile, thisYearSoFar, today } from '../common/period';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { dwellingName } from './dwellingName';
import { isValidPeriod, PeriodFields } from './PeriodFields';
import { QueryStatus } from './QueryStatus';
import { ReceiptAction } from './ReceiptAction';

// The dialog and its toast (Modal, NumberInput, Notification) load with the first "Registrar pago".
const PaymentDialog = lazy(() => import('./PaymentDialog'));

export { dwellingName };

function Summary({ statement }: { statement: Statement }) {
  const items = [
    ['opening', statement.saldoInicial],
    ['charges', statement.totalCargos],
    ['payments', statement.totalAbonos],
    ['closing', statement.saldoFinal],
    ['overdue', statement.vencido],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      {items.map(([key, cents]) => (
        <Card key={key} withBorder radius="md" padding="sm" data-testid={`summary-${key}`}>
          <Text size="xs" c="dimmed">
            <FormattedMessage id={`finance.statement.${key}`} />
          </Text>
          <Text fw={700} c={key === 'overdue' && cents > 0 ? 'red' : undefined}>
            {formatMoney(cents)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A line's concept, and for a payment its receipt. */
function Concept({ line, onReceipt }: { line: Statement['movimientos'][number]; onReceipt: (ok: boolean) => void }) {
  if (line.paymentId === undefined) return <>{line.concepto}</>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <span>{line.concepto}</span>
      <ReceiptAction paymentId={line.paymentId} paidOn={line.fecha} onDone={onReceipt} />
    </span>
  );
}

interface LinesProps {
  statement: Statement;
  onReceipt: (ok: boolean) => void;
}

/** Five columns where there is room. */
function DesktopLines({ statement, onReceipt }: LinesProps) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          {(['date', 'concept', 'charge', 'payment', 'balance'] as const).map((k, i) => (
            <Table.Th key={k} ta={i >= 2 ? 'right' : undefined}>
              <FormattedMessage id={`finance.statement.${k}`} />
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statement.movimientos.map((m, i) => (
          <Table.Tr key={`${m.fecha}-${i}`}>
            <Table.Td>{displayDate(m.fecha)}</Table.Td>
            <Table.Td>
              <Concept line={m} onReceipt={onReceipt} />
            </Table.Td>
            <Table.Td ta="right">{m.cargo ? formatMoney(m.cargo) : ''}</Table.Td>
            <Table.Td ta="right">{m.abono ? formatMoney(m.abono) : ''}</Table.Td>
            <Table.Td ta="right">{formatMoney(m.saldo)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone: the date over the concept, the amount (payments with a minus) over the running balance. */
function PhoneLines({ statement, onReceipt }: LinesProps) {
  return (
    <Table striped horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <FormattedMessage id="finance.statement.concept" />
          </Table.Th>
          <Table.Th ta="right">
            <FormattedMessage id="finance.statement.balance" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statement.movimientos.map((m, i) => (
          <Table.Tr key={`${m.fecha}-${i}`}>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {displayDate(m.fecha)}
              </Text>
              <Text size="sm" component="div">
                <Concept line={m} onReceipt={onReceipt} />
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" c={m.abono ? 'teal' : undefined}>
                {m.abono ? `−${formatMoney(m.abono)}` : formatMoney(m.cargo)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMoney(m.saldo)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StatementView({ dwellings }: { dwellings: Dwelling[] }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const data = useSessionData();
  // A link from the money home names the dwelling (?ApartmentId=); otherwise the first one.
  const [apartmentId, setApartmentId] = useState(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('ApartmentId'));
    return dwellings.find((d) => d.ApartmentId === asked)?.ApartmentId ?? dwellings[0]!.ApartmentId;
  });
  const [period, setPeriod] = useState(thisYearSoFar);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [receiptFailed, setReceiptFailed] = useState(false);
  const query = { ApartmentId: apartmentId, ...period };
  const [state, send, statementActor] = useMachine(financeQueryMachine, { input: { query: { kind: 'statement', query } } });
  const answer = state.context.answer;
  const statement = answer?.kind === 'statement' ? answer.data : null;
  const mayRecord = data !== null && canRecordPayment(data);
  // Residents pay their own dwellings online (issue 27); the pay page says when the condominium takes no payments online.
  const mayPay =
    data !== null &&
    canPayOnline(
      data,
      data.usuario.apartments.map((a) => a.AptId),
      apartmentId,
    );
  const payment = useActorRef(paymentMachine);
  // Mounted from the first opening on, so the dialog closes with its transition and gives the focus back.
  const paymentUsed = useSelector(payment, (s) => !s.matches('closed'));
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (paymentUsed && !dialogLoaded) setDialogLoaded(true);
  // A recorded payment is a new abono: the statement shown is asked for again.
  useEffect(() => {
    const recorded = payment.on('recorded', () => send({ type: 'ask', query: statementActor.getSnapshot().context.query }));
    return () => recorded.unsubscribe();
  }, [payment, send, statementActor]);

  const download = async () => {
    if (!statement) return;
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const q = { ApartmentId: statement.ApartmentId, fechaInicio: statement.fechaInicio, fechaFin: statement.fechaFin };
      saveFile(
        `estado-de-cuenta-${dwellingName(statement).replace(/\s+/g, '')}-${q.fechaInicio}-${q.fechaFin}.pdf`,
        'application/pdf',
        await fetchStatementPdf(q),
      );
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={<FormattedMessage id="finance.statement.dwelling" />}
            data={dwellings.map((d) => ({ value: String(d.ApartmentId), label: dwellingName(d) }))}
            value={String(apartmentId)}
            searchable
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              setApartmentId(Number(value));
              send({ type: 'ask', query: { kind: 'statement', query: { ...query, ApartmentId: Number(value) } } });
            }}
            w={220}
          />
          <PeriodFields period={period} onChange={setPeriod} />
          <Button disabled={!isValidPeriod(period)} onClick={() => send({ type: 'ask', query: { kind: 'statement', query } })}>
            <FormattedMessage id="finance.show" />
          </Button>
          <Button variant="default" disabled={!statement} loading={downloading} onClick={download}>
            <FormattedMessage id="finance.statement.pdf" />
          </Button>
          {mayPay ? (
            <Button component={Link} href={`${SCREENS.pay}?ApartmentId=${apartmentId}`}>
              <FormattedMessage id="checkout.pay" />
            </Button>
          ) : null}
          {mayPay ? (
            <Button variant="light" component={Link} href={`${SCREENS.proofs}?vivienda=${apartmentId}`}>
              <FormattedMessage id="proofs.send" />
            </Button>
          ) : null}
          {mayRecord ? (
            <Button
              disabled={!statement}
              onClick={() => statement && payment.send({ type: 'open', apartmentId: statement.ApartmentId, today: today() })}
            >
              <FormattedMessage id="finance.payment.open" />
            </Button>
          ) : null}
        </Group>
      </Card>
      {mayRecord && dialogLoaded ? (
        <Suspense fallback={null}>
          <PaymentDialog actor={payment} dwelling={statement ? dwellingName(statement) : ''} clientsLink={canInvoice(data)} />
        </Suspense>
      ) : null}
      {receiptFailed ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="finance.bulk.errorTitle" />}>
          <FormattedMessage id="receipts.downloadError" />
        </Alert>
      ) : null}
      {downloadFailed ? (
        <Alert color="red" role="alert" title={<FormattedMessage id="finance.bulk.errorTitle" />}>
          <FormattedMessage id="finance.bulk.downloadError" />
        </Alert>
      ) : null}
      <QueryStatus
        loading={state.matches('loading') && !statement}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={240}
        onRetry={() => send({ type: 'retry' })}
      />
      {statement ? (
        <Stack gap="md" aria-busy={state.matches('loading')}>
          <Title order={2} size="h3">
            {dwellingName(statement)}
          </Title>
          <Text c="dimmed">
            <FormattedMessage
              id="finance.period"
              values={{ from: displayDate(statement.fechaInicio), to: displayDate(statement.fechaFin) }}
            />
            {statement.Residentes.length ? ` · ${statement.Residentes.join(', ')}` : ''}
          </Text>
          <Summary statement={statement} />
          {phone ? (
            <PhoneLines statement={statement} onReceipt={(ok) => setReceiptFailed(!ok)} />
          ) : (
            <DesktopLines statement={statement} onReceipt={(ok) => setReceiptFailed(!ok)} />
          )}
          {statement.movimientos.length === 0 ? (
            <Text>
              <FormattedMessage id="finance.noRows" />
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function StatementScreen() {
  const intl = useIntl();
  const data = useSessionData();
  const title = intl.formatMessage({ id: 'finance.statement.title' });
  useDocumentTitle(data?.condo.CondoName ?? '', title);
  const [state, send] = useMachine(financeQueryMachine, { input: { query: { kind: 'dwellings' } } });
  const answer = state.context.answer;
  const dwellings = answer?.kind === 'dwellings' ? answer.data : [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Anchor component={Link} href={SCREENS.financeHome} size="sm">
          <FormattedMessage id="finance.home.backToHome" />
        </Anchor>
      </Group>
      <QueryStatus
        loading={state.matches('loading')}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={80}
        onRetry={() => send({ type: 'retry' })}
      />
      {state.matches('shown') && dwellings.length === 0 ? (
        <Text>
          <FormattedMessage id="finance.statement.noDwellings" />
        </Text>
      ) : null}
      {state.matches('shown') && dwellings.length > 0 ? <StatementView dwellings={dwellings} /> : null}
    </Stack>
  );
}

export default function StatementPage() {
  return (
    <FinanceGate rule={{ kind: 'statements' }}>
      <StatementScreen />
    </FinanceGate>
  );
}
