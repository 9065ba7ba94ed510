// The money area's read-only screens (panel-financiero, ver-reporte, listado-de-bancos, listado-de-fondos,
// estado-cta, the money home financiero): ask the server one question, show the answer, or the failure with a retry; asking again
// (another period, another dwelling) keeps the last answer on screen while the new one loads.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Balance, Dwelling, Report, ReportQuery, ReportSummary, Statement, StatementQuery } from '../api/finance';
import type { FinanceHome, FinanceHomeQuery } from '../api/financeHome';
import {
  fetchBanks,
  fetchDwellings,
  fetchFinanceHome,
  fetchFunds,
  fetchReport,
  fetchReports,
  fetchStatement,
} from '../services/financeService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type FinanceQuery =
  | { kind: 'reports' }
  | { kind: 'report'; query: ReportQuery }
  | { kind: 'banks' }
  | { kind: 'funds' }
  | { kind: 'dwellings' }
  | { kind: 'statement'; query: StatementQuery }
  | { kind: 'home'; query: FinanceHomeQuery };

export type FinanceAnswer =
  | { kind: 'reports'; data: ReportSummary[] }
  | { kind: 'report'; data: Report }
  | { kind: 'banks' | 'funds'; data: Balance[] }
  | { kind: 'dwellings'; data: Dwelling[] }
  | { kind: 'statement'; data: Statement }
  | { kind: 'home'; data: FinanceHome };

/** The service that answers each kind of question. */
export async function ask(query: FinanceQuery, signal?: AbortSignal): Promise<FinanceAnswer> {
  switch (query.kind) {
    case 'reports':
      return { kind: 'reports', data: await fetchReports(signal) };
    case 'report':
      return { kind: 'report', data: await fetchReport(query.query, signal) };
    case 'banks':
      return { kind: 'banks', data: await fetchBanks(signal) };
    case 'funds':
      return { kind: 'funds', data: await fetchFunds(signal) };
    case 'dwellings':
      return { kind: 'dwellings', data: await fetchDwellings(signal) };
    case 'statement':
      return { kind: 'statement', data: await fetchStatement(query.query, signal) };
    case 'home':
      return { kind: 'home', data: await fetchFinanceHome(query.query, signal) };
  }
}

export interface FinanceQueryContext {
  query: FinanceQuery;
  answer: FinanceAnswer | null;
  /** The last question could not be answered: why. */
  failure: CallFailure | null;
}

export type FinanceQueryEvent = { type: 'retry' } | { type: 'ask'; query: FinanceQuery };

export const financeQueryMachine = setup({
  types: {
    input: {} as { query: FinanceQuery },
    context: {} as FinanceQueryContext,
    events: {} as FinanceQueryEvent,
  },
  actors: {
    ask: fromPromise<FinanceAnswer, FinanceQuery>(({ input, signal }) => ask(input, signal)),
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'ask');
      return { query: event.query };
    }),
    keepAnswer: assign((_, answer: FinanceAnswer) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'financeQuery',
  context: ({ input }) => ({ query: input.query, answer: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => context.query,
        onDone: { target: 'shown', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { ask: { target: 'loading', reenter: true, actions: 'setQuery' } },
    },
    shown: { on: { ask: { target: 'loading', actions: 'setQuery' } } },
    failed: {
      on: { retry: 'loading', ask: { target: 'loading', actions: 'setQuery' } },
    },
  },
});
