// The plan's result page's machine, model-based: every state of a plan's checkout read, not found, the readings
// again on a simulated clock (exactly when their delay has passed, a bounded number of times), and a failed read
// retried.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import {
  PLAN_CHECKOUT_MAX_POLLS,
  PLAN_CHECKOUT_POLL_MS,
  planCheckoutResultMachine,
} from '../../src/machines/planCheckoutResultMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  MODEL_MAX_POLLS,
  PLAN_RESULT_INPUT,
  planCheckoutResultModel,
  planCheckoutResultModelMachine,
} from '../models/planCheckoutResultMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';

type Snap = Snapshot<typeof planCheckoutResultMachine>;
const cover = coverModel(planCheckoutResultModel);

describe('planCheckoutResultMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof planCheckoutResultModelMachine>;
  const s = () => actor.getSnapshot() as Snap;
  const done = () => {
    expect(calls.pending()).toEqual([]);
    expect(s().status).toBe('done');
  };
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['read']);
      expect(calls.inputOf('read')).toEqual(PLAN_RESULT_INPUT);
    },
    pending: () => {
      expect(calls.pending()).toEqual([]);
      expect(['creado', 'pendiente']).toContain(s().context.checkout?.state);
      expect(s().context.polls).toBeLessThanOrEqual(MODEL_MAX_POLLS);
    },
    stillPending: () => {
      expect(s().context.polls).toBe(MODEL_MAX_POLLS);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    loadFailed: () => {
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    notFound: () => {
      done();
      expect(s().context.checkout).toBeNull();
    },
    paid: () => {
      done();
      expect(s().context.checkout).toEqual(PLAN_CHECKOUTS.paid);
      expect(s().context.checkout?.paidUntil).toBe('2027-06-01');
    },
    failed: () => {
      done();
      expect(s().context.checkout).toEqual(PLAN_CHECKOUTS.failed);
    },
    expired: () => {
      done();
      expect(s().context.checkout?.state).toBe('expirado');
    },
  };

  walkModel(it, cover, planCheckoutResultModelMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(planCheckoutResultModelMachine, calls), { input: PLAN_RESULT_INPUT, clock }).start();
    return {
      actor,
      calls,
      special: {
        'xstate.after.poll.planCheckoutResult.pending': () => {
          clock.increment(PLAN_CHECKOUT_POLL_MS - 1);
          expect(s().matches('pending')).toBe(true);
          clock.increment(1);
        },
      },
    };
  });
});

describe('planCheckoutResultMachine rules', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it(`reads again every ${PLAN_CHECKOUT_POLL_MS} ms at most ${PLAN_CHECKOUT_MAX_POLLS} times, then waits to be asked`, async () => {
    const calls = controllablePromises();
    const clock = new SimulatedClock();
    const actor = createActor(provideCalls(planCheckoutResultMachine, calls), { input: PLAN_RESULT_INPUT, clock }).start();
    let reads = 0;
    for (;;) {
      calls.resolve('read', PLAN_CHECKOUTS.created);
      reads++;
      await settle();
      clock.increment(PLAN_CHECKOUT_POLL_MS);
      if (!actor.getSnapshot().matches('loading')) break;
    }
    expect(reads).toBe(PLAN_CHECKOUT_MAX_POLLS + 1);
    expect(actor.getSnapshot().matches('stillPending')).toBe(true);
    actor.send({ type: 'retry' });
    calls.resolve('read', PLAN_CHECKOUTS.paid);
    await settle();
    expect(actor.getSnapshot().matches('paid')).toBe(true);
  });
});
