// The reset-password machine, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose call is a controllable promise. Plus its rules: the
// link's token, the shared password rule, the confirmation, and nothing secret left once the flow ends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject } from 'xstate';
import { hasNoErrors, newPasswordErrors } from '../../src/machines/passwordRules';
import { resetPasswordMachine } from '../../src/machines/resetPasswordMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import type { ResetPasswordResult } from '../../src/services/accountService';
import { INVALID_LINK, resetPasswordModel, TOKEN } from '../models/resetPasswordMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof resetPasswordMachine>;
const cover = coverModel(resetPasswordModel);
const formIsValid = (s: Snap) => hasNoErrors(newPasswordErrors(s.context.password, s.context.confirmation));

describe('resetPasswordMachine model', () => {
  it('offers every declared event and walks every branch', () =>
    // "checkingLink" is left at once (an eventless transition), so no settled snapshot is ever in it.
    expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof resetPasswordMachine>;
  /** The fields left, and the server's word on the link, as the walk knows them. */
  let touched = { password: false, confirmation: false };
  let tokenMessage: string | null = null;
  const snapshot = () => actor.getSnapshot();
  const can = (type: 'submit' | 'retry') => snapshot().can({ type });
  const canBlur = () => snapshot().can({ type: 'blur', field: 'password' });
  const forgotten = () => expect(snapshot().context).toMatchObject({ password: '', confirmation: '' });
  const states: StateChecks<Snap> = {
    checkingLink: () => {
      throw new Error('checkingLink is transient and must never be observed');
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ token: TOKEN, tokenMessage: null, touched });
      // Sending is offered exactly when the shared rules pass.
      expect(can('submit')).toBe(formIsValid(s));
      expect(can('retry')).toBe(false);
      expect(canBlur()).toBe(true);
    },
    saving: () => {
      expect(calls.pending()).toEqual(['resetPassword']);
      expect(calls.inputOf('resetPassword')).toEqual({ token: TOKEN, password: 'Nueva1234' });
      expect(snapshot().context.touched).toEqual({ password: true, confirmation: true });
      expect(can('submit')).toBe(false);
    },
    throttled: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('active');
      expect(can('submit')).toBe(true);
      expect(can('retry')).toBe(false);
      expect(canBlur()).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
      expect(can('submit')).toBe(true);
    },
    invalidToken: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      // Refused by the server, its reason; refused here (malformed), none.
      expect(snapshot().context.tokenMessage).toBe(tokenMessage);
      forgotten();
    },
    done: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.tokenMessage).toBeNull();
      forgotten();
    },
  };

  walkModel(it, cover, resetPasswordMachine, states, (input) => {
    calls = controllablePromises();
    touched = { password: false, confirmation: false };
    tokenMessage = null;
    actor = createActor(provideCalls(resetPasswordMachine, calls), { input: input as { token: string } }).start();
    return {
      actor,
      calls,
      after: {
        blur: (step) => {
          touched = { ...touched, [(step.event as EventObject & { field: 'password' }).field]: true };
        },
        submit: () => {
          touched = { password: true, confirmation: true };
        },
        'xstate.done.actor.resetPassword': (step) => {
          const output = (step.event as EventObject & { output: ResetPasswordResult }).output;
          if (output.kind === 'invalidToken') tokenMessage = INVALID_LINK;
        },
      },
    };
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
