// The forgot-password machine, model-based: every event the machine declares offered from tests/models
// (leaving the field included), every branch walked against a real actor whose call is a controllable
// promise. Plus its rules: the sign-in e-mail rule, the request it sends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { emailProblem, forgotPasswordMachine } from '../../src/machines/forgotPasswordMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { forgotPasswordModel, SENT_MESSAGE } from '../models/forgotPasswordMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof forgotPasswordMachine>;
const cover = coverModel(forgotPasswordModel);
const valid = (s: Snap) => emailProblem(s.context.email) === null;

describe('forgotPasswordMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof forgotPasswordMachine>;
  const now = () => actor.getSnapshot();
  const can = (type: 'submit' | 'retry' | 'edit' | 'email.blur') => now().can({ type });
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      // Enviar enlace is offered exactly when the sign-in e-mail rule passes.
      expect(can('submit')).toBe(valid(s));
      expect(can('email.blur')).toBe(true);
      expect(can('retry')).toBe(false);
    },
    sending: () => {
      expect(calls.pending()).toEqual(['requestReset']);
      // The address without its blanks, in the interface's language.
      expect(calls.inputOf('requestReset')).toEqual({ email: 'residente@demo.mx', language: 'fr' });
      expect(now().context.touched).toBe(true);
      expect(can('submit')).toBe(false);
    },
    sent: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.message).toBe(SENT_MESSAGE);
      expect(can('edit')).toBe(true);
      expect(can('submit')).toBe(false);
      expect(now().can({ type: 'email.change', value: 'x' })).toBe(false);
    },
    throttled: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can('submit')).toBe(valid(s));
      expect(can('retry')).toBe(false);
      expect(now().can({ type: 'email.change', value: 'x' })).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
      expect(can('submit')).toBe(valid(s));
      expect(can('edit')).toBe(false);
    },
  };

  const leadsTo = {
    // Typing always returns to the form, with what was typed.
    'email.change': (step: PathStep) => {
      expect(now().value).toBe('editing');
      expect(now().context.email).toBe((step.event as Payload).value);
    },
    'email.blur': () => expect(now().context.touched).toBe(true),
    submit: () => expect(calls.pending()).toEqual(['requestReset']),
    retry: () => expect(calls.pending()).toEqual(['requestReset']),
    edit: () => expect(now().value).toBe('editing'),
  };

  walkModel(it, cover, forgotPasswordMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(forgotPasswordMachine, calls), { input: forgotPasswordModel.input! }).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('forgotPasswordMachine rules', () => {
  it('uses the sign-in e-mail rule and message (spec §5 Login)', () => {
    expect(emailProblem('residente@demo')).toBe('login.emailInvalid');
    expect(emailProblem('  residente@demo.mx ')).toBeNull();
    const actor = createActor(forgotPasswordMachine, { input: { language: 'es' } }).start();
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'email.change', value: 'residente@demo' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'email.change', value: 'residente@demo.mx' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
  });

  it('marks the field touched on blur, so its message shows', () => {
    const actor = createActor(forgotPasswordMachine, { input: { language: 'es' } }).start();
    expect(actor.getSnapshot().context.touched).toBe(false);
    actor.send({ type: 'email.blur' });
    expect(actor.getSnapshot().context.touched).toBe(true);
  });
});
