// The pricing machine (precios-y-planes), model-based: every state and transition walked against a real
// actor whose plans call is a controllable promise answered like the server (the demo's three plans, or
// none), or failing. Plus the billing period, which only a loaded page offers.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { Plan, PlansAnswer } from '../../src/api/pricing';
import { pricingMachine } from '../../src/machines/pricingMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

const plan = (code: string, monthlyPrice: number, maxDwellings: number | null): Plan => ({
  code,
  name: code,
  description: `Plan ${code}`,
  monthlyPrice,
  yearlyPrice: monthlyPrice * 10,
  currency: 'MXN',
  maxDwellings,
  features: [`Hasta ${maxDwellings ?? '∞'} viviendas`],
});

const PLANS: PlansAnswer = {
  success: true,
  plans: [plan('basico', 99_000, 50), plan('profesional', 249_000, 300), plan('corporativo', 599_000, null)],
};
const NO_PLANS: PlansAnswer = { success: true, plans: [] };

type Snap = Snapshot<typeof pricingMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.fetchPlans', output: PLANS },
      { type: 'xstate.done.actor.fetchPlans', output: NO_PLANS },
      { type: 'xstate.error.actor.fetchPlans', error: new Error('Failed to fetch') },
    ];
  }
  return [{ type: 'retry' }, { type: 'choosePeriod', period: 'monthly' }, { type: 'choosePeriod', period: 'yearly' }];
}

const { model, paths, gaps } = coveredModel(pricingMachine, { events: eventsFor });

describe('pricingMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    // loading, failed, and loaded with the plans or none, each monthly and yearly.
    expect(Object.keys(model.getAdjacencyMap())).toHaveLength(6);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof pricingMachine>;
  const snapshot = () => actor.getSnapshot();
  const states: StateChecks<Snap> = {
    loading: () => {
      // The plans call is running.
      expect(snapshot().children.fetchPlans).toBeDefined();
      expect(snapshot().context.plans).toEqual([]);
      expect(snapshot().can({ type: 'retry' })).toBe(false);
      expect(snapshot().can({ type: 'choosePeriod', period: 'yearly' })).toBe(false);
    },
    failed: () => {
      expect(snapshot().context.plans).toEqual([]);
      expect(snapshot().can({ type: 'retry' })).toBe(true);
      expect(snapshot().can({ type: 'choosePeriod', period: 'yearly' })).toBe(false);
    },
    loaded: () => {
      expect(snapshot().children.fetchPlans).toBeUndefined();
      // The server's plans, in its order, whatever the period.
      expect([PLANS.plans, NO_PLANS.plans]).toContainEqual(snapshot().context.plans);
      const { period } = snapshot().context;
      expect(snapshot().can({ type: 'choosePeriod', period: period === 'monthly' ? 'yearly' : 'monthly' })).toBe(true);
      expect(snapshot().can({ type: 'choosePeriod', period })).toBe(false);
      expect(snapshot().can({ type: 'retry' })).toBe(false);
    },
  };

  walkEveryPath(it, pricingMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(pricingMachine, calls, ['fetchPlans'])).start();
    return { actor, calls, send: ['retry', 'choosePeriod'], invoked: ['fetchPlans'] };
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
    expect(actor.getSnapshot().context).toEqual({ plans: PLANS.plans, period: 'monthly' });
    actor.send({ type: 'choosePeriod', period: 'yearly' });
    expect(actor.getSnapshot().context.period).toBe('yearly');
    expect(answers).toHaveLength(0);
  });
});
