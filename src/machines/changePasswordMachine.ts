// mi-perfil, "Contraseña": the current password, a new one under the shared rule, and its confirmation.
// A wrong current password is shown on that field; once changed, the form empties and says so.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordRequest } from '../api/profile';
import { type ChangePasswordResult, changePassword } from '../services/profileService';
import { hasNoErrors, newPasswordErrors } from './passwordRules';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ChangePasswordField = 'current' | 'password' | 'confirmation';

export interface ChangePasswordContext {
  current: string;
  password: string;
  confirmation: string;
  touched: Record<ChangePasswordField, boolean>;
  /** The server's words for a wrong current password, shown on that field. */
  currentError: string | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
}

export type ChangePasswordEvent =
  | { type: 'change'; field: ChangePasswordField; value: string }
  | { type: 'blur'; field: ChangePasswordField }
  | { type: 'submit' }
  | { type: 'retry' };

/** The form's rules as message ids: the current password is required, the new one follows the rule. */
export function changePasswordErrors(context: Pick<ChangePasswordContext, 'current' | 'password' | 'confirmation'>) {
  return {
    ...(context.current ? {} : { current: 'password.currentRequired' as const }),
    ...newPasswordErrors(context.password, context.confirmation),
  };
}

type ResultParams = { result: ChangePasswordResult };
const withResult = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: ChangePasswordResult } }) => ({ result: event.output }),
});

const EMPTY_FORM = {
  current: '',
  password: '',
  confirmation: '',
  touched: { current: false, password: false, confirmation: false },
  currentError: null,
  failure: null,
};

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    changePassword: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input, signal }) =>
      changePassword(input, signal),
    ),
  },
  guards: {
    formIsValid: ({ context }) => hasNoErrors(changePasswordErrors(context)),
    wrongCurrentPassword: (_, { result }: ResultParams) => result.kind === 'wrongCurrentPassword',
    tooManyAttempts: (_, { result }: ResultParams) => result.kind === 'tooManyAttempts',
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      return {
        ...context,
        [event.field]: event.value,
        currentError: event.field === 'current' ? null : context.currentError,
      };
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'blur');
      return { touched: { ...context.touched, [event.field]: true } };
    }),
    touchAll: assign({ touched: { current: true, password: true, confirmation: true }, currentError: null }),
    showCurrentError: assign((_, { result }: ResultParams) => ({
      currentError: result.kind === 'wrongCurrentPassword' ? result.message : null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    // Nothing secret stays in memory once the password is changed.
    emptyForm: assign(EMPTY_FORM),
  },
}).createMachine({
  id: 'changePassword',
  context: EMPTY_FORM,
  initial: 'editing',
  states: {
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
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.current, newPassword: context.password }),
        onDone: [
          { guard: withResult('wrongCurrentPassword'), target: 'editing', actions: withResult('showCurrentError') },
          { guard: withResult('tooManyAttempts'), target: 'throttled' },
          { target: 'changed', actions: 'emptyForm' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // "Password changed" stays until the user types again.
    changed: {
      on: { change: { target: 'editing', actions: 'setField' } },
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
  },
});
