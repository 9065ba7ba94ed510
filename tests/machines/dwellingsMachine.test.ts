// The towers and dwellings tab, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is asked of
// the server (the query of the page, the change to save) and what the tab keeps (the answer, the refusal).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { dwellingsMachine } from '../../src/machines/dwellingsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CHANGE, dwellingsModel, PAGE, TAKEN } from '../models/dwellingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof dwellingsMachine>;
const cover = coverModel(dwellingsModel);

describe('dwellingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof dwellingsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadDwellings']);
      expect(calls.inputOf('loadDwellings')).toEqual(s.context.query);
      expect(can({ type: 'save', change: CHANGE })).toBe(false);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(PAGE);
      expect(s.context.failure).toBeNull();
      if (s.context.saveFailure) expect(s.context.saveFailure).toMatchObject({ kind: 'refused', message: TAKEN.message });
      expect(can({ type: 'save', change: CHANGE })).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveChange']);
      expect(calls.inputOf('saveChange')).toEqual(CHANGE);
      expect(s.context.saveFailure).toBeNull();
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, dwellingsMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(dwellingsMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
