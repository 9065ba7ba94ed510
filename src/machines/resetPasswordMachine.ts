// /sessions/reset-password?token=…: a new password and its confirmation under the shared rule, sent with
// the link's token. An unknown, used or expired link is a state of its own that leads to asking again.

import { is } from 'superstruct';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ResetPasswordRequest } from '../api/account';
import { type ResetPasswordResult, resetPassword } from '../services/accountService';
import { hasNoErrors, newPasswordErrors } from './passwordRules';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ResetPasswordInput {
  /** The token of the link, from ?token=. */
  token: string | null;
}

export type ResetPasswordField = 'password' | 'confirmation';

export interface ResetPasswordContext {
  token: string;
  password: string;
  confirmation: string;
  touched: Record<ResetPasswordField, boolean>;
  /** Why the server refused the link; null when the link is refused before asking (missing or malformed). */
  tokenMessage: string | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
}

export type ResetPasswordEvent =
  | { type: 'change'; field: ResetPasswordField; value: string }
  | { type: 'blur'; field: ResetPasswordField }
  | { type: 'submit' }
  | { type: 'retry' };

type ResultParams = { result: ResetPasswordResult };
const withResult = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: ResetPasswordResult } }) => ({ result: event.output }),
});

export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    resetPassword: fromPromise<ResetPasswordResult, ResetPasswordRequest>(({ input, signal }) => resetPassword(input, signal)),
  },
  guards: {
    tokenLooksValid: ({ context }) => is(context.token, ResetPasswordRequest.schema.token),
    formIsValid: ({ context }) => hasNoErrors(newPasswordErrors(context.password, context.confirmation)),
    tokenRefused: (_, { result }: ResultParams) => result.kind === 'invalidToken',
    tooManyAttempts: (_, { result }: ResultParams) => result.kind === 'tooManyAttempts',
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      return { ...context, [event.field]: event.value };
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'blur');
      return { touched: { ...context.touched, [event.field]: true } };
    }),
    touchAll: assign({ touched: { password: true, confirmation: true } }),
    keepTokenMessage: assign((_, { result }: ResultParams) => ({
      tokenMessage: result.kind === 'invalidToken' ? result.message : null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    // Nothing secret stays in memory once the flow is over.
    forgetSecrets: assign({ password: '', confirmation: '' }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token ?? '',
    password: '',
    confirmation: '',
    touched: { password: false, confirmation: false },
    tokenMessage: null,
    failure: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'tokenLooksValid', target: 'editing' }, { target: 'invalidToken' }],
    },
    editing: {
      on: {
        change: { actions: 'setField' },
        blur: { actions: 'touchField' },
        submit: { guard: 'formIsValid', target: 'saving', actions: 'touchAll' },
      },
    },
    saving: {
      entry: 'forgetFailure',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: [
          { guard: withResult('tokenRefused'), target: 'invalidToken', actions: withResult('keepTokenMessage') },
          { guard: withResult('tooManyAttempts'), target: 'throttled' },
          { target: 'done' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The form stays usable in both: typing goes back to editing, submitting tries again.
    throttled: {
      on: {
        change: { target: 'editing', actions: 'setField' },
        submit: { guard: 'formIsValid', target: 'saving' },
      },
    },
    failed: {
      on: {
        change: { target: 'editing', actions: 'setField' },
        submit: { guard: 'formIsValid', target: 'saving' },
        retry: { target: 'saving' },
      },
    },
    invalidToken: {
      type: 'final',
      entry: 'forgetSecrets',
    },
    done: {
      type: 'final',
      entry: 'forgetSecrets',
    },
  },
});
