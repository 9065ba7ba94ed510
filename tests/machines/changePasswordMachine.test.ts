// The change-password machine (mi-perfil), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose call is a controllable promise. Plus its
// rules: current password required, the shared rule, the wrong current password on its field, an empty
// form once changed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { changePasswordErrors, changePasswordMachine } from '../../src/machines/changePasswordMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { ANSWERS, changePasswordModel, WRONG_CURRENT } from '../models/changePasswordMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof changePasswordMachine>;
const cover = coverModel(changePasswordModel);
const EMPTY = { current: '', password: '', confirmation: '' };
const formIsValid = (s: Snap) => Object.keys(changePasswordErrors(s.context)).length === 0;

describe('changePasswordMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof changePasswordMachine>;
  const can = (type: 'submit' | 'retry' | 'blur') => actor.getSnapshot().can({ type, field: 'password' } as never);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      // Sending is offered exactly when the shared rules pass.
      expect(can('submit')).toBe(formIsValid(s));
      expect(can('blur')).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['changePassword']);
      expect(calls.inputOf('changePassword')).toEqual({ currentPassword: 'Demo1234!', newPassword: 'Nueva1234' });
      expect(formIsValid(s)).toBe(true);
      expect(s.context.touched).toEqual({ current: true, password: true, confirmation: true });
      expect(s.context.currentError).toBeNull();
      expect(can('submit')).toBe(false);
    },
    changed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect({ current: s.context.current, password: s.context.password, confirmation: s.context.confirmation }).toEqual(EMPTY);
      expect(s.context.touched).toEqual({ current: false, password: false, confirmation: false });
      expect(can('submit')).toBe(false);
    },
    throttled: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can('submit')).toBe(formIsValid(s));
      expect(can('retry')).toBe(false);
      expect(can('blur')).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can('retry')).toBe(true);
      expect(s.context.password).toBe('Nueva1234');
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, changePasswordMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(changePasswordMachine, calls)).start();
    return { actor, calls };
  });
});

describe('changePasswordMachine rules', () => {
  it('wants the current password and a new one under the shared rule, confirmed', () => {
    expect(changePasswordErrors({ current: '', password: '', confirmation: '' })).toEqual({
      current: 'password.currentRequired',
      password: 'password.tooShort',
    });
    expect(changePasswordErrors({ current: 'x', password: '12345678', confirmation: '1234' })).toEqual({
      password: 'password.needsLetterAndDigit',
      confirmation: 'password.mismatch',
    });
    expect(changePasswordErrors({ current: 'x', password: 'Nueva1234', confirmation: 'Nueva1234' })).toEqual({});
  });

  it('shows a wrong current password on that field until it is edited', async () => {
    const actor = createActor(
      changePasswordMachine.provide({ actors: { changePassword: fromPromise(async () => ANSWERS.wrongCurrentPassword!) } }),
    ).start();
    actor.send({ type: 'change', field: 'current', value: 'equivocada' });
    actor.send({ type: 'change', field: 'password', value: 'Nueva1234' });
    actor.send({ type: 'change', field: 'confirmation', value: 'Nueva1234' });
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.currentError).toBe(WRONG_CURRENT);
    actor.send({ type: 'change', field: 'password', value: 'Nueva12345' });
    expect(actor.getSnapshot().context.currentError).toBe(WRONG_CURRENT);
    actor.send({ type: 'change', field: 'current', value: 'Demo1234!' });
    expect(actor.getSnapshot().context.currentError).toBeNull();
  });

  it('marks a field touched when it is left', () => {
    const actor = createActor(changePasswordMachine).start();
    actor.send({ type: 'blur', field: 'current' });
    expect(actor.getSnapshot().context.touched).toEqual({ current: true, password: false, confirmation: false });
  });
});
