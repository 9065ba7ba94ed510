// Pagos en línea, the administrators' settings (issue 27): the condominium's payment provider, whether it takes
// payments online, who bears the commission, each method's commission and the account the money lands in. The
// settings load (with the providers this deployment offers and the accounts to choose from), the administrator
// edits and saves; a save that fails keeps the form as it was typed and says why (the server names the field). A
// draft is sent only when the contract takes it: its ranges, a provider offered, an account of the list, and an
// account when payments are on (paymentSettingsProblem).
import { is } from 'superstruct';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PaymentSettingsDraft, type PaymentSettingsView, paymentSettingsProblem } from '../api/checkout';
import { loadPaymentSettings, savePaymentSettings } from '../services/checkoutService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PaymentSettingsContext {
  view: PaymentSettingsView | null;
  failure: CallFailure | null;
}

export type PaymentSettingsEvent =
  | { type: 'save'; draft: PaymentSettingsDraft }
  /** The administrator changes the form after a save: the notice (saved, or why not) goes. */
  | { type: 'edit' }
  | { type: 'retry' };

/** Whether the screen may send this draft: the contract takes it, and its provider and account are offered. */
export function draftIsSendable(view: PaymentSettingsView | null, draft: PaymentSettingsDraft): boolean {
  if (!view || !is(draft, PaymentSettingsDraft)) return false;
  if (!view.providers.includes(draft.provider)) return false;
  if (draft.accountId !== null && !view.accounts.some((a) => a.id === draft.accountId)) return false;
  return paymentSettingsProblem(draft, view.keys) === null;
}

const save = { guard: 'sendable', target: 'saving', actions: 'startCall' } as const;

export const paymentSettingsMachine = setup({
  types: {
    context: {} as PaymentSettingsContext,
    events: {} as PaymentSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<PaymentSettingsView>(({ signal }) => loadPaymentSettings(signal)),
    saveSettings: fromPromise<PaymentSettingsView, PaymentSettingsDraft>(({ input, signal }) =>
      savePaymentSettings(input, signal),
    ),
  },
  guards: {
    sendable: ({ context, event }) => event.type === 'save' && draftIsSendable(context.view, event.draft),
  },
  actions: {
    keepView: assign((_, view: PaymentSettingsView) => ({ view, failure: null })),
    startCall: assign({ failure: null }),
    forget: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'paymentSettings',
  context: { view: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'keepView', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    editing: { on: { save } },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ event }) => {
          assertEvent(event, 'save');
          return event.draft;
        },
        onDone: { target: 'saved', actions: { type: 'keepView', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { on: { save, edit: 'editing' } },
    failed: { on: { save, edit: { target: 'editing', actions: 'forget' } } },
  },
});
