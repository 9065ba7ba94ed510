import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Table.css';
// /condominio/panel-financiero/ver-reporte?Clave=…&Nombre=…: one report (spec §3.3 titles; Morosos lists
// the dwellings in arrears with amount and age) for a chosen period, with totals, a bar chart of its main
// figure and a CSV export. Behind the guard plus the Clave's permission (spec §6).
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, useSearch } from 'wouter';
import { formatMoney, REPORT_CLAVES, type Report, type ReportClave } from '../../api/finance';
import { financeQueryMachine } from '../../machines/financeQueryMachine';
import { BarChart } from '../common/BarChart';
import { FinanceGate, useSessionData, WITHOUT_PERMISSION } from '../common/financeAccess';
import { displayDate, saveFile, thisYearSoFar } from '../common/period';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { reportCsv } from './csv';
import { isValidPeriod, PeriodFields } from './PeriodFields';
import { QueryStatus } from './QueryStatus';

/** The column the chart shows: the result, the closing balance, what was spent, or the one amount. */
const CHART_COLUMN: Record<ReportClave, number> = { DetIng: 0, DetEg: 0, Presup: 1, Bancos: 3, Fondos: 3, IngEg: 2, Morosos: 0 };

const show = (value: number | null | undefined, tipo: 'dinero' | 'numero') =>
  value === null || value === undefined ? '' : tipo === 'dinero' ? formatMoney(value) : value.toLocaleString('es-MX');

function ReportTable({ report }: { report: Report }) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={140 + 110 * report.columnas.length}>
      <Table striped highlightOnHover horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage({ id: `finance.report.${report.Clave}.label` })}</Table.Th>
            {report.columnas.map((c) => (
              <Table.Th key={c.nombre} ta="right">
                {intl.formatMessage({ id: `finance.column.${c.clave}` })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.filas.map((row) => (
            <Table.Tr key={row.etiqueta}>
              <Table.Td>{row.etiqueta}</Table.Td>
              {report.columnas.map((c, i) => (
                <Table.Td key={c.nombre} ta="right">
                  {show(row.valores[i], c.tipo)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="finance.total" />
            </Table.Th>
            {report.columnas.map((c, i) => (
              <Table.Th key={c.nombre} ta="right" data-testid={`total-${i}`}>
                {show(report.totales[i], c.tipo)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReportView({ clave }: { clave: ReportClave }) {
  const intl = useIntl();
  const data = useSessionData();
  // The report's name in the reader's language (the server's Titulo is Spanish, for documents).
  const title = intl.formatMessage({ id: `finance.report.${clave}.title` });
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'finance.panel.title' }), title);
  const [period, setPeriod] = useState(thisYearSoFar);
  const [state, send] = useMachine(financeQueryMachine, {
    input: { query: { kind: 'report', query: { Clave: clave, ...period } } },
  });
  const answer = state.context.answer;
  const report = answer?.kind === 'report' ? answer.data : null;
  const column = CHART_COLUMN[clave];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" wrap="wrap">
          <PeriodFields period={period} onChange={setPeriod} />
          <Button
            disabled={!isValidPeriod(period)}
            onClick={() => send({ type: 'ask', query: { kind: 'report', query: { Clave: clave, ...period } } })}
          >
            <FormattedMessage id="finance.show" />
          </Button>
          <Button
            variant="default"
            disabled={!report}
            onClick={() =>
              report &&
              saveFile(
                `${report.Clave}-${report.fechaInicio}-${report.fechaFin}.csv`,
                'text/csv;charset=utf-8',
                `\uFEFF${reportCsv(report, intl.formatMessage({ id: `finance.report.${clave}.label` }), intl.formatMessage({ id: 'finance.total' }), (c) => intl.formatMessage({ id: `finance.column.${c.clave}` }))}`,
              )
            }
          >
            <FormattedMessage id="finance.exportCsv" />
          </Button>
        </Group>
      </Card>
      <QueryStatus
        loading={state.matches('loading') && !report}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={240}
        onRetry={() => send({ type: 'retry' })}
      />
      {report ? (
        <Stack gap="md" aria-busy={state.matches('loading')}>
          <Text c="dimmed">
            <FormattedMessage
              id="finance.period"
              values={{ from: displayDate(report.fechaInicio), to: displayDate(report.fechaFin) }}
            />
          </Text>
          {report.filas.length === 0 ? (
            <Text>
              <FormattedMessage id="finance.noRows" />
            </Text>
          ) : (
            <>
              <Card withBorder radius="md" padding="md">
                <BarChart
                  title={`${title}: ${report.columnas[column] ? intl.formatMessage({ id: `finance.column.${report.columnas[column].clave}` }) : ''}`}
                  money={report.columnas[column]?.tipo === 'dinero'}
                  bars={report.filas.map((f) => ({ label: f.etiqueta, value: f.valores[column] ?? 0 }))}
                />
              </Card>
              <ReportTable report={report} />
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

export default function ReportPage() {
  const params = new URLSearchParams(useSearch());
  const clave = params.get('Clave') ?? '';
  if (!(REPORT_CLAVES as string[]).includes(clave)) return <Redirect to={WITHOUT_PERMISSION} replace />;
  return (
    <FinanceGate rule={{ kind: 'report', clave }}>
      <ReportView key={clave} clave={clave as ReportClave} />
    </FinanceGate>
  );
}
