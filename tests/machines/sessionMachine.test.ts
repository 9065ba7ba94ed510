// The session machine, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor with controllable calls: restore, load, refresh, sign out, refused
// tokens, an unreachable server, another tab's token and a privacy notice the server says is pending, from
// a saved token and from none. Plus the token-change rule (spec §4).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject, fromPromise } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import { type SessionEvent, sessionMachine } from '../../src/machines/sessionMachine';
import { responseCache } from '../../src/services/responseCache';
import { DATA_NOTICE_PENDING, NEW_TOKEN, sessionModel } from '../models/sessionMachine.model';
import { coverModel, invokedActors, MODEL_COMPLETE, walkModel } from '../support/machineModel';
import { type Calls, controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof sessionMachine>;
const cover = coverModel(sessionModel);
const CACHED = 'GET /api/--reportes/torres-list ';

/**
 * Like provideCalls, but a call whose actor is stopped (a refresh cut short by signing out) is no longer
 * waiting: controllablePromises keeps it until it is settled, and `pending()` would still list it.
 */
function provideStoppableCalls<M extends typeof sessionMachine>(machine: M, calls: Calls): M {
  const latest = new Map<string, object>();
  const actors = Object.fromEntries(
    [...new Set(Object.values(invokedActors(machine)))].map((src) => [
      src,
      fromPromise(({ input, signal }) => {
        const started = calls.start(src, input);
        const call = {};
        latest.set(src, call);
        signal.addEventListener('abort', () => {
          if (latest.get(src) !== call) return;
          latest.delete(src);
          calls.reject(src, new DOMException('stopped', 'AbortError'));
        });
        return started;
      }),
    ]),
  );
  return machine.provide({ actors } as never) as M;
}

describe('sessionMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof sessionMachine>;
  /** What the walk knows without the machine: the token, the data shown, a recheck for the notice done. */
  let token: string | null = null;
  let data: SessionData | null = null;
  let rechecked = false;
  /** What the machine asked the browser to do (its side effects are the browser's, recorded here). */
  let reloads = 0;
  let stored: [string | null, boolean][] = [];
  let cleared = 0;
  const snapshot = () => actor.getSnapshot();
  const can = (type: 'signOut' | 'refresh' | 'retry' | 'privacyNoticePending') => snapshot().can({ type });
  const canSignIn = () => snapshot().can({ type: 'signedIn', token: 'x', rememberMe: false });
  const states: StateChecks<Snap> = {
    checking: () => {
      throw new Error('checking is transient and must never be observed');
    },
    loading: () => {
      expect(calls.pending()).toEqual(['loadSession']);
      expect(snapshot().context).toMatchObject({ token, data });
      expect(can('retry')).toBe(false);
      expect(can('signOut')).toBe(false);
    },
    unavailable: () => {
      expect(calls.pending()).toEqual([]);
      // The token may still be good: it is kept for the retry.
      expect(snapshot().context).toMatchObject({ token, data });
      expect(can('retry')).toBe(true);
      expect(can('signOut')).toBe(true);
    },
    signedIn: () => {
      expect(snapshot().context).toMatchObject({ token, data });
      expect(data).not.toBeNull();
      // A refusal for the notice reloads the session once, until session data shows the notice waiting.
      expect(can('privacyNoticePending')).toBe(!rechecked);
      expect(can('signOut')).toBe(true);
      expect(canSignIn()).toBe(false);
    },
    'signedIn.idle': () => {
      expect(calls.pending()).toEqual([]);
      expect(can('refresh')).toBe(true);
    },
    'signedIn.refreshing': () => {
      expect(calls.pending()).toEqual(['loadSession']);
      expect(can('refresh')).toBe(false);
    },
    signingOut: () => {
      expect(calls.pending()).toEqual(['signOut']);
      expect(snapshot().context.token).toBe(token);
      expect(can('signOut')).toBe(false);
      expect(canSignIn()).toBe(false);
    },
    signedOut: () => {
      expect(calls.pending()).toEqual([]);
      expect(snapshot().context).toMatchObject({ token: null, data: null, noticeRechecked: false });
      expect(canSignIn()).toBe(true);
      expect(can('signOut')).toBe(false);
    },
  };

  /** The session data answered: kept, or the token refused and forgotten here. */
  const answered = (step: { event: unknown }) => {
    const output = (step.event as EventObject & { output: SessionData | null }).output;
    if (output === null) {
      token = null;
      data = null;
      rechecked = false;
      expect(cleared).toBeGreaterThan(0);
    } else {
      data = output;
      if (output === DATA_NOTICE_PENDING) rechecked = false;
    }
  };
  /** Signed out on the server or not: forgotten here either way, the stored token and the cache with it. */
  const signOutSettles = (settleCall: () => void) => async () => {
    await responseCache.put(CACHED, new Response('[]'));
    const before = cleared;
    settleCall();
    await settle();
    expect(responseCache.size).toBe(0);
    expect(cleared).toBe(before + 1);
    token = null;
    data = null;
    rechecked = false;
  };

  walkModel(it, cover, sessionMachine, states, (input) => {
    const start = input as { token: string | null };
    calls = controllablePromises();
    token = start.token;
    data = null;
    rechecked = false;
    reloads = 0;
    stored = [];
    cleared = 0;
    // The browser's side of the actions (page reload, storage) is recorded instead of done.
    const recorded = sessionMachine.provide({
      actions: {
        reloadPage: () => void reloads++,
        storeToken: ({ context }) => void stored.push([context.token, context.rememberMe]),
        removeStoredToken: () => void cleared++,
      },
    });
    actor = createActor(provideStoppableCalls(recorded, calls), { input: start }).start();
    return {
      actor,
      calls,
      special: {
        tokenChanged: (step) => {
          const before = reloads;
          actor.send(step.event as SessionEvent);
          expect(reloads).toBe(before + 1);
        },
        'xstate.done.actor.signOut': signOutSettles(() => calls.resolve('signOut', undefined)),
        'xstate.error.actor.signOut': signOutSettles(() => calls.reject('signOut', new Error('Failed to fetch'))),
      },
      after: {
        signedIn: () => {
          token = NEW_TOKEN;
          data = null;
          rechecked = false;
          expect(stored.at(-1)).toEqual([NEW_TOKEN, true]);
        },
        privacyNoticePending: () => {
          rechecked = true;
        },
        'xstate.done.actor.loadSession': answered,
        'xstate.done.actor.refreshSession': answered,
        'xstate.error.actor.refreshSession': () => expect(snapshot().context.data).toEqual(data),
      },
    };
  });
});

describe('sessionMachine token-change rule (spec §4)', () => {
  it('clears the response cache and reloads with reloadTime, whatever the state', async () => {
    const { reloadUrl } = await import('../../src/machines/sessionMachine');
    await responseCache.put(CACHED, new Response('[]'));
    const reloaded: string[] = [];
    const actor = createActor(
      sessionMachine.provide({ actions: { reloadPage: () => void reloaded.push(reloadUrl('https://x.mx/condominio?a=1', 42)) } }),
      { input: { token: null } },
    ).start();
    actor.send({ type: 'tokenChanged' });
    expect(responseCache.size).toBe(0);
    expect(reloaded).toEqual(['https://x.mx/condominio?a=1&reloadTime=42']);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('sessionMachine privacy-notice recheck (the server refused for a pending notice)', () => {
  const notice = { AvisoPrivacidad: 'Aviso.', AvisoActivo: 1 };
  const waiting = DATA_NOTICE_PENDING;
  const inactive = { condo: { ...waiting.condo, AvisoActivo: 0 }, usuario: waiting.usuario } as unknown as SessionData;
  const accepted = {
    condo: { ...waiting.condo, ...notice },
    usuario: { ...waiting.usuario, AvisoPrivacidad: '2026-11-01' },
  } as unknown as SessionData;

  /** Signed in, refused once for the notice, and answered `data` by the recheck. */
  async function recheckedWith(data: SessionData) {
    let answer: SessionData = { ...waiting, condo: { ...waiting.condo, AvisoActivo: 0 } } as unknown as SessionData;
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadSession: fromPromise<SessionData | null>(async () => answer) },
        actions: { storeToken: () => {}, removeStoredToken: () => {}, reloadPage: () => {} },
      }),
      { input: { token: 'saved-token' } },
    ).start();
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    answer = data;
    actor.send({ type: 'privacyNoticePending' });
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    return actor;
  }

  it('rechecks again after data that shows the notice waiting (the gate takes it from there)', async () => {
    const actor = await recheckedWith(waiting);
    expect(actor.getSnapshot().can({ type: 'privacyNoticePending' })).toBe(true);
  });

  it('leaves further refusals to their calls after data that shows no notice waiting: inactive, or accepted', async () => {
    for (const data of [inactive, accepted]) {
      const actor = await recheckedWith(data);
      expect(actor.getSnapshot().can({ type: 'privacyNoticePending' })).toBe(false);
      actor.stop();
    }
  });
});
