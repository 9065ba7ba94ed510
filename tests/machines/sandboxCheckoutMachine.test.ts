// The sandbox provider's page machine, model-based, and its test cards: only the two listed decide an outcome.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  outcomeOfCard,
  SANDBOX_CARD_APPROVED,
  SANDBOX_CARD_DECLINED,
  sandboxCheckoutMachine,
} from '../../src/machines/sandboxCheckoutMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { SANDBOX_INPUT, sandboxCheckoutModel } from '../models/sandboxCheckoutMachine.model';
import { SANDBOX } from '../support/checkoutFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof sandboxCheckoutMachine>;
const cover = coverModel(sandboxCheckoutModel);

describe('sandboxCheckoutMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof sandboxCheckoutMachine>;
  const s = () => actor.getSnapshot() as Snap;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    loadFailed: () => {
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    notFound: () => {
      expect(s().status).toBe('done');
      expect(s().context.checkout).toBeNull();
    },
    settled: () => {
      expect(s().status).toBe('done');
      expect(s().context.checkout?.state).toBe('pagado');
    },
    ready: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().context.checkout).toEqual(SANDBOX);
    },
    sending: () => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({ ref: SANDBOX_INPUT.ref, outcome: s().context.outcome });
    },
    sendFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().context.outcome).not.toBeNull();
    },
    sent: () => {
      expect(s().status).toBe('done');
      expect(calls.pending()).toEqual([]);
    },
  };

  walkModel(it, cover, sandboxCheckoutMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(sandboxCheckoutMachine, calls), { input: SANDBOX_INPUT }).start();
    return { actor, calls };
  });
});

describe('the sandbox’s test cards', () => {
  it('approve, decline, or decide nothing', () => {
    expect(outcomeOfCard(SANDBOX_CARD_APPROVED)).toBe('pagar');
    expect(outcomeOfCard('4242 4242 4242 4242')).toBe('pagar');
    expect(outcomeOfCard(SANDBOX_CARD_DECLINED)).toBe('rechazar');
    expect(outcomeOfCard('4111111111111111')).toBeNull();
  });
});
