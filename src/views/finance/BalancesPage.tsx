import '@mantine/core/styles/Table.css';
// /condominio/panel-financiero/listado-de-bancos (Bancos) and listado-de-fondos (Fondos): each bank and
// cash account, or each fund, with its balance at the start of the year, what came in and went out since,
// and its balance today. Behind the guard plus the listing's permission (spec §6).
import { Stack, Table, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../api/finance';
import { financeQueryMachine } from '../../machines/financeQueryMachine';
import { FinanceGate, useSessionData } from '../common/financeAccess';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { QueryStatus } from './QueryStatus';

type Of = 'banks' | 'funds';

function Balances({ of }: { of: Of }) {
  const intl = useIntl();
  const data = useSessionData();
  const title = intl.formatMessage({ id: `finance.panel.${of}` });
  useDocumentTitle(data?.condo.CondoName ?? '', intl.formatMessage({ id: 'finance.panel.title' }), title);
  const [state, send] = useMachine(financeQueryMachine, { input: { query: { kind: of } } });
  const answer = state.context.answer;
  const rows = answer && (answer.kind === 'banks' || answer.kind === 'funds') ? answer.data : [];
  const total = rows.reduce((sum, r) => sum + r.saldo, 0);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <QueryStatus
        loading={state.matches('loading')}
        failed={state.matches('failed')}
        failure={state.context.failure}
        height={160}
        onRetry={() => send({ type: 'retry' })}
      />
      {state.matches('shown') ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="finance.balances.name" />
                </Table.Th>
                {of === 'banks' ? (
                  <Table.Th>
                    <FormattedMessage id="finance.balances.kind" />
                  </Table.Th>
                ) : null}
                {(['opening', 'in', 'out', 'balance'] as const).map((k) => (
                  <Table.Th key={k} ta="right">
                    <FormattedMessage id={`finance.balances.${k}`} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.nombre}</Table.Td>
                  {of === 'banks' ? (
                    <Table.Td>
                      <FormattedMessage id={r.tipo === 'caja' ? 'finance.balances.cash' : 'finance.balances.bank'} />
                    </Table.Td>
                  ) : null}
                  <Table.Td ta="right">{formatMoney(r.saldoInicial)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.entradas)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.salidas)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(r.saldo)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={of === 'banks' ? 5 : 4}>
                  <FormattedMessage id="finance.total" />
                </Table.Th>
                <Table.Th ta="right">{formatMoney(total)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

export function BanksPage() {
  return (
    <FinanceGate rule={{ kind: 'report', clave: 'Bancos' }}>
      <Balances of="banks" />
    </FinanceGate>
  );
}

export function FundsPage() {
  return (
    <FinanceGate rule={{ kind: 'report', clave: 'Fondos' }}>
      <Balances of="funds" />
    </FinanceGate>
  );
}
