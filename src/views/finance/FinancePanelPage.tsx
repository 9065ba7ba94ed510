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
  /** A tool card: its link, and the ids of its name and hint (each area words its own). */
  const card = (key: string, href: string, link: string, hint: string) => ({ key, href, link, hint });
  const finance = (key: string, href: string) => card(key, href, `finance.panel.${key}`, `finance.panel.${key}Hint`);
  const tools = [
    ...(data && canOpenReport(data, 'Bancos') ? [finance('banks', '/panel-financiero/listado-de-bancos')] : []),
    ...(data && canOpenReport(data, 'Fondos') ? [finance('funds', '/panel-financiero/listado-de-fondos')] : []),
    finance('statement', '/estado-cta'),
    ...(data && canSeeAllStatements(data) ? [finance('bulk', '/estado-cuenta-masivo')] : []),
    // Collections (issue 27): each area's screen with its own words (<area>.panel.*).
    ...(data && canManageLateFees(data)
      ? [card('lateFees', '/panel-financiero/recargos', 'lateFees.panel.link', 'lateFees.panel.hint')]
      : []),
    ...(data && canManageReminders(data)
      ? [card('reminders', '/panel-financiero/recordatorios', 'reminders.panel.link', 'reminders.panel.hint')]
      : []),
    ...(data && canReviewPaymentProofs(data)
      ? [card('proofs', '/comprobantes-de-pago', 'proofs.panel.link', 'proofs.panel.hint')]
      : []),
    ...(data && canRecordPayment(data)
      ? [card('reconciliation', '/panel-financiero/conciliacion', 'reconciliation.panel.link', 'reconciliation.panel.hint')]
      : []),
    ...(data && canManagePayments(data)
      ? [card('payments', '/panel-financiero/pagos-en-linea', 'checkout.settings.panel.link', 'checkout.settings.panel.hint')]
      : []),
  ];

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
        {tools.map((item) => (
          <Card key={item.key} withBorder radius="md" padding="lg" component={Link} href={item.href}>
            <Text fw={600}>
              <FormattedMessage id={item.link} />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id={item.hint} />
            </Text>
          </Card>
        ))}
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
