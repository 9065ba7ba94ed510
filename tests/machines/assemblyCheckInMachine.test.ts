// The door's check-in, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A code read or typed is sent trimmed for this assembly; blanks
// are not sent; the answer or the refusal stays shown.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyCheckInMachine } from '../../src/machines/assemblyCheckInMachine';
import { assemblyCheckInModel } from '../models/assemblyCheckInMachine.model';
import { CHECKED_IN, CODE } from '../support/assemblyMinutesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyCheckInMachine>;
const cover = coverModel(assemblyCheckInModel);

describe('assemblyCheckInMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyCheckInMachine>;
  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      if (s.context.result) expect(s.context.result).toEqual(CHECKED_IN);
      if (s.context.failure?.kind === 'refused') expect(s.context.failure.message).toBe('El código es de otra asamblea.');
    },
    scanning: () => expect(calls.pending()).toEqual(['scanner']),
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({ assemblyId: 7, code: CODE });
      expect(s.context.result).toBeNull();
      expect(s.context.failure).toBeNull();
    },
  };

  walkModel(it, cover, assemblyCheckInMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyCheckInMachine, calls), { input: { assemblyId: 7 } }).start();
    return { actor, calls };
  });
});
