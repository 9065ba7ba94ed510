// /sessions/forgot-password: the e-mail (same rule and message as sign-in), then the same confirmation
// whatever the address, so the page cannot tell who has an account. Too many attempts and an unreachable
// server are states of their own.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ForgotPasswordRequest } from '../api/account';
import { EMAIL_PATTERN } from '../api/validation';
import type { Language } from '../i18n/languages';
import { type ForgotPasswordResult, requestPasswordReset } from '../services/accountService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ForgotPasswordInput {
  /** The interface language: the e-mail is written in it. */
  language: Language;
}

export interface ForgotPasswordContext {
  email: string;
  touched: boolean;
  language: Language;
  /** The server's confirmation, once sent. */
  message: string | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
}

export type ForgotPasswordEvent =
  | { type: 'email.change'; value: string }
  | { type: 'email.blur' }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'edit' };

/** The e-mail rule and message of the sign-in form (spec §5 Login). */
export function emailProblem(email: string): 'login.emailInvalid' | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : 'login.emailInvalid';
}

export const forgotPasswordMachine = setup({
  types: {
    input: {} as ForgotPasswordInput,
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<ForgotPasswordResult, ForgotPasswordRequest>(({ input, signal }) =>
      requestPasswordReset(input, signal),
    ),
  },
  guards: {
    emailIsValid: ({ context }) => emailProblem(context.email) === null,
    tooManyAttempts: (_, { result }: { result: ForgotPasswordResult }) => result.kind === 'tooManyAttempts',
  },
  actions: {
    setEmail: assign(({ event }) => {
      assertEvent(event, 'email.change');
      return { email: event.value };
    }),
    touch: assign({ touched: true }),
    keepMessage: assign((_, { result }: { result: ForgotPasswordResult }) => ({
      message: result.kind === 'sent' ? result.message : null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: '', touched: false, language: input.language, message: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: 'setEmail' },
        'email.blur': { actions: 'touch' },
        submit: { guard: 'emailIsValid', target: 'sending', actions: 'touch' },
      },
    },
    sending: {
      entry: 'forgetFailure',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim(), language: context.language }),
        onDone: [
          {
            guard: { type: 'tooManyAttempts', params: ({ event }) => ({ result: event.output }) },
            target: 'throttled',
          },
          { target: 'sent', actions: { type: 'keepMessage', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The same words whatever the address: whether it has an account stays private.
    sent: {
      on: { edit: { target: 'editing' } },
    },
    // The form stays usable in both: typing goes back to editing, submitting tries again.
    throttled: {
      on: {
        'email.change': { target: 'editing', actions: 'setEmail' },
        submit: { guard: 'emailIsValid', target: 'sending' },
      },
    },
    failed: {
      on: {
        'email.change': { target: 'editing', actions: 'setEmail' },
        submit: { guard: 'emailIsValid', target: 'sending' },
        retry: { target: 'sending' },
      },
    },
  },
});
