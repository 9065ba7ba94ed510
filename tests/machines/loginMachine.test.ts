// The login machine, model-based: every state and transition walked against a real actor whose service
// calls are controllable promises, with a recording stand-in for the session actor (which gets the token
// once signed in, and nothing before). Plus the §5 rules and the data the calls receive.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { CondoChoice } from '../../src/api/sessions';
import { loginMachine } from '../../src/machines/loginMachine';
import type { SignInResult } from '../../src/services/sessionService';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';
import { sessionRecorder } from './sessionRecorder';

const PALMAS: CondoChoice = { CondoId: 1, UserId: 7, CondoName: 'Residencial Las Palmas', error: null };
const BOSQUE: CondoChoice = { CondoId: 2, UserId: 7, CondoName: 'Torres del Bosque', error: null };
const VILLAS: CondoChoice = { CondoId: 3, UserId: 7, CondoName: 'Villas del Mar', error: 'Suscripción vencida' };

/** Realistic answers of the sign-in call, one per branch of spec §4 Login. */
const SIGN_IN_ANSWERS: Record<string, SignInResult> = {
  wrongCredentials: { kind: 'invalidCredentials', message: 'Usuario o Contraseña incorrecta' },
  noToken: { kind: 'ok', token: null, condos: [PALMAS] },
  noCondos: { kind: 'ok', token: 'sign-in-token', condos: [] },
  oneCondo: { kind: 'ok', token: 'sign-in-token', condos: [PALMAS] },
  oneCondoWithError: { kind: 'ok', token: 'sign-in-token', condos: [VILLAS] },
  severalCondos: { kind: 'ok', token: 'sign-in-token', condos: [PALMAS, BOSQUE, VILLAS] },
};

type Snap = Snapshot<typeof loginMachine>;

const session = sessionRecorder();
const INPUT = { returnUrl: '/condominio/financiero', session: session.ref };

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('editing')) {
    return [
      { type: 'email.change', value: 'admin@demo.mx' },
      { type: 'email.change', value: 'no-es-correo' },
      { type: 'password.change', value: 'Demo1234!' },
      { type: 'password.change', value: '' },
      { type: 'submit' },
    ];
  }
  if (snapshot.matches('signingIn')) {
    return [
      ...Object.values(SIGN_IN_ANSWERS).map((output) => ({ type: 'xstate.done.actor.signIn', output })),
      { type: 'xstate.error.actor.signIn', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches('choosingCondo')) {
    return [
      { type: 'choose', condoId: BOSQUE.CondoId },
      { type: 'choose', condoId: VILLAS.CondoId },
      { type: 'choose', condoId: 999 },
      { type: 'cancel' },
    ];
  }
  if (snapshot.matches('loggingIntoCondo')) {
    return [
      { type: 'xstate.done.actor.condoLogin', output: { token: 'session-token', productToken: 'product-token' } },
      { type: 'xstate.error.actor.condoLogin', error: new Error('Service Unavailable') },
    ];
  }
  return [{ type: 'dismiss' }];
}

const { model, serializeState } = buildModel(loginMachine, { input: INPUT, events: eventsFor });

const paths = coveringPaths(model, serializeState as never);

describe('loginMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    const gaps = coverageGaps(loginMachine, model, paths, serializeState as never);
    expect(gaps).toEqual({ unreachedStateNodes: [], unwalkedStates: [], missingTransitions: [] });
    expect(paths.length).toBeGreaterThan(10);
  });

  // Each state's own check, on top of "the real actor is exactly where the model is".
  const calls = controllablePromises();
  let actor: Actor<typeof loginMachine>;
  // Until the flow is over, the session hears nothing of it.
  const nothingHandedOver = () => expect(session.received).toEqual([]);
  const states: StateChecks<Snap> = {
    editing: (s) => {
      expect(actor.getSnapshot().context.credentialsError).toBe(s.context.credentialsError);
      nothingHandedOver();
    },
    signingIn: (s) => {
      expect(calls.inputOf('signIn')).toEqual({
        username: s.context.email.trim(),
        password: s.context.password,
        rememberMe: s.context.rememberMe,
        subdomain: null,
      });
      nothingHandedOver();
    },
    noActiveCondo: () => {
      expect(actor.getSnapshot().context.condos).toEqual([]);
      nothingHandedOver();
    },
    choosingCondo: () => {
      expect(actor.getSnapshot().context.condos.length).toBeGreaterThan(1);
      nothingHandedOver();
    },
    condoError: () => {
      expect(actor.getSnapshot().context.chosen?.error).toBe('Suscripción vencida');
      nothingHandedOver();
    },
    loggingIntoCondo: (s) => {
      expect(calls.inputOf('condoLogin')).toEqual({
        CondoId: s.context.chosen?.CondoId,
        UserId: s.context.chosen?.UserId,
        token: 'sign-in-token',
      });
      nothingHandedOver();
    },
    failed: () => {
      expect(actor.getSnapshot().context.failure).toMatch(/^(missingToken|unexpected)$/);
      nothingHandedOver();
    },
    signedIn: (s) => {
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toMatchObject({ token: 'session-token', returnUrl: '/condominio/financiero' });
      expect(actor.getSnapshot().context.password).toBe('');
      // The session gets the condominium's session token, once, with the 'Recordarme' choice.
      expect(session.received).toEqual([{ type: 'signedIn', token: 'session-token', rememberMe: s.context.rememberMe }]);
    },
  };

  walkEveryPath(it, loginMachine, paths, states, () => {
    session.clear();
    actor = createActor(providePromises(loginMachine, calls, ['signIn', 'condoLogin']), { input: INPUT }).start();
    return {
      actor,
      calls,
      send: ['email.change', 'password.change', 'rememberMe.change', 'email.blur', 'submit', 'choose', 'cancel', 'dismiss'],
      invoked: ['signIn', 'condoLogin'],
    };
  });
});

describe('loginMachine rules (spec §5 Login)', () => {
  const start = () => createActor(loginMachine, { input: { session: session.ref } }).start();

  it('cannot submit while the e-mail is invalid or the password empty', () => {
    const actor = start();
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'email.change', value: 'admin@demo' });
    actor.send({ type: 'password.change', value: 'x' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'email.change', value: '  admin@demo.mx ' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'password.change', value: '' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
  });

  it('clears the wrong-credentials message as soon as the user edits', () => {
    const signedOut = loginMachine.provide({
      actors: { signIn: fromPromise(async () => SIGN_IN_ANSWERS.wrongCredentials!) },
    });
    const actor = createActor(signedOut, { input: { session: session.ref } }).start();
    actor.send({ type: 'email.change', value: 'admin@demo.mx' });
    actor.send({ type: 'password.change', value: 'wrong' });
    actor.send({ type: 'submit' });
    return settle().then(() => {
      expect(actor.getSnapshot().context.credentialsError).toBe('Usuario o Contraseña incorrecta');
      actor.send({ type: 'password.change', value: 'Demo1234!' });
      expect(actor.getSnapshot().context.credentialsError).toBeNull();
    });
  });

  it('refuses to choose a condominium that was not offered', () => {
    const actor = createActor(
      loginMachine.provide({ actors: { signIn: fromPromise(async () => SIGN_IN_ANSWERS.severalCondos!) } }),
      { input: { session: session.ref } },
    ).start();
    actor.send({ type: 'email.change', value: 'admin@demo.mx' });
    actor.send({ type: 'password.change', value: 'Demo1234!' });
    actor.send({ type: 'submit' });
    return settle().then(() => {
      expect(actor.getSnapshot().can({ type: 'choose', condoId: 42 })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'choose', condoId: 1 })).toBe(true);
    });
  });

  it('hands the session token to the session with the Recordarme choice, and the secrets are gone', async () => {
    session.clear();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          signIn: fromPromise(async () => SIGN_IN_ANSWERS.oneCondo!),
          condoLogin: fromPromise(async () => ({ token: 'session-token', productToken: 'product-token' })),
        },
      }),
      { input: { session: session.ref } },
    ).start();
    actor.send({ type: 'email.change', value: 'consejo@demo.mx' });
    actor.send({ type: 'password.change', value: 'Demo1234!' });
    actor.send({ type: 'rememberMe.change', value: true });
    actor.send({ type: 'submit' });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(session.received).toEqual([{ type: 'signedIn', token: 'session-token', rememberMe: true }]);
    expect(actor.getSnapshot().context).toMatchObject({ password: '', signInToken: null });
  });
});
