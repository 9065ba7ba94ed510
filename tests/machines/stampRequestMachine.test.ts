// solicitar-timbres, model-based: every declared event offered, every branch walked against a real actor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { stampRequestMachine } from '../../src/machines/stampRequestMachine';
import { LEDGER, REFUSED, REQUEST, stampRequestModel } from '../models/stampRequestMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof stampRequestMachine>;
const cover = coverModel(stampRequestModel);

describe('stampRequestMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof stampRequestMachine>;

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadLedger']),
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.ledger).toEqual(LEDGER);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: REFUSED.message });
    },
    sending: () => {
      expect(calls.pending()).toEqual(['sendRequest']);
      expect(calls.inputOf('sendRequest')).toEqual({ draft: REQUEST });
      expect(actor.getSnapshot().can({ type: 'request', draft: REQUEST })).toBe(false);
    },
  };

  walkModel(it, cover, stampRequestMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(stampRequestMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
