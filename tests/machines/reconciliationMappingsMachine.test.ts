// The saved column mappings, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. A rename needs a new name no other mapping has; a
// removal drops the mapping from the list; a failure keeps the list, with why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { reconciliationMappingsMachine } from '../../src/machines/reconciliationMappingsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { reconciliationMappingsModel } from '../models/reconciliationMappingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { MAPPING, MAPPING_2 } from '../support/reconciliationFixtures';

type Snap = Snapshot<typeof reconciliationMappingsMachine>;
const cover = coverModel(reconciliationMappingsModel);

describe('reconciliationMappingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('renames only to a new name no other mapping has, and deletes only a listed one', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(reconciliationMappingsMachine, calls)).start();
    calls.resolve('loadMappings', [MAPPING, MAPPING_2]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = live.getSnapshot();
    expect(s.can({ type: 'rename', id: MAPPING.id, name: '  ' })).toBe(false);
    expect(s.can({ type: 'rename', id: MAPPING.id, name: MAPPING.name })).toBe(false);
    expect(s.can({ type: 'rename', id: MAPPING.id, name: MAPPING_2.name })).toBe(false);
    expect(s.can({ type: 'rename', id: 999, name: 'Otro' })).toBe(false);
    expect(s.can({ type: 'rename', id: MAPPING.id, name: ' Otro ' })).toBe(true);
    expect(s.can({ type: 'remove', id: 999 })).toBe(false);
    live.send({ type: 'rename', id: MAPPING.id, name: ' Otro ' });
    expect(calls.inputOf('renameMapping')).toEqual({ id: MAPPING.id, name: 'Otro' });
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof reconciliationMappingsMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadMappings']),
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    shown: (s) => {
      idle();
      expect(s.context.busyId).toBeNull();
    },
    renaming: (s) => {
      expect(calls.pending()).toEqual(['renameMapping']);
      expect(s.context.busyId).toBe(MAPPING.id);
    },
    removing: (s) => {
      expect(calls.pending()).toEqual(['removeMapping']);
      expect(calls.inputOf('removeMapping')).toEqual({ id: MAPPING_2.id });
      expect(s.context.busyId).toBe(MAPPING_2.id);
    },
  };

  const leadsTo = {
    'xstate.done.actor.renameMapping': () =>
      expect(actor.getSnapshot().context.mappings.map((m) => m.name)).toContain('Banco del Bajío'),
    'xstate.done.actor.removeMapping': () =>
      expect(actor.getSnapshot().context.mappings.map((m) => m.id)).not.toContain(MAPPING_2.id),
    'xstate.error.actor.renameMapping': () => {
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(actor.getSnapshot().context.mappings).toContainEqual(MAPPING);
    },
    'xstate.error.actor.removeMapping': () => {
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(actor.getSnapshot().context.mappings.map((m) => m.id)).toContain(MAPPING_2.id);
    },
  };

  walkModel(it, cover, reconciliationMappingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reconciliationMappingsMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
