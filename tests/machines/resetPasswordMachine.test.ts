// The reset-password machine, model-based: every state and transition walked against a real actor whose
// call is a controllable promise. Plus its rules: the link's token, the shared password rule, the
// confirmation, and nothing secret left once the flow ends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { newPasswordErrors } from '../../src/machines/passwordRules';
import { resetPasswordMachine } from '../../src/machines/resetPasswordMachine';
import type { ResetPasswordResult } from '../../src/services/passwordService';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

const TOKEN = 'k9X2b7Qw_3mZ-uVt8LpR4sYc';
const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró.';

/** Realistic answers of the reset call, one per branch. */
const ANSWERS: Record<string, ResetPasswordResult> = {
  done: { kind: 'done' },
  invalidToken: { kind: 'invalidToken', message: INVALID_LINK },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};

type Snap = Snapshot<typeof resetPasswordMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('saving')) {
    return [
      ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.resetPassword', output })),
      { type: 'xstate.error.actor.resetPassword', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'change', field: 'password', value: 'corta' },
    { type: 'change', field: 'password', value: 'Nueva1234' },
    { type: 'change', field: 'confirmation', value: 'Nueva1234' },
    { type: 'change', field: 'confirmation', value: 'Otra1234' },
    { type: 'submit' },
    { type: 'retry' },
  ];
}

const INPUT = { token: TOKEN };
const { model, serializeState } = buildModel(resetPasswordMachine, { input: INPUT, events: eventsFor });
const paths = coveringPaths(model, serializeState as never);

describe('resetPasswordMachine model', () => {
  it('walks every model state and transition, and every state node is reachable', () => {
    const gaps = coverageGaps(resetPasswordMachine, model, paths, serializeState as never);
    expect(gaps.unwalkedStates).toEqual([]);
    expect(gaps.missingTransitions).toEqual([]);
    // "checkingLink" is left at once (an eventless transition), so it never shows in a settled snapshot.
    expect(gaps.unreachedStateNodes).toEqual(['checkingLink']);
    expect(paths.length).toBeGreaterThan(10);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof resetPasswordMachine>;
  const states: StateChecks<Snap> = {
    checkingLink: () => {
      throw new Error('checkingLink is transient and must never be observed');
    },
    editing: () => expect(calls.inputOf('resetPassword')).toBeUndefined(),
    saving: (s) => {
      expect(newPasswordErrors(s.context.password, s.context.confirmation)).toEqual({});
      expect(calls.inputOf('resetPassword')).toEqual({ token: TOKEN, password: 'Nueva1234' });
    },
    throttled: () => expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    invalidToken: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.tokenMessage).toBe(INVALID_LINK);
      expect(actor.getSnapshot().context.password).toBe('');
    },
    done: () => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context).toMatchObject({ password: '', confirmation: '', tokenMessage: null });
    },
  };

  walkEveryPath(it, resetPasswordMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(resetPasswordMachine, calls, ['resetPassword']), { input: INPUT }).start();
    return { actor, calls, send: ['change', 'submit', 'retry'], invoked: ['resetPassword'] };
  });
});

describe('resetPasswordMachine rules', () => {
  const start = (token: string | null) => createActor(resetPasswordMachine, { input: { token } }).start();

  it('refuses a missing or malformed link before asking the server', () => {
    for (const token of [null, '', 'corto', 'con espacios y más de veinte caracteres']) {
      const snapshot = start(token).getSnapshot();
      expect(snapshot.value, String(token)).toBe('invalidToken');
      expect(snapshot.context.tokenMessage).toBeNull();
    }
    expect(start(TOKEN).getSnapshot().value).toBe('editing');
  });

  it('applies the shared password rule and wants a matching confirmation', () => {
    const actor = start(TOKEN);
    const canSubmit = () => actor.getSnapshot().can({ type: 'submit' });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'change', field: 'password', value: 'corta1' });
    expect(newPasswordErrors('corta1', '')).toEqual({ password: 'password.tooShort', confirmation: 'password.mismatch' });
    actor.send({ type: 'change', field: 'password', value: 'soloLetrasAqui' });
    actor.send({ type: 'change', field: 'confirmation', value: 'soloLetrasAqui' });
    expect(newPasswordErrors('soloLetrasAqui', 'soloLetrasAqui')).toEqual({ password: 'password.needsLetterAndDigit' });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'change', field: 'password', value: 'Nueva1234' });
    expect(canSubmit()).toBe(false);
    actor.send({ type: 'change', field: 'confirmation', value: 'Nueva1234' });
    expect(canSubmit()).toBe(true);
  });

  it('marks a field touched when it is left', () => {
    const actor = start(TOKEN);
    actor.send({ type: 'blur', field: 'confirmation' });
    expect(actor.getSnapshot().context.touched).toEqual({ password: false, confirmation: true });
  });
});
