// The login-redirect bridge (spec §2.8), model-based from each kind of link: every event the machine
// declares offered from tests/models, every branch walked against a real actor whose calls are controllable
// promises, next to a real session actor that receives the new token. The machine decides from its input at
// once, so the model starts from each kind of link (its `inputs`). Plus endSession, which the bridge uses to
// end whatever session there is.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import {
  LOGGED_OUT_PATH,
  type LoginRedirectInput,
  loginRedirectMachine,
  refusedDestination,
  SIGN_IN_PATH,
} from '../../src/machines/loginRedirectMachine';
import { endSession } from '../../src/machines/sessionLink';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import type { ChangeCondoSessionResult } from '../../src/services/accountService';
import { ANTKN, LEGACY_LOGIN, loginRedirectModel, TARGET } from '../models/loginRedirectMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

const DATA = { condo: { CondoId: 1 }, usuario: { UserId: 3, language: 'es' } } as unknown as SessionData;

/** A real session actor whose calls wait for the test: loading stays loading until settled. */
function newSession(token: string | null) {
  const calls = controllablePromises();
  const actor = createActor(provideCalls(sessionMachine, calls), { input: { token } }).start();
  return { actor, calls };
}

type Snap = Snapshot<typeof loginRedirectMachine>;
const cover = coverModel(loginRedirectModel);

describe('loginRedirectMachine model', () => {
  it('offers every declared event and walks every branch, from the four kinds of link', () =>
    expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends a refused link to sign-in with the message flag and the page to return to', () => {
    expect(refusedDestination(TARGET)).toBe(
      '/sessions/signin?bridge=refused&returnUrl=%2Fcondominio%2Fcomunicacion%2Fver-publicacion%2F12%23comentarios',
    );
    expect(refusedDestination(null)).toBe('/sessions/signin?bridge=refused');
  });

  let calls = controllablePromises();
  let session = newSession(null);
  let actor: Actor<typeof loginRedirectMachine>;
  const now = () => actor.getSnapshot();
  const sessionToken = () => session.actor.getSnapshot().context.token;
  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is transient and must never be observed');
    },
    loggingOut: (s) => {
      expect(s.context.logout).toBe(true);
      expect(calls.pending()).toEqual(['endSession']);
      expect(calls.inputOf('endSession')).toEqual({ session: session.actor });
    },
    endingSession: (s) => {
      expect(s.context.logout).toBe(false);
      expect(calls.pending()).toEqual(['endSession']);
      expect(calls.inputOf('endSession')).toEqual({ session: session.actor });
      expect(now().can({ type: 'retry' })).toBe(false);
    },
    changingSession: () => {
      expect(calls.pending()).toEqual(['changeCondoSession']);
      expect(calls.inputOf('changeCondoSession')).toEqual({ antkn: ANTKN });
      expect(sessionToken()).toBeNull();
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().can({ type: 'retry' })).toBe(true);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
      expect(sessionToken()).toBeNull();
    },
    findingLogin: (s) => {
      expect(s.context.logout).toBe(true);
      expect(calls.pending()).toEqual(['legacyLogin']);
    },
    leaving: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(now().status).toBe('done');
      const { destination } = now().output!;
      if (s.context.logout) expect([LOGGED_OUT_PATH, LEGACY_LOGIN]).toContain(destination);
      else if (!s.context.antkn || !s.context.redirectTo) expect(destination).toBe(SIGN_IN_PATH);
      else expect([TARGET, refusedDestination(TARGET)]).toContain(destination);
      // Only a good token becomes the session (one that lasts as long as the tab), and then the bridge goes
      // where the link said.
      if (destination === TARGET) {
        expect(session.actor.getSnapshot().matches('loading')).toBe(true);
        expect(session.actor.getSnapshot().context).toMatchObject({ token: 'bridge-session-token', rememberMe: false });
      } else expect(sessionToken()).toBeNull();
    },
  };

  const leadsTo = {
    retry: () => expect(calls.pending()).toEqual(['endSession']),
    // The old session ended, the token is turned into a new one; without an answer, the page says so.
    'xstate.done.actor.endSession': () => expect(calls.pending()).toEqual(['changeCondoSession']),
    'xstate.error.actor.endSession': () => expect(now().value).toBe('failed'),
    'xstate.error.actor.changeCondoSession': () => expect(now().value).toBe('failed'),
    'xstate.done.actor.changeCondoSession': (step: PathStep) => {
      const answer = (step.event as Payload).output as ChangeCondoSessionResult;
      expect(now().output!.destination).toBe(answer.kind === 'ok' ? TARGET : refusedDestination(TARGET));
    },
    // Signing out cannot fail for the user: it goes on to ask where the login is.
    'xstate.error.actor.logout': () => expect(calls.pending()).toEqual(['legacyLogin']),
    'xstate.done.actor.logout': () => expect(calls.pending()).toEqual(['legacyLogin']),
    // The legacy app's login page with its flag when the server names one; our sign-in otherwise.
    'xstate.done.actor.legacyLogin': (step: PathStep) => {
      const url = (step.event as Payload).output as string | null;
      expect(now().output!.destination).toBe(url ?? LOGGED_OUT_PATH);
    },
    'xstate.error.actor.legacyLogin': () => expect(now().output!.destination).toBe(LOGGED_OUT_PATH),
  };

  walkModel(it, cover, loginRedirectMachine, states, (input) => {
    calls = controllablePromises();
    session = newSession(null);
    actor = createActor(provideCalls(loginRedirectMachine, calls), {
      input: { ...(input as LoginRedirectInput), session: session.actor },
    }).start();
    // The model's context holds the model's session ref; each path has its own session actor.
    return { actor, calls, compared: ({ session: _, ...rest }) => rest, after: leadsTo };
  });
});

describe('endSession', () => {
  it('resolves at once when nobody is signed in', async () => {
    const { actor, calls } = newSession(null);
    await endSession(actor);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls.inputOf('signOut')).toBeUndefined();
  });

  it('waits for a saved session to load, then signs it out', async () => {
    const { actor, calls } = newSession('saved-token');
    let ended = false;
    const ending = endSession(actor).then(() => {
      ended = true;
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    calls.resolve('loadSession', DATA);
    await settle();
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(ended).toBe(false);
    calls.resolve('signOut', undefined);
    await ending;
    expect(actor.getSnapshot().context).toMatchObject({ token: null, data: null });
  });

  it('ends a session kept while the server was unreachable', async () => {
    const { actor, calls } = newSession('saved-token');
    calls.reject('loadSession', new Error('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('unavailable');
    await endSession(actor);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('stops waiting when aborted', async () => {
    const { actor } = newSession('saved-token');
    const controller = new AbortController();
    const ending = endSession(actor, controller.signal);
    controller.abort();
    await expect(ending).rejects.toBeDefined();
  });
});
