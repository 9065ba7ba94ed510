// The forgot-password machine, model-based: every state and transition walked against a real actor whose
// call is a controllable promise. Plus its rules: the sign-in e-mail rule, the request it sends.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { emailProblem, forgotPasswordMachine } from '../../src/machines/forgotPasswordMachine';
import type { ForgotPasswordResult } from '../../src/services/passwordService';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

const SENT_MESSAGE = 'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.';
const SENT: ForgotPasswordResult = { kind: 'sent', message: SENT_MESSAGE };
const TOO_MANY: ForgotPasswordResult = { kind: 'tooManyAttempts' };

type Snap = Snapshot<typeof forgotPasswordMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('sending')) {
    return [
      { type: 'xstate.done.actor.requestReset', output: SENT },
      { type: 'xstate.done.actor.requestReset', output: TOO_MANY },
      { type: 'xstate.error.actor.requestReset', error: new Error('Failed to fetch') },
    ];
  }
  return [
    { type: 'email.change', value: 'residente@demo.mx' },
    { type: 'email.change', value: 'no-es-correo' },
    { type: 'submit' },
    { type: 'retry' },
    { type: 'edit' },
  ];
}

const INPUT = { language: 'fr' as const };
const { paths, gaps } = coveredModel(forgotPasswordMachine, { input: INPUT, events: eventsFor });

describe('forgotPasswordMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
    expect(paths.length).toBeGreaterThan(5);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof forgotPasswordMachine>;
  const states: StateChecks<Snap> = {
    editing: () => expect(calls.inputOf('requestReset')).toBeUndefined(),
    sending: (s) => expect(calls.inputOf('requestReset')).toEqual({ email: s.context.email.trim(), language: 'fr' }),
    sent: () => expect(actor.getSnapshot().context.message).toBe(SENT_MESSAGE),
    throttled: () => {
      expect(calls.inputOf('requestReset')).toBeUndefined();
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    },
    failed: () => {
      expect(calls.inputOf('requestReset')).toBeUndefined();
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
  };

  walkEveryPath(it, forgotPasswordMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(forgotPasswordMachine, calls, ['requestReset']), { input: INPUT }).start();
    return {
      actor,
      calls,
      send: ['email.change', 'submit', 'retry', 'edit'],
      invoked: ['requestReset'],
    };
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
