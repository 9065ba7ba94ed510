import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
// /condominio/panel-financiero: the reports the server lets this user open (their list comes from the
// server), the banks and funds listings, the account statement and, for the staff, the 'Estados de cuenta'
// card of the bulk statements. Behind the financial reports guard (spec §6).
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import {
  canManageLateFees,
  canManagePayments,
  canManageReminders,
  canOpenReport,
  canRecordPayment,
  canReviewPaymentProofs,
  canSeeAllStatements,
} from '../../api/permissions';
import { financeQueryMachine } from '../../machines/financeQueryMachine';
import { FinanceGate, useSessionData } from '../common/financeAccess';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { QueryStatus } from './QueryStatus';

export const reportHref = (clave: string, nombre: string) =>
  `/panel-financiero/ver-reporte?${new URLSearchParams({ Clave: clave, Nombre: nombre }).toString()}`;

function Panel() {
  const intl = useIntl();
  const data = useSessionData();
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'finance.panel.title' }));
  const [state, send] = useMachine(financeQueryMachine, { input: { query: { kind: 'reports' } } });
  const answer = state.context.answer;
  const reports = answer?.kind === 'reports' ? answer.data : [];
  const extra = [
    ...(data && canOpenReport(data, 'Bancos') ? [{ key: 'banks', href: '/panel-financiero/listado-de-bancos' }] : []),
    ...(data && canOpenReport(data, 'Fondos') ? [{ key: 'funds', href: '/panel-financiero/listado-de-fondos' }] : []),
    { key: 'statement', href: '/estado-cta' },
    ...(data && canSeeAllStatements(data) ? [{ key: 'bulk', href: '/estado-cuenta-masivo' }] : []),
  ];
  // Late fees (issue 27) carry their own words (lateFees.panel.*).
  const lateFees = data && canManageLateFees(data);
  // Online payments' settings (issue 27), with their own words (checkout.settings.panel.*).
  const paymentSettings = data && canManagePayments(data);
  // Proofs of payment (issue 27): the review queue, with its own words (proofs.panel.*).
  const proofs = data && canReviewPaymentProofs(data);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="finance.panel.title" />
      </Title>
      <Title order={2} size="h4">
        <FormattedMessage id="finance.panel.reports" />
      </Title>
      <QueryStatus
        loading={state.matches('loading')}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={90}
        onRetry={() => send({ type: 'retry' })}
      />
      {state.matches('shown') ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {reports.map((report) => (
            <Card
              key={report.Clave}
              withBorder
              radius="md"
              padding="lg"
              component={Link}
              href={reportHref(report.Clave, report.Nombre)}
            >
              {/* The report's name in the reader's language; a report this build has no words for, as the server names it. */}
              <Text fw={600}>
                {intl.messages[`finance.report.${report.Clave}.title`]
                  ? intl.formatMessage({ id: `finance.report.${report.Clave}.title` })
                  : report.Nombre}
              </Text>
              <Text size="sm" c="dimmed">
                <FormattedMessage id={`finance.report.${report.Clave}.hint`} />
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      <Title order={2} size="h4">
        <FormattedMessage id="finance.panel.more" />
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {extra.map((item) => (
          <Card key={item.key} withBorder radius="md" padding="lg" component={Link} href={item.href}>
            <Text fw={600}>
              <FormattedMessage id={`finance.panel.${item.key}`} />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id={`finance.panel.${item.key}Hint`} />
            </Text>
          </Card>
        ))}
        {lateFees ? (
          <Card withBorder radius="md" padding="lg" component={Link} href="/panel-financiero/recargos">
            <Text fw={600}>
              <FormattedMessage id="lateFees.panel.link" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="lateFees.panel.hint" />
            </Text>
          </Card>
        ) : null}
        {data && canManageReminders(data) ? (
          <Card withBorder radius="md" padding="lg" component={Link} href="/panel-financiero/recordatorios">
            <Text fw={600}>
              <FormattedMessage id="reminders.panel.link" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="reminders.panel.hint" />
            </Text>
          </Card>
        ) : null}
        {proofs ? (
          <Card withBorder radius="md" padding="lg" component={Link} href="/comprobantes-de-pago">
            <Text fw={600}>
              <FormattedMessage id="proofs.panel.link" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="proofs.panel.hint" />
            </Text>
          </Card>
        ) : null}
        {data && canRecordPayment(data) ? (
          <Card withBorder radius="md" padding="lg" component={Link} href="/panel-financiero/conciliacion">
            <Text fw={600}>
              <FormattedMessage id="reconciliation.panel.link" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="reconciliation.panel.hint" />
            </Text>
          </Card>
        ) : null}
        {paymentSettings ? (
          <Card withBorder radius="md" padding="lg" component={Link} href="/panel-financiero/pagos-en-linea">
            <Text fw={600}>
              <FormattedMessage id="checkout.settings.panel.link" />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="checkout.settings.panel.hint" />
            </Text>
          </Card>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

export default function FinancePanelPage() {
  return (
    <FinanceGate rule={{ kind: 'reports' }}>
      <Panel />
    </FinanceGate>
  );
}
