// The login machine, model-based: every event the machine declares offered from tests/models (the demo
// accounts, answered as the demo server answers them), every branch walked against a real actor whose
// service calls are controllable promises, with a recording stand-in for the session actor (which gets the
// token once signed in, and nothing before). Each state is checked against the walk's own record of what
// was typed and answered. Plus the §5 rules and the data the calls receive.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import { type CondoChoice, signInFormErrors } from '../../src/api/sessions';
import { loginMachine } from '../../src/machines/loginMachine';
import type { SignInResult } from '../../src/services/sessionsService';
import {
  answerFor,
  CONDOS,
  CONDOS_OF,
  DEMO_PASSWORD,
  LOGIN_SESSION,
  loginModel,
  SESSION,
  SIGN_IN_TOKEN,
  VILLAS,
  WRONG_CREDENTIALS,
} from '../models/loginMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof loginMachine>;
const cover = coverModel(loginModel);
const session = LOGIN_SESSION;
const ADMIN = 'admin@demo.mx';

describe('loginMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof loginMachine>;
  /** The walk's own record of the form: what was typed, ticked and left. */
  let form = { email: '', password: '', rememberMe: false, touched: { email: false, password: false } };
  /** The wrong-credentials message the form should show (until an edit or a new attempt). */
  let credentialsError: string | null = null;
  /** The condominium being entered or refused: the only one listed, or the one chosen. */
  let chosen: CondoChoice | null = null;
  /** The failure the Error dialog should show. */
  let failure: { failure: string; failureDetail: string | null } | null = null;
  /** Whether a sign-in token is held: from an answer with one until backing out. */
  let holdsToken = false;
  /** How many condominiums the last answer listed. */
  let listed = 0;

  const snapshot = () => actor.getSnapshot();
  const can = (event: EventObject) => snapshot().can(event as never);
  const formIsValid = () => Object.keys(signInFormErrors(form.email, form.password)).length === 0;
  const editable = () => can({ type: 'email.change', value: 'x' } as EventObject);
  // Until the flow is over, the session hears nothing of it.
  const nothingHandedOver = () => expect(session.received).toEqual([]);

  const states: StateChecks<Snap> = {
    editing: () => {
      expect(calls.pending()).toEqual([]);
      const { email, password, rememberMe, touched } = snapshot().context;
      expect({ email, password, rememberMe, touched }).toEqual(form);
      expect(snapshot().context).toMatchObject({
        credentialsError,
        chosen,
        failure: null,
        failureDetail: null,
        signInToken: null,
        condos: [],
      });
      // Ingresar is offered exactly when the §5 rules pass; every field takes input.
      expect(can({ type: 'submit' })).toBe(formIsValid());
      expect([editable(), can({ type: 'email.blur' }), can({ type: 'rememberMe.change', value: true } as EventObject)]).toEqual([
        true,
        true,
        true,
      ]);
      expect(can({ type: 'dismiss' })).toBe(false);
      nothingHandedOver();
    },
    signingIn: () => {
      expect(calls.pending()).toEqual(['signIn']);
      expect(calls.inputOf('signIn')).toEqual({
        username: form.email.trim(),
        password: form.password,
        rememberMe: form.rememberMe,
        subdomain: null,
      });
      expect(snapshot().context).toMatchObject({
        touched: { email: true, password: true },
        credentialsError: null,
        failure: null,
      });
      expect([editable(), can({ type: 'submit' })]).toEqual([false, false]);
      nothingHandedOver();
    },
    noActiveCondo: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ condos: [], signInToken: SIGN_IN_TOKEN, chosen: null });
      expect([can({ type: 'dismiss' }), can({ type: 'cancel' }), editable()]).toEqual([true, false, false]);
      nothingHandedOver();
    },
    choosingCondo: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ condos: CONDOS_OF[ADMIN], signInToken: SIGN_IN_TOKEN, chosen: null });
      // Every listed condominium may be chosen, and nothing else.
      expect(CONDOS.map((c) => can({ type: 'choose', condoId: c.CondoId } as EventObject))).toEqual([true, true, true]);
      expect(can({ type: 'choose', condoId: 999 } as EventObject)).toBe(false);
      expect([can({ type: 'cancel' }), can({ type: 'dismiss' }), editable()]).toEqual([true, false, false]);
      nothingHandedOver();
    },
    condoError: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context.chosen).toEqual(VILLAS);
      expect(chosen).toEqual(VILLAS);
      expect(snapshot().context).toMatchObject({ condos: CONDOS_OF[form.email.trim()], signInToken: SIGN_IN_TOKEN });
      expect([can({ type: 'dismiss' }), can({ type: 'choose', condoId: 1 } as EventObject), editable()]).toEqual([
        true,
        false,
        false,
      ]);
      nothingHandedOver();
    },
    loggingIntoCondo: () => {
      expect(calls.pending()).toEqual(['condoLogin']);
      expect(chosen).not.toBeNull();
      expect(calls.inputOf('condoLogin')).toEqual({ CondoId: chosen!.CondoId, UserId: 7, token: SIGN_IN_TOKEN });
      expect([can({ type: 'dismiss' }), can({ type: 'cancel' }), editable()]).toEqual([false, false, false]);
      nothingHandedOver();
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(failure).not.toBeNull();
      expect(snapshot().context).toMatchObject({ ...failure, signInToken: holdsToken ? SIGN_IN_TOKEN : null });
      expect([can({ type: 'dismiss' }), editable()]).toEqual([true, false]);
      nothingHandedOver();
    },
    signedIn: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().status).toBe('done');
      expect(snapshot().output).toEqual({ ...SESSION, rememberMe: form.rememberMe, returnUrl: null });
      // Nothing secret stays in memory.
      expect(snapshot().context).toMatchObject({ password: '', signInToken: null, session: SESSION });
      // The session gets the condominium's session token, once, with the 'Recordarme' choice.
      expect(session.received).toEqual([{ type: 'signedIn', token: SESSION.token, rememberMe: form.rememberMe }]);
    },
  };

  const eventOf = (step: { event: EventObject }) => step.event as EventObject & Payload;
  walkModel(it, cover, loginMachine, states, () => {
    session.clear();
    calls = controllablePromises();
    form = { email: '', password: '', rememberMe: false, touched: { email: false, password: false } };
    credentialsError = null;
    chosen = null;
    failure = null;
    holdsToken = false;
    listed = 0;
    actor = createActor(provideCalls(loginMachine, calls), { input: { session: session.ref } }).start();
    const edited = () => (credentialsError = null);
    return {
      actor,
      calls,
      after: {
        'email.change': (step) => {
          form.email = eventOf(step).value as string;
          edited();
        },
        'password.change': (step) => {
          form.password = eventOf(step).value as string;
          edited();
        },
        'rememberMe.change': (step) => (form.rememberMe = eventOf(step).value as boolean),
        'email.blur': () => (form.touched.email = true),
        'password.blur': () => (form.touched.password = true),
        submit: () => {
          form.touched = { email: true, password: true };
          edited();
        },
        'xstate.done.actor.signIn': (step) => {
          const answer = eventOf(step).output as SignInResult;
          if (answer.kind === 'invalidCredentials') credentialsError = answer.message;
          else if (answer.token == null) failure = { failure: 'missingToken', failureDetail: null };
          else {
            holdsToken = true;
            listed = answer.condos.length;
            if (answer.condos.length === 1) chosen = answer.condos[0]!;
          }
        },
        'xstate.error.actor.signIn': (step) => {
          failure = { failure: 'unexpected', failureDetail: (eventOf(step).error as Error).message };
        },
        'xstate.error.actor.condoLogin': (step) => {
          failure = { failure: 'unexpected', failureDetail: (eventOf(step).error as Error).message };
        },
        choose: (step) => (chosen = CONDOS.find((c) => c.CondoId === eventOf(step).condoId)!),
        // Backing out drops the sign-in token; out of the condominium error, the choice too. A failed
        // condominium login keeps its choice for the next attempt, whose answer replaces it.
        cancel: () => (holdsToken = false),
        dismiss: () => {
          const outOfCondoError = failure === null && chosen !== null;
          // Out of the condominium error with several condominiums, back to the selector with the token.
          if (!(outOfCondoError && listed > 1)) holdsToken = false;
          if (failure === null) chosen = null;
          failure = null;
        },
      },
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

  it('marks both fields left once Ingresar is pressed, so their messages show', () => {
    const actor = start();
    actor.send({ type: 'email.change', value: ADMIN });
    actor.send({ type: 'password.change', value: DEMO_PASSWORD });
    expect(actor.getSnapshot().context.touched).toEqual({ email: false, password: false });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.touched).toEqual({ email: true, password: true });
  });

  it('clears the wrong-credentials message as soon as the user edits either field', async () => {
    const signedOut = loginMachine.provide({ actors: { signIn: fromPromise(async () => answerFor(ADMIN, 'wrong')) } });
    const actor = createActor(signedOut, { input: { session: session.ref } }).start();
    const failOnce = async () => {
      actor.send({ type: 'email.change', value: ADMIN });
      actor.send({ type: 'password.change', value: 'wrong' });
      actor.send({ type: 'submit' });
      await settle();
      expect(actor.getSnapshot().context.credentialsError).toBe(WRONG_CREDENTIALS);
    };
    await failOnce();
    actor.send({ type: 'password.change', value: DEMO_PASSWORD });
    expect(actor.getSnapshot().context.credentialsError).toBeNull();
    await failOnce();
    actor.send({ type: 'email.change', value: 'consejo@demo.mx' });
    expect(actor.getSnapshot().context.credentialsError).toBeNull();
  });

  it('shows the failure’s words only when the failure is an Error', async () => {
    const failing = (error: unknown) =>
      createActor(
        loginMachine.provide({
          actors: {
            signIn: fromPromise(async (): Promise<SignInResult> => {
              throw error;
            }),
          },
        }),
        { input: { session: session.ref } },
      ).start();
    for (const [error, detail] of [
      [new Error('Failed to fetch'), 'Failed to fetch'],
      ['aborted', null],
    ] as const) {
      const actor = failing(error);
      actor.send({ type: 'email.change', value: ADMIN });
      actor.send({ type: 'password.change', value: DEMO_PASSWORD });
      actor.send({ type: 'submit' });
      await settle();
      expect(actor.getSnapshot().context).toMatchObject({ failure: 'unexpected', failureDetail: detail });
    }
  });

  it('refuses to choose a condominium that was not offered', () => {
    const actor = createActor(
      loginMachine.provide({ actors: { signIn: fromPromise(async () => answerFor(ADMIN, DEMO_PASSWORD)) } }),
      { input: { session: session.ref } },
    ).start();
    actor.send({ type: 'email.change', value: ADMIN });
    actor.send({ type: 'password.change', value: DEMO_PASSWORD });
    actor.send({ type: 'submit' });
    return settle().then(() => {
      expect(actor.getSnapshot().can({ type: 'choose', condoId: 42 })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'choose', condoId: 1 })).toBe(true);
    });
  });

  it('signs in from a public page with its subdomain, and says where to go back', async () => {
    session.clear();
    let asked: unknown;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => {
            asked = input;
            return answerFor('consejo@demo.mx', DEMO_PASSWORD);
          }),
          condoLogin: fromPromise(async () => SESSION),
        },
      }),
      { input: { subdomain: 'laspalmas', returnUrl: '/condominio/financiero', session: session.ref } },
    ).start();
    actor.send({ type: 'email.change', value: 'consejo@demo.mx' });
    actor.send({ type: 'password.change', value: DEMO_PASSWORD });
    actor.send({ type: 'submit' });
    await settle();
    await settle();
    expect(asked).toEqual({ username: 'consejo@demo.mx', password: DEMO_PASSWORD, rememberMe: false, subdomain: 'laspalmas' });
    expect(actor.getSnapshot().output).toEqual({ ...SESSION, rememberMe: false, returnUrl: '/condominio/financiero' });
  });

  it('starts from what the public page’s card took before the flow loaded, and signs in with it', async () => {
    session.clear();
    let asked: unknown;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => {
            asked = input;
            return answerFor('consejo@demo.mx', DEMO_PASSWORD);
          }),
          condoLogin: fromPromise(async () => SESSION),
        },
      }),
      {
        input: {
          subdomain: 'laspalmas',
          email: 'consejo@demo.mx',
          password: DEMO_PASSWORD,
          rememberMe: true,
          touched: { email: true, password: false },
          session: session.ref,
        },
      },
    ).start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      email: 'consejo@demo.mx',
      password: DEMO_PASSWORD,
      rememberMe: true,
      touched: { email: true, password: false },
    });
    // Ingresar pressed before the flow arrived is the flow's first event.
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'submit' });
    await settle();
    await settle();
    expect(asked).toEqual({ username: 'consejo@demo.mx', password: DEMO_PASSWORD, rememberMe: true, subdomain: 'laspalmas' });
    expect(actor.getSnapshot().output).toMatchObject({ ...SESSION, rememberMe: true });
  });

  it('starts empty and untouched when nothing was typed first', () => {
    const { email, password, rememberMe, touched } = createActor(loginMachine, { input: { session: session.ref } }).getSnapshot()
      .context;
    expect({ email, password, rememberMe, touched }).toEqual({
      email: '',
      password: '',
      rememberMe: false,
      touched: { email: false, password: false },
    });
  });

  it('hands the session token to the session with the Recordarme choice, and the secrets are gone', async () => {
    session.clear();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          signIn: fromPromise(async () => answerFor('consejo@demo.mx', DEMO_PASSWORD)),
          condoLogin: fromPromise(async () => SESSION),
        },
      }),
      { input: { session: session.ref } },
    ).start();
    actor.send({ type: 'email.change', value: 'consejo@demo.mx' });
    actor.send({ type: 'password.change', value: DEMO_PASSWORD });
    actor.send({ type: 'rememberMe.change', value: true });
    actor.send({ type: 'submit' });
    await settle();
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(session.received).toEqual([{ type: 'signedIn', token: SESSION.token, rememberMe: true }]);
    expect(actor.getSnapshot().context).toMatchObject({ password: '', signInToken: null });
  });
});
