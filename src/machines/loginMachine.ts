// Sign-in (spec §4 Login, §5 Login, §8 Login): e-mail and password, then the condominium. No active
// condominium → a message; several → the selector; one with an error → the error dialog; otherwise
// straight into the condominium. Wrong credentials are shown inline; anything unexpected as an alert.
// Once signed in, the flow hands its session token to the app-wide session actor.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { type CondoChoice, signInFormErrors } from '../api/sessions';
import type { SignInResult } from '../services/sessionsService';
import { condoLogin, signIn } from '../services/sessionsService';
import type { SessionRef } from './sessionLink';

export interface LoginInput {
  /** The public page's condominium, when signing in from it. */
  subdomain?: string | null;
  /** Where to go once signed in (the guarded page that sent the user here). */
  returnUrl?: string | null;
  /**
   * What the visitor already typed, ticked and left before the flow started: the public page's card takes
   * input before this machine's code has arrived (src/views/public/PublicLoginCard.tsx). Empty when not given.
   */
  email?: string;
  password?: string;
  rememberMe?: boolean;
  touched?: { email: boolean; password: boolean };
  /** The app-wide session actor, which gets the session token once signed in. */
  session: SessionRef;
}

export interface LoginOutput {
  token: string;
  productToken: string;
  rememberMe: boolean;
  returnUrl: string | null;
}

export type LoginFailure = 'missingToken' | 'unexpected';

export interface LoginContext {
  email: string;
  password: string;
  rememberMe: boolean;
  touched: { email: boolean; password: boolean };
  subdomain: string | null;
  returnUrl: string | null;
  signInToken: string | null;
  condos: CondoChoice[];
  chosen: CondoChoice | null;
  /** The server's words for wrong credentials, shown under the password. */
  credentialsError: string | null;
  failure: LoginFailure | null;
  failureDetail: string | null;
  session: { token: string; productToken: string } | null;
  sessionActor: SessionRef;
}

export type LoginEvent =
  | { type: 'email.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'rememberMe.change'; value: boolean }
  | { type: 'email.blur' }
  | { type: 'password.blur' }
  | { type: 'submit' }
  | { type: 'choose'; condoId: number }
  | { type: 'cancel' }
  | { type: 'dismiss' };

const okResult = (output: SignInResult) => (output.kind === 'ok' ? output : null);

/** Guards and actions on the sign-in answer get it as a parameter (see signedInWith below). */
interface SignInParams {
  result: SignInResult;
}

/** A named guard or action applied to the sign-in answer. */
function signedInWith<T extends string>(type: T) {
  return { type, params: ({ event }: { event: { output: SignInResult } }) => ({ result: event.output }) };
}

export const loginMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginOutput,
  },
  actors: {
    signIn: fromPromise<SignInResult, { username: string; password: string; rememberMe: boolean; subdomain: string | null }>(
      ({ input, signal }) => signIn(input, signal),
    ),
    condoLogin: fromPromise<{ token: string; productToken: string }, { CondoId: number; UserId: number; token: string }>(
      ({ input, signal }) => condoLogin(input, signal),
    ),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(signInFormErrors(context.email, context.password)).length === 0,
    wrongCredentials: (_, { result }: SignInParams) => result.kind === 'invalidCredentials',
    tokenMissing: (_, { result }: SignInParams) => okResult(result)?.token == null,
    noCondos: (_, { result }: SignInParams) => (okResult(result)?.condos.length ?? 0) === 0,
    severalCondos: (_, { result }: SignInParams) => (okResult(result)?.condos.length ?? 0) > 1,
    onlyCondoHasError: (_, { result }: SignInParams) => Boolean(okResult(result)?.condos[0]?.error),
    chosenHasError: ({ context, event }) => {
      assertEvent(event, 'choose');
      return Boolean(context.condos.find((c) => c.CondoId === event.condoId)?.error);
    },
    isListedCondo: ({ context, event }) => {
      assertEvent(event, 'choose');
      return context.condos.some((c) => c.CondoId === event.condoId);
    },
    hasSeveralCondos: ({ context }) => context.condos.length > 1,
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, 'email.change');
      return { email: event.value, credentialsError: null };
    }),
    setPassword: assign(({ event }) => {
      assertEvent(event, 'password.change');
      return { password: event.value, credentialsError: null };
    }),
    setRememberMe: assign(({ event }) => {
      assertEvent(event, 'rememberMe.change');
      return { rememberMe: event.value };
    }),
    touchEmail: assign(({ context }) => ({ touched: { ...context.touched, email: true } })),
    touchPassword: assign(({ context }) => ({ touched: { ...context.touched, password: true } })),
    touchAll: assign({ touched: { email: true, password: true } }),
    clearMessages: assign({ credentialsError: null, failure: null, failureDetail: null }),
    showCredentialsError: assign((_, { result }: SignInParams) => ({
      credentialsError: result.kind === 'invalidCredentials' ? result.message : null,
    })),
    keepSignIn: assign((_, { result }: SignInParams) => {
      const ok = okResult(result);
      return { signInToken: ok?.token ?? null, condos: ok?.condos ?? [] };
    }),
    chooseOnlyCondo: assign(({ context }) => ({ chosen: context.condos[0] ?? null })),
    chooseCondo: assign(({ context, event }) => {
      assertEvent(event, 'choose');
      return { chosen: context.condos.find((c) => c.CondoId === event.condoId) ?? null };
    }),
    forgetChoice: assign({ chosen: null }),
    failMissingToken: assign({ failure: 'missingToken' as const, failureDetail: null }),
    failUnexpected: assign(({ event }) => ({
      failure: 'unexpected' as const,
      failureDetail: 'error' in event && event.error instanceof Error ? event.error.message : null,
    })),
    keepSession: assign((_, session: { token: string; productToken: string }) => ({ session })),
    // A sign-in token is single use and short-lived: once the user backs out, it is of no use.
    dropSignInToken: assign({ signInToken: null, condos: [] }),
    // Nothing secret stays in memory once the flow is over.
    forgetSecrets: assign({ password: '', signInToken: null }),
    // The session stores the token (in the tab, or for good with 'Recordarme') and loads its data.
    handOverToSession: sendTo(
      ({ context }) => context.sessionActor,
      ({ context }) => ({ type: 'signedIn' as const, token: context.session?.token ?? '', rememberMe: context.rememberMe }),
    ),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: input.password ?? '',
    rememberMe: input.rememberMe ?? false,
    touched: input.touched ?? { email: false, password: false },
    subdomain: input.subdomain ?? null,
    returnUrl: input.returnUrl ?? null,
    signInToken: null,
    condos: [],
    chosen: null,
    credentialsError: null,
    failure: null,
    failureDetail: null,
    session: null,
    sessionActor: input.session,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: 'setEmail' },
        'password.change': { actions: 'setPassword' },
        'rememberMe.change': { actions: 'setRememberMe' },
        'email.blur': { actions: 'touchEmail' },
        'password.blur': { actions: 'touchPassword' },
        submit: { guard: 'formIsValid', target: 'signingIn', actions: ['touchAll', 'clearMessages'] },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          username: context.email.trim(),
          password: context.password,
          rememberMe: context.rememberMe,
          subdomain: context.subdomain,
        }),
        onDone: [
          { guard: signedInWith('wrongCredentials'), target: 'editing', actions: signedInWith('showCredentialsError') },
          { guard: signedInWith('tokenMissing'), target: 'failed', actions: 'failMissingToken' },
          { guard: signedInWith('noCondos'), target: 'noActiveCondo', actions: signedInWith('keepSignIn') },
          { guard: signedInWith('severalCondos'), target: 'choosingCondo', actions: signedInWith('keepSignIn') },
          {
            guard: signedInWith('onlyCondoHasError'),
            target: 'condoError',
            actions: [signedInWith('keepSignIn'), 'chooseOnlyCondo'],
          },
          { target: 'loggingIntoCondo', actions: [signedInWith('keepSignIn'), 'chooseOnlyCondo'] },
        ],
        onError: { target: 'failed', actions: 'failUnexpected' },
      },
    },
    noActiveCondo: {
      on: { dismiss: { target: 'editing', actions: 'dropSignInToken' } },
    },
    choosingCondo: {
      on: {
        choose: [
          { guard: 'chosenHasError', target: 'condoError', actions: 'chooseCondo' },
          { guard: 'isListedCondo', target: 'loggingIntoCondo', actions: 'chooseCondo' },
        ],
        cancel: { target: 'editing', actions: 'dropSignInToken' },
      },
    },
    condoError: {
      on: {
        dismiss: [
          { guard: 'hasSeveralCondos', target: 'choosingCondo', actions: 'forgetChoice' },
          { target: 'editing', actions: ['forgetChoice', 'dropSignInToken'] },
        ],
      },
    },
    loggingIntoCondo: {
      tags: ['busy'],
      invoke: {
        id: 'condoLogin',
        src: 'condoLogin',
        input: ({ context }) => ({
          CondoId: context.chosen?.CondoId ?? 0,
          UserId: context.chosen?.UserId ?? 0,
          token: context.signInToken ?? '',
        }),
        onDone: { target: 'signedIn', actions: { type: 'keepSession', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'failUnexpected' },
      },
    },
    failed: {
      on: { dismiss: { target: 'editing', actions: ['clearMessages', 'dropSignInToken'] } },
    },
    signedIn: {
      type: 'final',
      entry: ['forgetSecrets', 'handOverToSession'],
    },
  },
  output: ({ context }) => ({
    token: context.session?.token ?? '',
    productToken: context.session?.productToken ?? '',
    rememberMe: context.rememberMe,
    returnUrl: context.returnUrl,
  }),
});
