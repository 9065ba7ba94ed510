// The permissions editor, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose load and save are controllable promises. Each state checks what is asked
// (the membership; the whole draft with the version it was read at), what is shown (the fresh set after a stale
// refusal, the draft kept after the last administrator's), and that Guardar is offered only with changes.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { sameSet } from '../../src/api/memberPermissions';
import { isDirty, permissionsEditorMachine, type SavePermissionsInput } from '../../src/machines/permissionsEditorMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { permissionsEditorModel } from '../models/permissionsEditorMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { ADMIN_SELF, GUARD, GUARD_FRESH, LAST_ADMIN_MESSAGE, STALE_MESSAGE } from '../support/memberPermissionsFixtures';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof permissionsEditorMachine>;
const cover = coverModel(permissionsEditorModel);

describe('permissionsEditorMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof permissionsEditorMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const ready = (s: Snap) => {
    expect(calls.pending()).toEqual([]);
    expect(s.context.member).not.toBeNull();
    expect(can({ type: 'save' })).toBe(isDirty(s.context));
  };

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadMember']);
      expect(calls.inputOf('loadMember')).toEqual({ membershipId: s.context.membershipId });
      expect(can({ type: 'save' })).toBe(false);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.draft).toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => ready(s),
    'ready.editing': (s) => {
      ready(s);
      expect(can({ type: 'retry' })).toBe(false);
    },
    'ready.saved': (s) => {
      ready(s);
      expect([s.context.failure, s.context.refusal]).toEqual([null, null]);
      expect(sameSet(s.context.draft!, s.context.member!.set)).toBe(true);
      expect(s.context.member!.version).not.toBe(GUARD.version);
    },
    'ready.stale': (s) => {
      ready(s);
      expect([s.context.failure, s.context.refusal]).toEqual([null, STALE_MESSAGE]);
      // The fresh set is shown as it is; the change is to be redone on it.
      expect(s.context.member).toBe(GUARD_FRESH);
      expect(s.context.draft).toEqual(GUARD_FRESH.set);
    },
    'ready.lastAdmin': (s) => {
      ready(s);
      expect([s.context.failure, s.context.refusal]).toEqual([null, LAST_ADMIN_MESSAGE]);
      expect(s.context.member).toBe(ADMIN_SELF);
      expect(s.context.draft!.roles.admin).toBe(false);
      expect(isDirty(s.context)).toBe(true);
    },
    'ready.failed': (s) => {
      ready(s);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveSet']);
      const sent = calls.inputOf('saveSet') as SavePermissionsInput;
      expect(sent.member).toBe(s.context.member);
      expect(sent.draft).toEqual(s.context.draft);
      expect(sameSet(sent.draft, sent.member.set)).toBe(false);
    },
  };

  walkModel(it, cover, permissionsEditorMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(permissionsEditorMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
