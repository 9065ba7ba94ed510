// "PIN de turno" on the employee panel (issue 26): a guard (anyone who passes canUseGate) sees whether they have a
// shift PIN and sets or changes it, typing it twice and confirming with their current password (the server
// requires it). A wrong password and too many tries are answers the form shows and the guard fixes; a refusal of
// access (403: the gate permission was taken away meanwhile) ends the card, since trying again cannot help.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PIN_PATTERN } from '../api/gateDevices';
import { fetchPinStatus, type PinResult, savePin } from '../services/gateDevicesService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export type PinField = 'pin' | 'confirmation' | 'password';

/** What the server said about the last try: the password was wrong, or too many tries. */
export type PinRefusal = 'wrongPassword' | 'tooMany';

export interface GatePinContext {
  /** Whether the guard has a PIN (from the server; true once one is saved). */
  hasPin: boolean;
  pin: string;
  confirmation: string;
  password: string;
  refusal: PinRefusal | null;
  failure: CallFailure | null;
}

export type GatePinEvent =
  | { type: 'edit' }
  | { type: 'cancel' }
  | { type: 'change'; field: PinField; value: string }
  | { type: 'submit' }
  | { type: 'retry' };

/** The form's rules as message ids (empty: it may be sent). */
export function pinFormErrors(form: Pick<GatePinContext, 'pin' | 'confirmation' | 'password'>) {
  return {
    ...(PIN_PATTERN.test(form.pin) ? {} : { pin: 'gateDevices.pin.pinInvalid' as const }),
    ...(form.confirmation === form.pin ? {} : { confirmation: 'gateDevices.pin.mismatch' as const }),
    ...(form.password ? {} : { password: 'gateDevices.pin.passwordRequired' as const }),
  };
}

// Nothing secret stays in memory once the form is left or saved.
const EMPTY_FORM = { pin: '', confirmation: '', password: '', refusal: null, failure: null };

export const gatePinMachine = setup({
  types: {
    context: {} as GatePinContext,
    events: {} as GatePinEvent,
  },
  actors: {
    loadPinStatus: fromPromise<boolean>(({ signal }) => fetchPinStatus(signal)),
    savePin: fromPromise<PinResult, { password: string; pin: string }>(({ input, signal }) =>
      savePin(input.password, input.pin, signal),
    ),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(pinFormErrors(context)).length === 0,
    pinSaved: (_, r: PinResult) => r.kind === 'saved',
    accessRefused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
  },
  actions: {
    keepStatus: assign((_, hasPin: boolean) => ({ hasPin })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      // A new value answers the last refusal: it no longer says anything about what is typed.
      return { ...context, [event.field]: event.value, refusal: null };
    }),
    emptyForm: assign(EMPTY_FORM),
    keepSaved: assign({ ...EMPTY_FORM, hasPin: true }),
    refuse: assign((_, r: PinResult) => ({ refusal: r.kind === 'saved' ? null : r.kind })),
    forgetAnswer: assign({ refusal: null, failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'gatePin',
  context: { hasPin: false, ...EMPTY_FORM },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPinStatus',
        src: 'loadPinStatus',
        onDone: { target: 'ready', actions: { type: 'keepStatus', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'accessRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'forgetAnswer' } } },
    // Whether there is a PIN, with "Definir PIN" or "Cambiar PIN".
    ready: { on: { edit: 'editing' } },
    editing: {
      on: {
        change: { actions: 'setField' },
        cancel: { target: 'ready', actions: 'emptyForm' },
        submit: { guard: 'formIsValid', target: 'saving', actions: 'forgetAnswer' },
      },
    },
    saving: {
      invoke: {
        id: 'savePin',
        src: 'savePin',
        input: ({ context }) => ({ password: context.password, pin: context.pin }),
        onDone: [
          { guard: { type: 'pinSaved', params: ({ event }) => event.output }, target: 'saved', actions: 'keepSaved' },
          { target: 'editing', actions: { type: 'refuse', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'accessRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: ['emptyForm', { type: 'fail', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // "PIN guardado" stays until the guard changes it again.
    saved: { on: { edit: 'editing' } },
    // The form is kept: trying again sends it as it is, typing goes back to it.
    failed: {
      on: {
        retry: { target: 'saving', actions: 'forgetAnswer' },
        change: { target: 'editing', actions: ['forgetAnswer', 'setField'] },
        cancel: { target: 'ready', actions: 'emptyForm' },
      },
    },
    // The server refused access (403/404): its words, nothing to try again.
    refused: { type: 'final' },
  },
});
