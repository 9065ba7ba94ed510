// The money screens' query machine, model-based: loading, shown, failed, asking again (from every state)
// walked against a real actor whose call is a controllable promise. Plus which service answers each kind.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Report } from '../../src/api/finance';
import { type FinanceAnswer, type FinanceQuery, financeQueryMachine } from '../../src/machines/financeQueryMachine';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  requireStateTests,
  type Snapshot,
  type StateChecks,
  walkPath,
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

const { model, serializeState } = buildModel(financeQueryMachine, { events: eventsFor, input: { query: FIRST } });
const paths = coveringPaths(model, serializeState as never);

describe('financeQueryMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(coverageGaps(financeQueryMachine, model, paths, serializeState as never)).toEqual({
      unreachedStateNodes: [],
      unwalkedStates: [],
      missingTransitions: [],
    });
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

  it('has an assertion for every state node', () => requireStateTests(financeQueryMachine, states));

  for (const path of paths) {
    it(`path: ${
      path.steps
        .slice(1)
        .map((s) => s.event.type)
        .join(' → ') || 'start'
    }`, async () => {
      calls = controllablePromises();
      actor = createActor(providePromises(financeQueryMachine, calls, ['ask']), { input: { query: FIRST } }).start();
      await walkPath(path, { actor, calls, states, send: ['retry', 'ask'], invoked: ['ask'] });
    });
  }
});
