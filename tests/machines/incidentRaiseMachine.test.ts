// Raising an incident, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose call is a controllable promise. Only a complete draft is sent, with the checkpoint it was raised at.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { incidentRaiseMachine } from '../../src/machines/incidentRaiseMachine';
import { DRAFT, incidentRaiseModel } from '../models/incidentRaiseMachine.model';
import { OPEN_MAINTENANCE } from '../support/incidentsFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof incidentRaiseMachine>;
const cover = coverModel(incidentRaiseModel);

describe('incidentRaiseMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof incidentRaiseMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.incident).toBeNull();
      expect(can({ type: 'submit', draft: DRAFT })).toBe(true);
      expect(can({ type: 'submit', draft: { ...DRAFT, place: ' ' } })).toBe(false);
    },
    raising: () => {
      expect(calls.pending()).toEqual(['raise']);
      expect(calls.inputOf('raise')).toEqual({ ...DRAFT, source: 'checkpoint', checkpointId: 4 });
      expect(can({ type: 'retry' })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'edit' })).toBe(true);
    },
    raised: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.incident).toEqual(OPEN_MAINTENANCE);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'again' })).toBe(true);
    },
  };

  walkModel(it, cover, incidentRaiseMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(incidentRaiseMachine, calls), { input: { checkpointId: 4, source: 'checkpoint' } }).start();
    return { actor, calls };
  });
});
