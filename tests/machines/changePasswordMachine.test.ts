// The change-password machine (mi-perfil), model-based: every state and transition walked against a real
// actor whose call is a controllable promise. Plus its rules: current password required, the shared rule,
// the wrong current password on its field, an empty form once changed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { changePasswordErrors, changePasswordMachine } from '../../src/machines/changePasswordMachine';
import type { ChangePasswordResult } from '../../src/services/profileService';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

const WRONG_CURRENT = 'La contraseña actual es incorrecta.';

/** Realistic answers of the change-password call, one per branch. */
const ANSWERS: Record<string, ChangePasswordResult> = {
  ok: { kind: 'ok' },
  wrongCurrentPassword: { kind: 'wrongCurrentPassword', message: WRONG_CURRENT },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};

type Snap = Snapshot<typeof changePasswordMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('saving')) {
    return [
      ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.changePassword', output })),
      { type: 'xstate.error.actor.changePassword', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'change', field: 'current', value: 'Demo1234!' },
    { type: 'change', field: 'password', value: 'corta' },
    { type: 'change', field: 'password', value: 'Nueva1234' },
    { type: 'change', field: 'confirmation', value: 'Nueva1234' },
    { type: 'submit' },
    { type: 'retry' },
  ];
}

const { paths, gaps } = coveredModel(changePasswordMachine, { events: eventsFor });

describe('changePasswordMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(10);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof changePasswordMachine>;
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.inputOf('changePassword')).toBeUndefined();
      expect(actor.getSnapshot().context.currentError).toBe(s.context.currentError);
    },
    saving: () => {
      expect(calls.inputOf('changePassword')).toEqual({ currentPassword: 'Demo1234!', newPassword: 'Nueva1234' });
      expect(actor.getSnapshot().context.currentError).toBeNull();
    },
    changed: () =>
      expect(actor.getSnapshot().context).toEqual({
        current: '',
        password: '',
        confirmation: '',
        touched: { current: false, password: false, confirmation: false },
        currentError: null,
      }),
    throttled: () => expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
  };

  walkEveryPath(it, changePasswordMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(changePasswordMachine, calls, ['changePassword'])).start();
    return { actor, calls, send: ['change', 'submit', 'retry'], invoked: ['changePassword'] };
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
