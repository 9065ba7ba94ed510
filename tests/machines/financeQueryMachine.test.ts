// The money screens' query machine, model-based: every event the machine declares offered from
// tests/models, every branch walked (loading, shown, failed, asking again from every state) against a
// real actor whose call is a controllable promise.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type FinanceQuery, financeQueryMachine } from '../../src/machines/financeQueryMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { answerTo, FIRST, financeQueryModel, SECOND } from '../models/financeQueryMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof financeQueryMachine>;
const cover = coverModel(financeQueryModel);

describe('financeQueryMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof financeQueryMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['ask']);
      expect(calls.inputOf('ask')).toEqual(s.context.query);
      // The last answer stays on screen while the new one loads: none yet, or the first period's.
      expect([null, answerTo(FIRST)]).toContainEqual(s.context.answer);
      expect(can({ type: 'retry' })).toBe(false);
      expect(can({ type: 'ask', query: FIRST })).toBe(true);
    },
    shown: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerTo(s.context.query));
      expect(can({ type: 'retry' })).toBe(false);
      expect(can({ type: 'ask', query: SECOND })).toBe(true);
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'ask', query: FIRST })).toBe(true);
    },
  };

  walkModel(it, cover, financeQueryMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(financeQueryMachine, calls), { input: { query: FIRST } }).start();
    return {
      actor,
      calls,
      after: {
        // Asking sends the new question at once (a pending one is dropped); Reintentar sends the same again.
        ask: (step: PathStep) => expect(calls.inputOf('ask')).toEqual((step.event as Payload).query as FinanceQuery),
        retry: () => expect(calls.pending()).toEqual(['ask']),
      },
    };
  });
});
