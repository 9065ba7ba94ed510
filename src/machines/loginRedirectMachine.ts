// /login-redirect ('Redirigiendo...', spec §2.8): the bridge from the other (legacy) app.
// - logout=1: end the session, then the legacy app's login page with its logout flag (the server says where;
//   LEGACY_APP_URL), or our sign-in page with the flag when there is no legacy app;
// - redirectURL with antkn: end any session, turn the one-time token into a condo session, hand it to the
//   session actor and go to the decoded URL; a refused token goes to sign-in with a message;
// - anything else: the sign-in page.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ChangeCondoSessionRequest } from '../api/account';
import { type ChangeCondoSessionResult, changeCondoSession } from '../services/accountService';
import { fetchLegacyLogin } from '../services/sessionsService';
import { endSession, type SessionActor } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export const SIGN_IN_PATH = '/sessions/signin';
/** Where logout=1 ends without a legacy app (or when the server cannot say where it is). */
export const LOGGED_OUT_PATH = `${SIGN_IN_PATH}?logout=1`;
/** The sign-in page's flag for a refused bridge token. */
export const BRIDGE_REFUSED_PARAM = 'bridge';

export interface LoginRedirectInput {
  logout: boolean;
  antkn: string | null;
  /** redirectURL decoded, and only when it is a path of this app (decodeRedirectUrl). */
  redirectTo: string | null;
  session: SessionActor;
}

export interface LoginRedirectContext extends LoginRedirectInput {
  /** Where to go once the bridge is done. */
  destination: string | null;
  /** The bridge failed: why. */
  failure: CallFailure | null;
}

export type LoginRedirectEvent = { type: 'retry' };

export interface LoginRedirectOutput {
  destination: string;
}

export function refusedDestination(redirectTo: string | null): string {
  const query = new URLSearchParams({ [BRIDGE_REFUSED_PARAM]: 'refused' });
  if (redirectTo) query.set('returnUrl', redirectTo);
  return `${SIGN_IN_PATH}?${query}`;
}

type ResultParams = { result: ChangeCondoSessionResult };
const withResult = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: ChangeCondoSessionResult } }) => ({ result: event.output }),
});

export const loginRedirectMachine = setup({
  types: {
    input: {} as LoginRedirectInput,
    context: {} as LoginRedirectContext,
    events: {} as LoginRedirectEvent,
    output: {} as LoginRedirectOutput,
  },
  actors: {
    endSession: fromPromise<void, { session: SessionActor }>(({ input, signal }) => endSession(input.session, signal)),
    changeCondoSession: fromPromise<ChangeCondoSessionResult, ChangeCondoSessionRequest>(({ input, signal }) =>
      changeCondoSession(input, signal),
    ),
    legacyLogin: fromPromise<string | null>(({ signal }) => fetchLegacyLogin(signal)),
  },
  guards: {
    wantsLogout: ({ context }) => context.logout,
    canBridge: ({ context }) => Boolean(context.antkn && context.redirectTo),
    tokenRefused: (_, { result }: ResultParams) => result.kind === 'refused',
  },
  actions: {
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    goToLoggedOut: assign((_, { url }: { url: string | null }) => ({ destination: url ?? LOGGED_OUT_PATH })),
    goToSignIn: assign({ destination: SIGN_IN_PATH }),
    goToRefused: assign(({ context }) => ({ destination: refusedDestination(context.redirectTo) })),
    goToRedirect: assign(({ context }) => ({ destination: context.redirectTo })),
    // A condo session, not a remembered one: it lasts as long as the tab.
    handOverToken: sendTo(
      ({ context }) => context.session,
      (_, { result }: ResultParams) => ({
        type: 'signedIn' as const,
        token: result.kind === 'ok' ? result.token : '',
        rememberMe: false,
      }),
    ),
  },
}).createMachine({
  id: 'loginRedirect',
  context: ({ input }) => ({ ...input, destination: null, failure: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'wantsLogout', target: 'loggingOut' },
        { guard: 'canBridge', target: 'endingSession' },
        { target: 'leaving', actions: 'goToSignIn' },
      ],
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'endSession',
        input: ({ context }) => ({ session: context.session }),
        // Signing out cannot fail for the user: the session ends locally even when the server is away.
        onDone: { target: 'findingLogin' },
        onError: { target: 'findingLogin' },
      },
    },
    findingLogin: {
      invoke: {
        id: 'legacyLogin',
        src: 'legacyLogin',
        onDone: { target: 'leaving', actions: { type: 'goToLoggedOut', params: ({ event }) => ({ url: event.output }) } },
        // No answer: our own sign-in page, with the flag.
        onError: { target: 'leaving', actions: { type: 'goToLoggedOut', params: { url: null } } },
      },
    },
    endingSession: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ session: context.session }),
        onDone: { target: 'changingSession' },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    changingSession: {
      invoke: {
        id: 'changeCondoSession',
        src: 'changeCondoSession',
        input: ({ context }) => ({ antkn: context.antkn ?? '' }),
        onDone: [
          { guard: withResult('tokenRefused'), target: 'leaving', actions: 'goToRefused' },
          { target: 'leaving', actions: [withResult('handOverToken'), 'goToRedirect'] },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { retry: { target: 'endingSession' } },
    },
    leaving: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ destination: context.destination ?? SIGN_IN_PATH }),
});
