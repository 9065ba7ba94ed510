// Pagar (issue 27): a resident pays a dwelling's charges online. The screen reads what the dwelling owes and how the
// condominium takes payments, the resident chooses the charges (every open one, oldest first, by default) or types
// an amount, and a method, sees the commission and the total, and confirms; the checkout is opened with a clientId
// made once per attempt (a retry after a cut answers the same checkout), and the screen then leaves for the
// provider's page (a card) or the result page (an OXXO or SPEI reference). The amount the server takes is its own
// reading of the ledger: the screen's total is a preview of the same rule (src/api/checkout.ts checkoutFee).
// Where the options offer it (Cargos automáticos, issue 27), a card may be kept for automatic charges with a monthly
// limit (the options' default; the limit's amount rule, src/api/recurringCharges.ts): sent as saveCard.
import { assign, fromPromise, setup } from 'xstate';
import {
  CHECKOUT_MAX_CENTS,
  CHECKOUT_MIN_CENTS,
  type Checkout,
  type CheckoutMethod,
  type CheckoutOptions,
  type CheckoutRequest,
  checkoutFee,
} from '../api/checkout';
import { amountIsValid, amountToCents, centsToAmount, formatAmountOnBlur, isAmountTyping } from '../api/recurringCharges';
import { fetchCheckoutOptions, type OpenCheckoutResult, openCheckout } from '../services/checkoutService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type PayMode = 'cargos' | 'monto';

export interface CheckoutInput {
  apartmentId: number;
}

export interface CheckoutContext extends CheckoutInput {
  options: CheckoutOptions | null;
  mode: PayMode;
  chargeIds: number[];
  amountText: string;
  method: CheckoutMethod | null;
  /** Made when an attempt is first sent; kept by its retries, dropped when a choice changes. */
  clientId: string | null;
  checkout: Checkout | null;
  refusal: string | null;
  failure: CallFailure | null;
  /** Keep the card for Cargos automáticos (asked only where the options offer it, for a card). */
  saveCard: boolean;
  /** The monthly limit as typed ("1850.00" by default: the options' limit). */
  saveLimitText: string;
}

export type CheckoutEvent =
  | { type: 'toggleCharge'; chargeId: number }
  | { type: 'setMode'; mode: PayMode }
  | { type: 'setAmount'; text: string }
  | { type: 'setMethod'; method: CheckoutMethod }
  | { type: 'toggleSaveCard' }
  | { type: 'setSaveLimit'; text: string }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'back' };

/** What enters the ledger with the current choice, or null when the choice is not one the server would take. */
export function chosenAmount(context: Pick<CheckoutContext, 'options' | 'mode' | 'chargeIds' | 'amountText'>): number | null {
  if (!context.options) return null;
  if (context.mode === 'cargos') {
    const chosen = context.options.open.filter((c) => context.chargeIds.includes(c.chargeId));
    if (chosen.length === 0) return null;
    return chosen.reduce((sum, c) => sum + c.openCents, 0);
  }
  const cents = amountToCents(context.amountText);
  return cents !== null && cents >= CHECKOUT_MIN_CENTS && cents <= CHECKOUT_MAX_CENTS ? cents : null;
}

/** The commission and the total the resident pays for the current choice, as the server will compute them. */
export function preview(context: Pick<CheckoutContext, 'options' | 'mode' | 'chargeIds' | 'amountText' | 'method'>) {
  const amount = chosenAmount(context);
  const fee = context.options?.methods.find((m) => m.method === context.method);
  if (amount === null || !fee || !context.options) return null;
  const feeCents = checkoutFee(fee, amount, context.options.feeBearer);
  return {
    amountCents: amount,
    feeCents,
    totalCents: context.options.feeBearer === 'residente' ? amount + feeCents : amount,
  };
}

/** Whether keeping the card is offered for the current choice: where the options offer it, paying by card. */
export const saveCardOffered = (context: Pick<CheckoutContext, 'options' | 'method'>) =>
  !!context.options?.saveCard && context.method === 'tarjeta';

/** Whether the choice asks to keep the card (and so sends its limit). */
const keepsCard = (context: Pick<CheckoutContext, 'options' | 'method' | 'saveCard'>) =>
  context.saveCard && saveCardOffered(context);

/** The request the screen sends for the current choice. */
export function checkoutRequest(context: CheckoutContext): CheckoutRequest {
  const base = {
    ApartmentId: context.apartmentId,
    method: context.method!,
    clientId: context.clientId!,
    ...(keepsCard(context) ? { saveCard: { monto: formatAmountOnBlur(context.saveLimitText) } } : {}),
  };
  return context.mode === 'cargos'
    ? { ...base, chargeIds: [...context.chargeIds] }
    : { ...base, amountCents: chosenAmount(context)! };
}

const newClientId = () => globalThis.crypto.randomUUID();

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    loadOptions: fromPromise<CheckoutOptions, CheckoutInput>(({ input, signal }) =>
      fetchCheckoutOptions(input.apartmentId, signal),
    ),
    open: fromPromise<OpenCheckoutResult, { request: CheckoutRequest }>(({ input, signal }) =>
      openCheckout(input.request, signal),
    ),
  },
  guards: {
    isEnabled: (_, { options }: { options: CheckoutOptions }) => options.enabled,
    isOpened: (_, { result }: { result: OpenCheckoutResult }) => result.kind === 'opened',
    isOpenCharge: ({ context }, { chargeId }: { chargeId: number }) =>
      !!context.options?.open.some((c) => c.chargeId === chargeId),
    isOtherMode: ({ context }, { mode }: { mode: PayMode }) =>
      mode !== context.mode && (mode === 'monto' || (context.options?.open.length ?? 0) > 0),
    isAmountTyping: (_, { text }: { text: string }) => isAmountTyping(text),
    isOfferedMethod: ({ context }, { method }: { method: CheckoutMethod }) =>
      method !== context.method && !!context.options?.methods.some((m) => m.method === method),
    isSaveCardOffered: ({ context }) => saveCardOffered(context),
    // A kept card's limit follows the recurring charges' rule: a number above 0 (Ingresa un monto válido mayor a 0).
    canSubmit: ({ context }) => preview(context) !== null && (!keepsCard(context) || amountIsValid(context.saveLimitText)),
  },
  actions: {
    keepOptions: assign((_, { options }: { options: CheckoutOptions }) => ({
      options,
      // Every open charge, oldest first; with nothing owed, an amount (an advance).
      mode: (options.open.length > 0 ? 'cargos' : 'monto') as PayMode,
      chargeIds: options.open.map((c) => c.chargeId),
      method: options.methods[0]?.method ?? null,
      failure: null,
      saveCard: false,
      saveLimitText: options.saveCard ? centsToAmount(options.saveCard.limitCents) : '',
    })),
    toggleSaveCard: assign(({ context }) => ({ saveCard: !context.saveCard, clientId: null })),
    setSaveLimit: assign((_, { text }: { text: string }) => ({ saveLimitText: text, clientId: null })),
    toggleCharge: assign(({ context }, { chargeId }: { chargeId: number }) => ({
      chargeIds: context.chargeIds.includes(chargeId)
        ? context.chargeIds.filter((id) => id !== chargeId)
        : [...context.chargeIds, chargeId],
      clientId: null,
    })),
    setMode: assign((_, { mode }: { mode: PayMode }) => ({ mode, clientId: null })),
    setAmount: assign((_, { text }: { text: string }) => ({ amountText: text, clientId: null })),
    setMethod: assign((_, { method }: { method: CheckoutMethod }) => ({ method, clientId: null })),
    startAttempt: assign(({ context }) => ({ clientId: context.clientId ?? newClientId(), refusal: null, failure: null })),
    keepResult: assign((_, { result }: { result: OpenCheckoutResult }) =>
      result.kind === 'opened' ? { checkout: result.checkout } : { refusal: result.message },
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    apartmentId: input.apartmentId,
    options: null,
    mode: 'cargos',
    chargeIds: [],
    amountText: '',
    method: null,
    clientId: null,
    checkout: null,
    refusal: null,
    failure: null,
    saveCard: false,
    saveLimitText: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ apartmentId: context.apartmentId }),
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => ({ options: event.output }) },
            target: 'choosing',
            actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
          },
          { target: 'disabled', actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** The condominium takes no payments online: the screen says so, and offers the statement. */
    disabled: { type: 'final' },
    choosing: {
      on: {
        toggleCharge: {
          guard: { type: 'isOpenCharge', params: ({ event }) => ({ chargeId: event.chargeId }) },
          actions: { type: 'toggleCharge', params: ({ event }) => ({ chargeId: event.chargeId }) },
        },
        setMode: {
          guard: { type: 'isOtherMode', params: ({ event }) => ({ mode: event.mode }) },
          actions: { type: 'setMode', params: ({ event }) => ({ mode: event.mode }) },
        },
        setAmount: {
          guard: { type: 'isAmountTyping', params: ({ event }) => ({ text: event.text }) },
          actions: { type: 'setAmount', params: ({ event }) => ({ text: event.text }) },
        },
        setMethod: {
          guard: { type: 'isOfferedMethod', params: ({ event }) => ({ method: event.method }) },
          actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
        },
        toggleSaveCard: { guard: 'isSaveCardOffered', actions: 'toggleSaveCard' },
        setSaveLimit: {
          guard: { type: 'isAmountTyping', params: ({ event }) => ({ text: event.text }) },
          actions: { type: 'setSaveLimit', params: ({ event }) => ({ text: event.text }) },
        },
        submit: { guard: 'canSubmit', target: 'opening', actions: 'startAttempt' },
      },
    },
    opening: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ request: checkoutRequest(context) }),
        onDone: [
          {
            guard: { type: 'isOpened', params: ({ event }) => ({ result: event.output }) },
            target: 'opened',
            actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'refused', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'openFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The server said no, in words (a charge paid meanwhile): back to the choice, which reloads what is owed. */
    refused: { on: { back: { target: 'loading', actions: assign({ clientId: null }) } } },
    /** The call did not go through: the same attempt again (same clientId), or back to the choice. */
    openFailed: { on: { retry: { target: 'opening', actions: 'startAttempt' }, back: 'choosing' } },
    /** The view leaves for the provider's page, or the result page for a reference. */
    opened: { type: 'final' },
  },
});
