// The assemblies' settings, model-based: every declared event offered from tests/models, every branch walked against
// a real actor whose calls are controllable promises. Saving is offered only for a valid change, sends the draft,
// and a refusal keeps what was typed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblySettingsMachine } from '../../src/machines/assemblySettingsMachine';
import { assemblySettingsModel } from '../models/assemblySettingsMachine.model';
import { SETTINGS } from '../support/assemblyMinutesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblySettingsMachine>;
const cover = coverModel(assemblySettingsModel);

describe('assemblySettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblySettingsMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      const draft = s.context.draft!;
      const changed = JSON.stringify(draft) !== JSON.stringify(s.context.settings);
      expect(actor.getSnapshot().can({ type: 'save' })).toBe(changed && draft.arrearsDays >= 0);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', status: 403 });
      if (s.context.saved) expect(s.context.settings).toEqual({ ...SETTINGS, proxyLimit: 5 });
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['save']);
      expect(calls.inputOf('save')).toEqual(s.context.draft);
    },
  };

  walkModel(it, cover, assemblySettingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblySettingsMachine, calls)).start();
    return { actor, calls };
  });
});
