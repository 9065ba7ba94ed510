// The profile name machine (mi-perfil), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose call is a controllable promise, with a
// recording stand-in for the session actor. Plus the name rule of UpdateNameRequest.
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { NAME_MAX_LENGTH, UpdateNameRequest } from '../../src/api/profile';
import { nameProblem, profileNameMachine } from '../../src/machines/profileNameMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { NAME_INPUT, NEW_NAME, profileNameModel, session } from '../models/profileNameMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof profileNameMachine>;
const cover = coverModel(profileNameModel);

describe('profileNameMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof profileNameMachine>;
  /** What the walk knows without the machine: the saved name, saves done, the last save's outcome. */
  let name = NAME_INPUT.name;
  let savesDone = 0;
  let justSaved = false;
  let failed = false;
  const ctx = () => actor.getSnapshot().context;
  const can = (type: 'edit' | 'save' | 'cancel') => actor.getSnapshot().can({ type });
  const refreshes = () => Array.from({ length: savesDone }, () => ({ type: 'refresh' }));
  const states: StateChecks<Snap> = {
    viewing: () => {
      expect(calls.pending()).toEqual([]);
      // The session is refreshed once per name saved, and only then.
      expect(session.received).toEqual(refreshes());
      expect(ctx()).toMatchObject({ name, draft: '', saved: justSaved, failure: null });
      expect(can('edit')).toBe(true);
      expect(can('save')).toBe(false);
    },
    editing: () => {
      expect(calls.pending()).toEqual([]);
      expect(session.received).toEqual(refreshes());
      expect(ctx()).toMatchObject({ name, saved: false, failure: failed ? NETWORK_FAILURE : null });
      // Guardar is offered exactly when the rule passes and the name is a new one.
      const { draft } = ctx();
      expect(can('save')).toBe(nameProblem(draft) === null && draft.trim() !== name);
      expect(can('cancel')).toBe(true);
      expect(can('edit')).toBe(false);
    },
    saving: () => {
      expect(calls.pending()).toEqual(['updateName']);
      expect(calls.inputOf('updateName')).toEqual({ UserName: NEW_NAME });
      expect(ctx()).toMatchObject({ name, failure: null });
      expect(can('cancel')).toBe(false);
    },
  };

  walkModel(it, cover, profileNameMachine, states, () => {
    calls = controllablePromises();
    name = NAME_INPUT.name;
    savesDone = 0;
    justSaved = false;
    failed = false;
    session.clear();
    actor = createActor(provideCalls(profileNameMachine, calls), { input: NAME_INPUT }).start();
    return {
      actor,
      calls,
      after: {
        edit: () => {
          justSaved = false;
          failed = false;
          // The field starts with the saved name.
          expect(ctx().draft).toBe(name);
        },
        cancel: () => {
          failed = false;
        },
        save: () => {
          failed = false;
        },
        'xstate.done.actor.updateName': () => {
          savesDone++;
          name = NEW_NAME;
          justSaved = true;
        },
        'xstate.error.actor.updateName': () => {
          failed = true;
          expect(ctx().draft).toBe(`  ${NEW_NAME}  `);
        },
      },
    };
  });
});

describe('profileNameMachine rules', () => {
  it('follows the contract: not blank, at most NAME_MAX_LENGTH', () => {
    const long = 'a'.repeat(NAME_MAX_LENGTH + 1);
    for (const name of ['', '   ', long, 'Sofía', 'a'.repeat(NAME_MAX_LENGTH)]) {
      expect(nameProblem(name) === null, name).toBe(is({ UserName: name.trim() }, UpdateNameRequest));
    }
    expect(nameProblem('   ')).toBe('profile.name.required');
    expect(nameProblem(long)).toBe('profile.name.tooLong');
  });

  it('does not save an unchanged name', () => {
    const actor = createActor(profileNameMachine, { input: NAME_INPUT }).start();
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().context.draft).toBe('Sofía Vargas Peña');
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', value: ' Sofía Vargas Peña ' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(false);
    actor.send({ type: 'change', value: 'Sofía Vargas' });
    expect(actor.getSnapshot().can({ type: 'save' })).toBe(true);
  });
});
