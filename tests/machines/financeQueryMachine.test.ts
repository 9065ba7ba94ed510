// The money screens' query machine, model-based: loading, shown, failed, asking again (from every state)
// walked against a real actor whose call is a controllable promise. Plus which service answers each kind.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Report } from '../../src/api/finance';
import { type FinanceAnswer, type FinanceQuery, financeQueryMachine } from '../../src/machines/financeQueryMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

type Snap = Snapshot<typeof financeQueryMachine>;

const report = (fechaFin: string): Report => ({
  Clave: 'IngEg',
  Titulo: 'Consolidado',
  fechaInicio: '2025-01-01',
  fechaFin,
  columnas: [{ nombre: 'Ingresos', tipo: 'dinero' }],
  filas: [{ etiqueta: '2025-01', valores: [100] }],
  totales: [100],
});
const FIRST: FinanceQuery = { kind: 'report', query: { Clave: 'IngEg', fechaInicio: '2025-01-01', fechaFin: '2025-12-31' } };
const SECOND: FinanceQuery = { kind: 'report', query: { Clave: 'IngEg', fechaInicio: '2025-01-01', fechaFin: '2025-06-30' } };
const answerTo = (q: FinanceQuery): FinanceAnswer => ({
  kind: 'report',
  data: report(q.kind === 'report' ? q.query.fechaFin : ''),
});

function eventsFor(snapshot: Snap): ModelEvent[] {
  const asked = snapshot.context.query;
  const again: ModelEvent[] =
    asked === SECOND || (snapshot.context.answer?.kind === 'report' && snapshot.context.answer.data.fechaFin === '2025-06-30')
      ? []
      : [{ type: 'ask', query: SECOND }];
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.ask', output: answerTo(asked) },
      { type: 'xstate.error.actor.ask', error: new Error('Failed to fetch') },
      ...again,
    ];
  }
  return [{ type: 'retry' }, ...again];
}

const { paths, gaps } = coveredModel(financeQueryMachine, { events: eventsFor, input: { query: FIRST } });

describe('financeQueryMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof financeQueryMachine>;
  const states: StateChecks<Snap> = {
    loading: (s) => expect(calls.inputOf('ask')).toEqual(s.context.query),
    shown: (s) => {
      expect(s.context.answer).not.toBeNull();
      expect(actor.getSnapshot().context.answer).toEqual(answerTo(s.context.query));
    },
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
  };

  walkEveryPath(
    it,
    financeQueryMachine,
    paths,
    states,
    () => {
      calls = controllablePromises();
      actor = createActor(providePromises(financeQueryMachine, calls, ['ask']), { input: { query: FIRST } }).start();
      return { actor, calls, send: ['retry', 'ask'], invoked: ['ask'] };
    },
    (path) =>
      `path: ${
        path.steps
          .slice(1)
          .map((s) => s.event.type)
          .join(' → ') || 'start'
      }`,
  );
});
