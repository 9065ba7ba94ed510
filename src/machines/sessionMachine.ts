// The session for the whole life of the app: restores a saved token, loads the session data (spec §3.1),
// and knows whether the user is signed in. Sign-in flows hand it their token; sign-out revokes it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionData } from '../api/sessions';
import { responseCache } from '../services/responseCache';
import { fetchSessionData, signOut } from '../services/sessionService';
import { clearToken, saveToken } from '../services/tokenStore';

/** The page again, with the reloadTime query parameter of spec §4 so caches along the way miss. */
export function reloadUrl(current: string, now: number): string {
  const url = new URL(current);
  url.searchParams.set('reloadTime', String(now));
  return url.toString();
}

export interface SessionInput {
  /** The token saved by an earlier visit, if any. */
  token: string | null;
}

export interface SessionContext {
  token: string | null;
  rememberMe: boolean;
  data: SessionData | null;
}

export type SessionEvent =
  | { type: 'signedIn'; token: string; rememberMe: boolean }
  | { type: 'signOut' }
  | { type: 'refresh' }
  | { type: 'retry' }
  /** Another tab changed the session token (spec §4): this page's data is someone else's. */
  | { type: 'tokenChanged' };

/** Guards and actions on the loaded session data (null when the server refused the token). */
const loaded = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: SessionData | null } }) => ({ data: event.output }),
});

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadSession: fromPromise<SessionData | null>(({ signal }) => fetchSessionData(signal)),
    signOut: fromPromise<void>(({ signal }) => signOut(signal)),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    tokenRefused: (_, { data }: { data: SessionData | null }) => data === null,
  },
  actions: {
    adoptToken: assign(({ event }) => {
      assertEvent(event, 'signedIn');
      return { token: event.token, rememberMe: event.rememberMe, data: null };
    }),
    storeToken: ({ context }) => {
      if (context.token) saveToken(context.token, context.rememberMe);
    },
    keepData: assign((_, { data }: { data: SessionData | null }) => ({ data })),
    forgetSession: assign({ token: null, data: null }),
    removeStoredToken: () => clearToken(),
    clearResponseCache: () => responseCache.clear(),
    reloadPage: () => window.location.replace(reloadUrl(window.location.href, Date.now())),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, rememberMe: false, data: null }),
  initial: 'checking',
  on: {
    tokenChanged: { actions: ['clearResponseCache', 'reloadPage'] },
  },
  states: {
    checking: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'signedOut' }],
    },
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          { guard: loaded('tokenRefused'), target: 'signedOut', actions: ['forgetSession', 'removeStoredToken'] },
          { target: 'signedIn', actions: loaded('keepData') },
        ],
        onError: { target: 'unavailable' },
      },
    },
    // The server could not be reached: the token may still be good, so keep it and let the user retry.
    unavailable: {
      on: {
        retry: { target: 'loading' },
        signOut: { target: 'signedOut', actions: ['forgetSession', 'removeStoredToken'] },
      },
    },
    signedIn: {
      initial: 'idle',
      states: {
        idle: { on: { refresh: { target: 'refreshing' } } },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'loadSession',
            onDone: [
              { guard: loaded('tokenRefused'), target: '#session.signedOut', actions: ['forgetSession', 'removeStoredToken'] },
              { target: 'idle', actions: loaded('keepData') },
            ],
            // A failed refresh keeps what the user already sees.
            onError: { target: 'idle' },
          },
        },
      },
      on: { signOut: { target: 'signingOut' } },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        // Signed out locally either way: an unreachable server must not keep the user in.
        onDone: { target: 'signedOut', actions: ['forgetSession', 'removeStoredToken', 'clearResponseCache'] },
        onError: { target: 'signedOut', actions: ['forgetSession', 'removeStoredToken', 'clearResponseCache'] },
      },
    },
    signedOut: {
      on: { signedIn: { target: 'loading', actions: ['adoptToken', 'storeToken'] } },
    },
  },
});
