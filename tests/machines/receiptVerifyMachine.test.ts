// The receipt check machine, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose call is a controllable promise: a valid receipt, a cancelled one, a
// token that names none, and an unreachable server that can be retried.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { receiptVerifyMachine } from '../../src/machines/receiptVerifyMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CANCELLED, RECEIPT_VERIFY_INPUT, receiptVerifyModel, VERIFIED } from '../models/receiptVerifyMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof receiptVerifyMachine>;
const cover = coverModel(receiptVerifyModel);

describe('receiptVerifyMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof receiptVerifyMachine>;
  const snapshot = () => actor.getSnapshot();
  const canRetry = () => snapshot().can({ type: 'retry' });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['checkReceipt']);
      expect(calls.inputOf('checkReceipt')).toEqual(RECEIPT_VERIFY_INPUT);
      expect(canRetry()).toBe(false);
    },
    valid: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.receipt).toEqual(VERIFIED);
      expect(snapshot().context.failure).toBeNull();
    },
    cancelled: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.receipt).toEqual(CANCELLED);
      expect(snapshot().context.failure).toBeNull();
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.receipt).toBeNull();
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('active');
      expect(canRetry()).toBe(true);
      expect(snapshot().context.receipt).toBeNull();
      expect(snapshot().context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, receiptVerifyMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(receiptVerifyMachine, calls), { input: RECEIPT_VERIFY_INPUT }).start();
    return { actor, calls };
  });
});
