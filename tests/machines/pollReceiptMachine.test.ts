// Checking a receipt, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose check is a controllable promise. Only a well-formed code is asked, in the
// contract's spelling; a code of no ballot is "not counted", not a failure. Plus the reading of typed codes.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { pollReceiptMachine, receiptCode } from '../../src/machines/pollReceiptMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { COUNTED, NOT_COUNTED, pollReceiptModel, TOO_SHORT, TYPED } from '../models/pollReceiptMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { POLL_ID, RECEIPT } from '../support/pollFixtures';

type Snap = Snapshot<typeof pollReceiptMachine>;
const cover = coverModel(pollReceiptModel);

describe('pollReceiptMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof pollReceiptMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'check' })).toBe(s.context.codigo === TYPED);
      expect(s.context.answer).toBeNull();
    },
    checking: () => {
      expect(calls.pending()).toEqual(['fetchReceipt']);
      expect(calls.inputOf('fetchReceipt')).toEqual({ pollId: POLL_ID, codigo: RECEIPT });
    },
    counted: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(COUNTED);
    },
    notCounted: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([NOT_COUNTED, null]).toContainEqual(s.context.answer);
      expect(s.context.failure).toBeNull();
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, pollReceiptMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(pollReceiptMachine, calls), { input: { pollId: POLL_ID } }).start();
    return { actor, calls };
  });
});

describe('pollReceiptMachine rules', () => {
  it('reads codes as people copy them', () => {
    expect(receiptCode(TYPED)).toBe(RECEIPT);
    expect(receiptCode(RECEIPT)).toBe(RECEIPT);
    expect(receiptCode(TOO_SHORT)).toBeNull();
    // Crockford's alphabet has no I, L, O or U.
    expect(receiptCode('K7Q2-9XMB-4TZU')).toBeNull();
  });
});
