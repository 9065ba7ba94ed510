// The pricing machine (precios-y-planes), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose plans call is a controllable promise
// answered like the server or failing. Plus the billing period, which only a loaded page offers.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import type { PlansAnswer } from '../../src/api/pricing';
import { pricingMachine } from '../../src/machines/pricingMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { PLANS, pricingModel } from '../models/pricingMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof pricingMachine>;
const cover = coverModel(pricingModel);

describe('pricingMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof pricingMachine>;
  const snapshot = () => actor.getSnapshot();
  const canChoose = (period: 'monthly' | 'yearly') => snapshot().can({ type: 'choosePeriod', period });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchPlans']);
      expect(snapshot().context.plans).toEqual([]);
      expect(snapshot().can({ type: 'retry' })).toBe(false);
      expect(canChoose('yearly')).toBe(false);
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context.plans).toEqual([]);
      expect(snapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(snapshot().can({ type: 'retry' })).toBe(true);
      expect(canChoose('yearly')).toBe(false);
    },
    loaded: () => {
      expect(calls.pending()).toEqual([]);
      // The server's plans, in its order, whatever the period.
      expect(snapshot().context.plans).toEqual(PLANS.plans);
      // Only the other period is offered.
      const { period } = snapshot().context;
      expect(canChoose('yearly')).toBe(period === 'monthly');
      expect(canChoose('monthly')).toBe(period === 'yearly');
      expect(snapshot().can({ type: 'retry' })).toBe(false);
    },
  };

  walkModel(it, cover, pricingMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(pricingMachine, calls)).start();
    return {
      actor,
      calls,
      after: {
        choosePeriod: (step) => expect(snapshot().context.period).toBe((step.event as EventObject & { period: string }).period),
      },
    };
  });
});

describe('pricingMachine', () => {
  it('loads again after a failure, starts monthly, and switches to yearly', async () => {
    const answers: (() => Promise<PlansAnswer>)[] = [
      () => Promise.reject(new Error('Failed to fetch')),
      () => Promise.resolve(PLANS),
    ];
    const actor = createActor(pricingMachine.provide({ actors: { fetchPlans: fromPromise(() => answers.shift()!()) } })).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toEqual({ plans: PLANS.plans, period: 'monthly', payOnline: false, failure: null });
    actor.send({ type: 'choosePeriod', period: 'yearly' });
    expect(actor.getSnapshot().context.period).toBe('yearly');
    expect(answers).toHaveLength(0);
  });
});
