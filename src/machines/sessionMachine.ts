// The session for the whole life of the app: restores a saved token, loads the session data (spec §3.1),
// and knows whether the user is signed in. Sign-in flows hand it their token; sign-out revokes it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { privacyNoticePending, type SessionData } from '../api/sessions';
import { responseCache } from '../services/responseCache';
import { fetchSessionData, signOut } from '../services/sessionsService';
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
  /**
   * A 403 PRIVACY_NOTICE_PENDING made the session data load again, and it did not say the notice waits.
   * Until some session data does, further such refusals are left to the calls that got them: otherwise a
   * server and a browser that disagree would reload each other for ever.
   */
  noticeRechecked: boolean;
  /** The server ended the session while it was in use (signed out elsewhere, ended from another device,
   * expired): the sign-in page says so. */
  ended: boolean;
}

export type SessionEvent =
  | { type: 'signedIn'; token: string; rememberMe: boolean }
  | { type: 'signOut' }
  | { type: 'refresh' }
  | { type: 'retry' }
  /** Another tab changed the session token (spec §4): this page's data is someone else's. */
  | { type: 'tokenChanged' }
  /** A call was refused with 403 PRIVACY_NOTICE_PENDING (a notice became active, or the call raced the gate):
   * the session data is loaded again, and the privacy gate shows the notice before anything else. */
  | { type: 'privacyNoticePending' }
  /** A call made with the session was answered 401 "no session" (src/services/http.ts). */
  | { type: 'sessionEnded' };

const noticeWaits = (data: SessionData | null) =>
  data !== null &&
  privacyNoticePending({
    notice: data.condo.AvisoPrivacidad,
    active: data.condo.AvisoActivo === 1,
    accepted: data.usuario.AvisoPrivacidad !== null,
  });

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
    mayRecheckNotice: ({ context }) => !context.noticeRechecked,
    tokenRefused: (_, { data }: { data: SessionData | null }) => data === null,
  },
  actions: {
    adoptToken: assign(({ event }) => {
      assertEvent(event, 'signedIn');
      return { token: event.token, rememberMe: event.rememberMe, data: null, noticeRechecked: false, ended: false };
    }),
    storeToken: ({ context }) => {
      if (context.token) saveToken(context.token, context.rememberMe);
    },
    // Session data that shows the notice waiting settles the recheck: the privacy gate takes it from there.
    keepData: assign(({ context }, { data }: { data: SessionData | null }) => ({
      data,
      noticeRechecked: context.noticeRechecked && !noticeWaits(data),
    })),
    markNoticeRechecked: assign({ noticeRechecked: true }),
    forgetSession: assign({ token: null, data: null, noticeRechecked: false, ended: false }),
    markEnded: assign({ ended: true }),
    removeStoredToken: () => clearToken(),
    clearResponseCache: () => responseCache.clear(),
    reloadPage: () => window.location.replace(reloadUrl(window.location.href, Date.now())),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, rememberMe: false, data: null, noticeRechecked: false, ended: false }),
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
          // A saved token the server no longer knows: the session ended while the page was closed (ended
          // from another device, or expired), and the sign-in page says so.
          {
            guard: loaded('tokenRefused'),
            target: 'signedOut',
            actions: ['forgetSession', 'removeStoredToken', 'markEnded'],
          },
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
              {
                guard: loaded('tokenRefused'),
                target: '#session.signedOut',
                actions: ['forgetSession', 'removeStoredToken', 'markEnded'],
              },
              { target: 'idle', actions: loaded('keepData') },
            ],
            // A failed refresh keeps what the user already sees.
            onError: { target: 'idle' },
          },
        },
      },
      on: {
        signOut: { target: 'signingOut' },
        // Through `loading`, so nothing of the area stays on screen while the notice's answer is fetched.
        privacyNoticePending: { guard: 'mayRecheckNotice', target: 'loading', actions: 'markNoticeRechecked' },
        // Whatever the page was doing: its data belongs to a session that no longer exists.
        sessionEnded: { target: 'signedOut', actions: ['forgetSession', 'removeStoredToken', 'clearResponseCache', 'markEnded'] },
      },
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
