// Pagar as a test model: what the dwelling owes arriving (enabled, nothing owed, or online payments off) or
// failing; the choice of charges or an amount and of a method; the checkout opened, refused in words, or cut and
// retried with the same clientId; the card kept for Cargos automáticos (ticked, its limit typed valid or 0). The clientId is fixed here (the real one is crypto.randomUUID) so the traversal's
// states repeat. The words: docs/scenarios/checkoutMachine.md.
import { assign } from 'xstate';
import type { CheckoutOptions } from '../../src/api/checkout';
import { checkoutMachine } from '../../src/machines/checkoutMachine';
import type { OpenCheckoutResult } from '../../src/services/checkoutService';
import { ApiError } from '../../src/services/http';
import { APARTMENT_ID, CHECKOUTS, DISABLED, NOTHING_OWED, OPTIONS } from '../support/checkoutFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const CHECKOUT_CLIENT_ID = '0b6f3c9e-2d41-4a57-9c1e-7f2a8b3d5e60';
export const CHECKOUT_INPUT = { apartmentId: APARTMENT_ID };
/** A kept card's monthly limit as typed, with a comma. */
export const SAVE_LIMIT_TYPED = '1200,5';
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const REFUSED: OpenCheckoutResult = {
  kind: 'refused',
  message: 'Uno de los cargos elegidos ya está pagado o no es de esta vivienda. Vuelve a cargar la lista.',
};

/** The machine with a fixed clientId, so the traversal's states repeat. */
export const checkoutModelMachine = checkoutMachine.provide({
  actions: {
    startAttempt: assign(({ context }) => ({ clientId: context.clientId ?? CHECKOUT_CLIENT_ID, refusal: null, failure: null })),
  },
});

type Snap = {
  context: {
    options: CheckoutOptions | null;
    mode: string;
    chargeIds: number[];
    amountText: string;
    method: string | null;
    saveCard: boolean;
    saveLimitText: string;
  };
};
/** The choice as the screen opens with it: every open charge, no amount typed, the first method. */
const untouched = (s: Snap) =>
  s.context.mode === 'cargos' &&
  s.context.chargeIds.length === (s.context.options?.open.length ?? 0) &&
  s.context.method === 'tarjeta';

export const checkoutModel = defineModel({
  machine: checkoutModelMachine,
  input: CHECKOUT_INPUT,
  payloads: {
    // Each choice once, from the choice the screen opens with (the state space stays small: each choice event's
    // branches are what is walked, not every combination of them).
    // The newest charge: the oldest stays chosen.
    toggleCharge: (s) => (untouched(s) ? [{ chargeId: s.context.options!.open.at(-1)!.chargeId }] : []),
    setMode: (s) =>
      untouched(s) ? [{ mode: 'monto' }] : s.context.mode === 'monto' && s.context.amountText === '' ? [{ mode: 'cargos' }] : [],
    setAmount: (s) => (s.context.mode === 'monto' && s.context.amountText === '' ? [{ text: '2500' }] : []),
    setMethod: (s) => (untouched(s) ? [{ method: 'oxxo' }] : []),
    // Ticked once, by card, where offered; its limit typed once over the default.
    toggleSaveCard: (s) => (untouched(s) && !s.context.saveCard && s.context.options?.saveCard ? BARE : []),
    setSaveLimit: (s) =>
      s.context.saveCard && s.context.saveLimitText === '1850.00' ? [{ text: SAVE_LIMIT_TYPED }, { text: '0' }] : [],
    submit: BARE,
    retry: BARE,
    back: BARE,
    'xstate.done.actor.loadOptions': [{ output: OPTIONS }, { output: NOTHING_OWED }, { output: DISABLED }],
    'xstate.error.actor.loadOptions': [{ error: NO_CONNECTION }],
    'xstate.done.actor.open': [{ output: { kind: 'opened', checkout: CHECKOUTS.created } }, { output: REFUSED }],
    'xstate.error.actor.open': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'Under Pagar, a spinner says “Cargando…”.',
      loadFailed: '“No pudimos cargar lo que debe tu vivienda.” and why, with Reintentar.',
      disabled: '“Este condominio todavía no recibe pagos en línea.”, with the way back to the statement.',
      choosing:
        'The open charges (each with a check box, all ticked), or Otro monto; the methods with their commission; by card, Guardar esta tarjeta para cargos automáticos and, ticked, its Límite mensual; the total to pay and Pagar, enabled when the choice is one the server takes.',
      opening: 'Pagar is busy; nothing can be changed.',
      refused: 'The server’s words in an alert, with Volver a elegir.',
      openFailed: '“No pudimos iniciar el pago.” and why, with Reintentar and Volver a elegir.',
      opened: 'The screen leaves for the provider’s page (a card) or the result page (a reference).',
    },
    events: {
      toggleCharge: () => 'unticks (or ticks again) the newest charge',
      setMode: (e) => (e.mode === 'monto' ? 'chooses Otro monto' : 'chooses Cargos pendientes'),
      setAmount: (e) => `types ${String(e.text)} as the amount`,
      setMethod: () => 'chooses Efectivo en OXXO',
      toggleSaveCard: () => 'ticks Guardar esta tarjeta para cargos automáticos',
      setSaveLimit: (e) => `types ${String(e.text)} as the Límite mensual`,
      submit: () => 'presses Pagar',
      retry: () => 'presses Reintentar',
      back: () => 'presses Volver a elegir',
      'xstate.done.actor.loadOptions': (e) => {
        const options = e.output as CheckoutOptions;
        if (!options.enabled) return 'the condominium takes no payments online';
        return options.open.length ? 'two months are owed' : 'nothing is owed';
      },
      'xstate.error.actor.loadOptions': () => 'the connection fails',
      'xstate.done.actor.open': (e) =>
        (e.output as OpenCheckoutResult).kind === 'opened' ? 'the checkout is opened' : 'the server refuses it in words',
      'xstate.error.actor.open': () => 'the connection fails',
    },
  },
});
