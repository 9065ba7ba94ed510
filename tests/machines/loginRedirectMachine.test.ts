// The login-redirect bridge (spec §2.8), model-based for each kind of link: every state and transition
// walked against a real actor whose calls are controllable promises, next to a real session actor that
// receives the new token. Plus endSession, which the bridge uses to end whatever session there is.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import { LOGGED_OUT_PATH, loginRedirectMachine, refusedDestination, SIGN_IN_PATH } from '../../src/machines/loginRedirectMachine';
import { endSession, type SessionActor } from '../../src/machines/sessionLink';
import { sessionMachine } from '../../src/machines/sessionMachine';
import type { ChangeCondoSessionResult } from '../../src/services/bridgeService';
import {
  buildModel,
  controllablePromises,
  coverageGaps,
  coveringPaths,
  type ModelEvent,
  providePromises,
  requireStateTests,
  type Snapshot,
  type StateChecks,
  settle,
  stateNodeKeys,
  walkPath,
} from '../support/modelTesting';

const ANTKN = 'Qm9yZGVyLXRva2VuLWZvci10ZXN0cw';
const TARGET = '/condominio/comunicacion/ver-publicacion/12#comentarios';
const REFUSED = 'El enlace de acceso expiró o ya se usó. Vuelve a iniciar sesión.';

const ANSWERS: Record<string, ChangeCondoSessionResult> = {
  ok: { kind: 'ok', token: 'bridge-session-token', productToken: 'bridge-product-token' },
  refused: { kind: 'refused', message: REFUSED },
};

const DATA = { condo: { CondoId: 1 }, usuario: { UserId: 3, language: 'es' } } as unknown as SessionData;

/** A real session actor whose calls wait for the test: loading stays loading until settled. */
function newSession(token: string | null) {
  const calls = controllablePromises();
  const actor = createActor(providePromises(sessionMachine, calls, ['loadSession', 'signOut']), { input: { token } }).start();
  return { actor, calls };
}

type Snap = Snapshot<typeof loginRedirectMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loggingOut')) {
    return [
      { type: 'xstate.done.actor.logout', output: undefined },
      { type: 'xstate.error.actor.logout', error: new Error('aborted') },
    ];
  }
  if (snapshot.matches('endingSession')) {
    return [
      { type: 'xstate.done.actor.endSession', output: undefined },
      { type: 'xstate.error.actor.endSession', error: new Error('aborted') },
    ];
  }
  if (snapshot.matches('changingSession')) {
    return [
      ...Object.values(ANSWERS).map((output) => ({ type: 'xstate.done.actor.changeCondoSession', output })),
      { type: 'xstate.error.actor.changeCondoSession', error: new Error('Failed to fetch') },
    ];
  }
  return [{ type: 'retry' }];
}

/** The links the bridge can get, and the state nodes each one cannot reach. */
const LINKS = {
  logout: {
    query: { logout: true, antkn: ANTKN, redirectTo: TARGET },
    unreached: ['endingSession', 'changingSession', 'failed'],
  },
  bridge: { query: { logout: false, antkn: ANTKN, redirectTo: TARGET }, unreached: ['loggingOut'] },
  withoutToken: {
    query: { logout: false, antkn: null, redirectTo: TARGET },
    unreached: ['loggingOut', 'endingSession', 'changingSession', 'failed'],
  },
  withoutUrl: {
    query: { logout: false, antkn: ANTKN, redirectTo: null },
    unreached: ['loggingOut', 'endingSession', 'changingSession', 'failed'],
  },
};

/** State nodes some link reaches, gathered as the models are built. */
const reached = new Set<string>();

for (const [name, link] of Object.entries(LINKS)) {
  describe(`loginRedirectMachine model (${name})`, () => {
    const modelSession = newSession(null).actor as SessionActor;
    const { model, serializeState } = buildModel(loginRedirectMachine, {
      input: { ...link.query, session: modelSession },
      events: eventsFor,
    });
    const paths = coveringPaths(model, serializeState as never);
    const gaps = coverageGaps(loginRedirectMachine, model, paths, serializeState as never);
    for (const key of stateNodeKeys(loginRedirectMachine)) if (!gaps.unreachedStateNodes.includes(key)) reached.add(key);

    it('walks every model state and transition, and reaches the state nodes this link can', () => {
      expect(gaps.unwalkedStates).toEqual([]);
      expect(gaps.missingTransitions).toEqual([]);
      // "deciding" is left at once (an eventless transition), so it never shows in a settled snapshot.
      expect([...gaps.unreachedStateNodes].sort()).toEqual(['deciding', ...link.unreached].sort());
    });

    let calls = controllablePromises();
    let session = newSession(null);
    let actor: Actor<typeof loginRedirectMachine>;
    const states: StateChecks<Snap> = {
      deciding: () => {
        throw new Error('deciding is transient and must never be observed');
      },
      loggingOut: () => expect(calls.inputOf('endSession')).toEqual({ session: session.actor }),
      endingSession: () => expect(calls.inputOf('endSession')).toEqual({ session: session.actor }),
      changingSession: () => expect(calls.inputOf('changeCondoSession')).toEqual({ antkn: ANTKN }),
      failed: () => {
        expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
        expect(session.actor.getSnapshot().context.token).toBeNull();
      },
      leaving: (s) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.status).toBe('done');
        const { destination } = snapshot.output!;
        if (s.context.logout) expect(destination).toBe(LOGGED_OUT_PATH);
        else if (!s.context.antkn || !s.context.redirectTo) expect(destination).toBe(SIGN_IN_PATH);
        else expect([TARGET, refusedDestination(TARGET)]).toContain(destination);
        // Only a good token becomes the session, and then the bridge goes where the link said.
        if (destination === TARGET) {
          expect(session.actor.getSnapshot().matches('loading')).toBe(true);
          expect(session.actor.getSnapshot().context).toMatchObject({ token: 'bridge-session-token', rememberMe: false });
        } else {
          expect(session.actor.getSnapshot().context.token).toBeNull();
        }
      },
    };

    it('has an assertion for every state node', () => requireStateTests(loginRedirectMachine, states));

    for (const path of paths) {
      it(`path: ${path.description}`, async () => {
        calls = controllablePromises();
        session = newSession(null);
        actor = createActor(providePromises(loginRedirectMachine, calls, ['endSession', 'changeCondoSession']), {
          input: { ...link.query, session: session.actor },
        }).start();
        // The model's context holds the model's session ref; each path has its own session actor.
        await walkPath(path, {
          actor,
          calls,
          states,
          compared: ({ session: _, ...rest }) => rest,
          send: ['retry'],
          invoked: { logout: 'endSession', endSession: 'endSession', changeCondoSession: 'changeCondoSession' },
        });
        session.actor.stop();
      });
    }
  });
}

describe('loginRedirectMachine, all links together', () => {
  it('reach every state node but the transient one', () => {
    expect(stateNodeKeys(loginRedirectMachine).filter((key) => !reached.has(key))).toEqual(['deciding']);
  });

  it('sends a refused link to sign-in with the message flag and the page to return to', () => {
    expect(refusedDestination(TARGET)).toBe(
      '/sessions/signin?bridge=refused&returnUrl=%2Fcondominio%2Fcomunicacion%2Fver-publicacion%2F12%23comentarios',
    );
    expect(refusedDestination(null)).toBe('/sessions/signin?bridge=refused');
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
