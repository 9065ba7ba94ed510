// The reset-password machine, model-based: every state and transition walked against a real actor whose
// call is a controllable promise. Plus its rules: the link's token, the shared password rule, the
// confirmation, and nothing secret left once the flow ends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { newPasswordErrors } from '../../src/machines/passwordRules';
import { type ResetPasswordEvent, resetPasswordMachine } from '../../src/machines/resetPasswordMachine';
import type { ResetPasswordResult } from '../../src/services/passwordService';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
  settle,
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
  const states: Record<string, (expected: Snap) => void> = {
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

  it('has an assertion for every state node', () => requireStateTests(resetPasswordMachine, states));

  const send = (step: { event: EventObject }) => {
    actor.send(step.event as ResetPasswordEvent);
  };
  const settleCall = (how: 'resolve' | 'reject') => async (step: { event: EventObject }) => {
    const event = step.event as unknown as { output?: unknown; error?: unknown };
    if (how === 'resolve') calls.resolve('resetPassword', event.output);
    else calls.reject('resetPassword', event.error);
    await settle();
  };

  for (const path of paths) {
    it(`path: ${path.description}`, async () => {
      calls = controllablePromises();
      actor = createActor(
        resetPasswordMachine.provide({
          actors: {
            resetPassword: fromPromise(({ input }) => calls.start('resetPassword', input) as Promise<ResetPasswordResult>),
          },
        }),
        { input: INPUT },
      ).start();
      await path.test({
        states: Object.fromEntries(
          Object.entries(states).map(([key, check]) => [
            key,
            (expected: Snap) => {
              expect(actor.getSnapshot().value).toEqual(expected.value);
              expect(actor.getSnapshot().context).toEqual(expected.context);
              check(expected);
            },
          ]),
        ),
        events: {
          change: send,
          submit: send,
          retry: send,
          'xstate.done.actor.resetPassword': settleCall('resolve'),
          'xstate.error.actor.resetPassword': settleCall('reject'),
        } as never,
      });
      actor.stop();
    });
  }
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
