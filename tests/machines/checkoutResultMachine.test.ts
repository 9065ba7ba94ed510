// The result page's machine, model-based: every state of a checkout read, the readings again on a simulated clock
// (exactly when their delay has passed), and a failed read retried.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { CHECKOUT_POLL_MS, checkoutResultMachine, REFERENCE_POLL_MS } from '../../src/machines/checkoutResultMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { checkoutResultModel, RESULT_INPUT } from '../models/checkoutResultMachine.model';
import { CHECKOUTS } from '../support/checkoutFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof checkoutResultMachine>;
const cover = coverModel(checkoutResultModel);

describe('checkoutResultMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof checkoutResultMachine>;
  const s = () => actor.getSnapshot() as Snap;
  const done = () => {
    expect(calls.pending()).toEqual([]);
    expect(s().status).toBe('done');
  };
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['read']);
      expect(calls.inputOf('read')).toEqual(RESULT_INPUT);
    },
    waiting: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().context.checkout).toEqual(CHECKOUTS.created);
    },
    reference: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().context.checkout?.payReference).toBe(CHECKOUTS.pending.payReference);
    },
    loadFailed: () => {
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    paid: () => {
      done();
      expect(s().context.checkout).toEqual(CHECKOUTS.paid);
      expect(s().context.checkout?.paymentId).not.toBeNull();
    },
    failed: () => {
      done();
      expect(s().context.checkout).toEqual(CHECKOUTS.failed);
      expect(s().context.checkout?.failure).toBeTruthy();
    },
    expired: () => {
      done();
      expect(s().context.checkout?.state).toBe('expirado');
    },
  };

  const afterExactly = (ms: number, state: string) => () => {
    clock.increment(ms - 1);
    expect(s().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, checkoutResultMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(checkoutResultMachine, calls), { input: RESULT_INPUT, clock }).start();
    return {
      actor,
      calls,
      special: {
        'xstate.after.checkoutPoll.checkoutResult.waiting': afterExactly(CHECKOUT_POLL_MS, 'waiting'),
        'xstate.after.referencePoll.checkoutResult.reference': afterExactly(REFERENCE_POLL_MS, 'reference'),
      },
    };
  });
});
