// The money screens' query (ver-reporte here: the consolidated report of 2025) as a test model: the
// first question, then the first half of the year asked once, from any state. The words its scenarios
// are told in: docs/scenarios/financeQueryMachine.md.
import type { Report } from '../../src/api/finance';
import { type FinanceAnswer, type FinanceQuery, financeQueryMachine } from '../../src/machines/financeQueryMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

const report = (fechaFin: string): Report => ({
  Clave: 'IngEg',
  Titulo: 'Consolidado',
  fechaInicio: '2025-01-01',
  fechaFin,
  columnas: [{ clave: 'ingresos', nombre: 'Ingresos', tipo: 'dinero' }],
  filas: [{ etiqueta: '2025-01', valores: [100] }],
  totales: [100],
});
export const FIRST: FinanceQuery = {
  kind: 'report',
  query: { Clave: 'IngEg', fechaInicio: '2025-01-01', fechaFin: '2025-12-31' },
};
export const SECOND: FinanceQuery = {
  kind: 'report',
  query: { Clave: 'IngEg', fechaInicio: '2025-01-01', fechaFin: '2025-06-30' },
};
/** The server's answer to a question: the report of its period. */
export const answerTo = (q: FinanceQuery): FinanceAnswer => ({
  kind: 'report',
  data: report(q.kind === 'report' ? q.query.fechaFin : ''),
});
const periodOf = (q: FinanceQuery) => (q.kind === 'report' ? `${q.query.fechaInicio} – ${q.query.fechaFin}` : q.kind);

export const financeQueryModel = defineModel({
  machine: financeQueryMachine,
  input: { query: FIRST },
  payloads: {
    retry: BARE,
    // The first half of the year, asked once (while the first question loads, is shown or failed).
    ask: (s) => {
      const answered = s.context.answer?.kind === 'report' && s.context.answer.data.fechaFin === '2025-06-30';
      return s.context.query === SECOND || answered ? [] : [{ query: SECOND }];
    },
    'xstate.done.actor.ask': (s) => [{ output: answerTo(s.context.query) }],
    'xstate.error.actor.ask': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  label: (e) => (e.type === 'ask' ? `ask ${periodOf((e as unknown as { query: FinanceQuery }).query)}` : eventLabel(e)),
  words: {
    states: {
      loading: 'Cargando… (or the last report, dimmed, while the new one loads).',
      shown: 'The report of the period asked: its columns, rows and totals.',
      failed: 'No pudimos cargar la información, and why (the server’s words, or no connection), with Reintentar.',
    },
    events: {
      retry: () => 'presses Reintentar',
      ask: (e) => `chooses ${periodOf(e.query as FinanceQuery)} and presses Consultar`,
      'xstate.done.actor.ask': (e) => {
        const answer = e.output as FinanceAnswer;
        return `the server answers the report up to ${answer.kind === 'report' ? answer.data.fechaFin : answer.kind}`;
      },
      'xstate.error.actor.ask': () => 'the connection fails',
    },
  },
});
