import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/financiero, the resident's money home (src/api/financeHome.ts; issue 27): for each of their dwellings
// what it owes and by when, Pagar, the open charges oldest first, payments waiting to be credited (an OXXO or SPEI
// reference), and the last payments with their receipts; links to the full statement and the automatic charges.
// Administrators and the board choose any dwelling. A thin view over financeQueryMachine ('home', 'dwellings').
import { Alert, Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { formatMoney } from '../../api/finance';
import type { DwellingMoney } from '../../api/financeHome';
import { canSeeAutomaticCharges } from '../../api/permissions';
import { financeQueryMachine } from '../../machines/financeQueryMachine';
import { FinanceGate, useSessionData } from '../common/financeAccess';
import { displayDate } from '../common/period';
import { SCREENS } from '../common/screens';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { formatTimelineDate, useCondoTimeZone } from '../common/zonedTime';
import { dwellingName } from './dwellingName';
import { QueryStatus } from './QueryStatus';
import { ReceiptAction } from './ReceiptAction';

/** A receipt's method in words; a method this build has no words for shows as stored. */
function useMethodWords() {
  const intl = useIntl();
  return (method: string | null) => {
    if (method === null) return '';
    const id = `receipts.method.${method}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : method;
  };
}

function Figures({ dwelling }: { dwelling: DwellingMoney }) {
  const figures = [
    ['owed', dwelling.owedCents],
    ['overdue', dwelling.overdueCents],
    ...(dwelling.creditCents > 0 ? ([['credit', dwelling.creditCents]] as const) : []),
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: figures.length }}>
      {figures.map(([key, cents]) => (
        <div key={key} data-testid={`home-${key}`}>
          <Text size="xs" c="dimmed">
            <FormattedMessage id={`finance.home.${key}`} />
          </Text>
          <Text fw={700} size="lg" c={key === 'overdue' && cents > 0 ? 'red' : undefined}>
            {formatMoney(cents)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function OpenCharges({ dwelling, today }: { dwelling: DwellingMoney; today: string }) {
  if (dwelling.open.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        <FormattedMessage id="finance.home.openTitle" />
      </Title>
      <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {dwelling.open.map((charge) => (
          <Group key={charge.chargeId} component="li" justify="space-between" wrap="nowrap" py={4} gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{charge.concept}</Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="finance.home.dueOn" values={{ date: displayDate(charge.dueOn) }} />
                </Text>
                {charge.dueOn < today ? (
                  <Badge color="red" variant="light" size="xs">
                    <FormattedMessage id="finance.home.overdueBadge" />
                  </Badge>
                ) : null}
              </Group>
            </div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(charge.openCents)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function Waiting({ dwelling }: { dwelling: DwellingMoney }) {
  const intl = useIntl();
  const timeZone = useCondoTimeZone();
  if (dwelling.waiting.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        <FormattedMessage id="finance.home.waitingTitle" />
      </Title>
      {dwelling.waiting.map((checkout) => (
        <Group key={checkout.id} justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            <FormattedMessage
              id="finance.home.waiting"
              values={{
                method: intl.formatMessage({ id: `checkout.method.${checkout.method}` }),
                amount: formatMoney(checkout.totalCents),
                date: formatTimelineDate(checkout.expiresAt, intl.locale, timeZone),
              }}
            />
          </Text>
          <Anchor component={Link} href={SCREENS.checkoutResult.replace(':id', String(checkout.id))} size="sm">
            <FormattedMessage id="finance.home.waitingOpen" />
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

function Payments({ dwelling, onReceipt }: { dwelling: DwellingMoney; onReceipt: (ok: boolean) => void }) {
  const methodWords = useMethodWords();
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        <FormattedMessage id="finance.home.paymentsTitle" />
      </Title>
      {dwelling.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="finance.home.noPayments" />
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {dwelling.payments.map((payment) => (
            <Group key={payment.paymentId} component="li" justify="space-between" wrap="nowrap" py={4} gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm">
                  {displayDate(payment.paidOn)}
                  {payment.method ? ` · ${methodWords(payment.method)}` : ''}
                </Text>
                <Group gap={6}>
                  {payment.folio !== null ? (
                    <Text size="xs" c="dimmed">
                      <FormattedMessage id="finance.home.folio" values={{ folio: payment.folio }} />
                    </Text>
                  ) : null}
                  {payment.cancelled ? (
                    <Badge color="gray" variant="light" size="xs">
                      <FormattedMessage id="finance.home.cancelled" />
                    </Badge>
                  ) : null}
                </Group>
              </div>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={600} c="teal" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(payment.amountCents)}
                </Text>
                {payment.folio !== null ? (
                  <ReceiptAction paymentId={payment.paymentId} paidOn={payment.paidOn} onDone={onReceipt} />
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DwellingCard({ dwelling, today }: { dwelling: DwellingMoney; today: string }) {
  const data = useSessionData();
  const [receiptFailed, setReceiptFailed] = useState(false);
  const headingId = `dwelling-${dwelling.ApartmentId}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {dwellingName(dwelling)}
        </Title>
        <Figures dwelling={dwelling} />
        <Text size="sm" data-testid="home-next">
          {dwelling.owedCents === 0 ? (
            <FormattedMessage id="finance.home.upToDate" />
          ) : dwelling.nextDue ? (
            <FormattedMessage
              id="finance.home.nextDue"
              values={{
                concept: dwelling.nextDue.concept,
                amount: formatMoney(dwelling.nextDue.openCents),
                date: displayDate(dwelling.nextDue.dueOn),
              }}
            />
          ) : null}
        </Text>
        <Group gap="xs">
          {dwelling.canPay && dwelling.owedCents > 0 ? (
            <Button component={Link} href={`${SCREENS.pay}?ApartmentId=${dwelling.ApartmentId}`}>
              <FormattedMessage id="finance.home.pay" />
            </Button>
          ) : null}
          <Button component={Link} variant="default" href={`${SCREENS.accountStatement}?ApartmentId=${dwelling.ApartmentId}`}>
            <FormattedMessage id="finance.home.statement" />
          </Button>
          {data && canSeeAutomaticCharges(data) ? (
            <Button component={Link} variant="subtle" href={SCREENS.automaticCharges}>
              <FormattedMessage id="finance.home.recurring" />
            </Button>
          ) : null}
        </Group>
        <Waiting dwelling={dwelling} />
        <OpenCharges dwelling={dwelling} today={today} />
        {receiptFailed ? (
          <Alert color="red" role="alert">
            <FormattedMessage id="receipts.downloadError" />
          </Alert>
        ) : null}
        <Payments dwelling={dwelling} onReceipt={(ok) => setReceiptFailed(!ok)} />
      </Stack>
    </Card>
  );
}

/** Administrators and the board: any dwelling of the condominium, searched by name or resident. */
function DwellingPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const [state, send] = useMachine(financeQueryMachine, { input: { query: { kind: 'dwellings' } } });
  const answer = state.context.answer;
  const dwellings = answer?.kind === 'dwellings' ? answer.data : [];
  return (
    <Stack gap="xs">
      <Select
        label={<FormattedMessage id="finance.home.chooseDwelling" />}
        data={dwellings.map((d) => ({ value: String(d.ApartmentId), label: dwellingName(d) }))}
        value={value === null ? null : String(value)}
        searchable
        allowDeselect={false}
        onChange={(chosen) => chosen && onChange(Number(chosen))}
        maw={320}
        disabled={!state.matches('shown')}
      />
      <QueryStatus
        loading={false}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={40}
        onRetry={() => send({ type: 'retry' })}
      />
    </Stack>
  );
}

function FinanceHomeScreen() {
  const intl = useIntl();
  const data = useSessionData();
  const title = intl.formatMessage({ id: 'finance.home.title' });
  useDocumentTitle(data?.condo.CondoName ?? '', title);
  const [state, send] = useMachine(financeQueryMachine, { input: { query: { kind: 'home', query: {} } } });
  const answer = state.context.answer;
  const home = answer?.kind === 'home' ? answer.data : null;
  const chosen = state.context.query.kind === 'home' ? (state.context.query.query.ApartmentId ?? null) : null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="finance.home.intro" />
        </Text>
      </div>
      {home?.seesAll ? (
        <DwellingPicker
          value={chosen}
          onChange={(id) => send({ type: 'ask', query: { kind: 'home', query: { ApartmentId: id } } })}
        />
      ) : null}
      <QueryStatus
        loading={state.matches('loading') && !home}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={200}
        onRetry={() => send({ type: 'retry' })}
      />
      {home && home.dwellings.length === 0 ? (
        <Text>
          <FormattedMessage id={home.seesAll ? 'finance.home.choosePrompt' : 'finance.home.noDwellings'} />
        </Text>
      ) : null}
      {home ? (
        <Stack gap="lg" aria-busy={state.matches('loading')}>
          {home.dwellings.map((dwelling) => (
            <DwellingCard key={dwelling.ApartmentId} dwelling={dwelling} today={home.today} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

export default function FinanceHomePage() {
  return (
    <FinanceGate rule={{ kind: 'statements' }}>
      <FinanceHomeScreen />
    </FinanceGate>
  );
}
