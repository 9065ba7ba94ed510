// The sandbox payment provider's own page (issue 27; /pago-sandbox/{ref}, marked as a sandbox): what is being paid,
// and its buttons. A test card number decides the outcome on this page, as a provider's would; the number never
// leaves the browser. Pressing pay (or decline, or expire a reference) makes the provider send its signed webhook,
// and the page then sends the resident back to the product's result page.
import { assign, fromPromise, setup } from 'xstate';
import type { SandboxCheckout, SandboxOutcome } from '../api/checkout';
import { fetchSandboxCheckout, sendSandboxOutcome } from '../services/checkoutService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** The sandbox's test cards: this one is approved, the declined one refused; any other number is not a test card. */
export const SANDBOX_CARD_APPROVED = '4242424242424242';
export const SANDBOX_CARD_DECLINED = '4000000000000002';

/** What a typed test card does: pay, decline, or nothing (not a test card). */
export function outcomeOfCard(number: string): SandboxOutcome | null {
  const digits = number.replace(/\s+/g, '');
  if (digits === SANDBOX_CARD_APPROVED) return 'pagar';
  if (digits === SANDBOX_CARD_DECLINED) return 'rechazar';
  return null;
}

export interface SandboxCheckoutInput {
  ref: string;
}

export const sandboxCheckoutMachine = setup({
  types: {
    input: {} as SandboxCheckoutInput,
    context: {} as SandboxCheckoutInput & {
      checkout: SandboxCheckout | null;
      outcome: SandboxOutcome | null;
      failure: CallFailure | null;
    },
    events: {} as { type: 'send'; outcome: SandboxOutcome } | { type: 'retry' },
  },
  actors: {
    load: fromPromise<SandboxCheckout, SandboxCheckoutInput>(({ input, signal }) => fetchSandboxCheckout(input.ref, signal)),
    send: fromPromise<void, { ref: string; outcome: SandboxOutcome }>(({ input, signal }) =>
      sendSandboxOutcome(input.ref, input.outcome, signal),
    ),
  },
  guards: {
    isOpen: (_, { checkout }: { checkout: SandboxCheckout }) => checkout.state === 'creado' || checkout.state === 'pendiente',
    isNotFound: (_, { failure }: { failure: CallFailure }) => failure.kind === 'refused' && failure.status === 404,
  },
  actions: {
    keep: assign((_, { checkout }: { checkout: SandboxCheckout }) => ({ checkout, failure: null })),
    choose: assign((_, { outcome }: { outcome: SandboxOutcome }) => ({ outcome, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'sandboxCheckout',
  context: ({ input }) => ({ ref: input.ref, checkout: null, outcome: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ ref: context.ref }),
        onDone: [
          {
            guard: { type: 'isOpen', params: ({ event }) => ({ checkout: event.output }) },
            target: 'ready',
            actions: { type: 'keep', params: ({ event }) => ({ checkout: event.output }) },
          },
          { target: 'settled', actions: { type: 'keep', params: ({ event }) => ({ checkout: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ failure: callFailure(event.error) }) },
            target: 'notFound',
          },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    notFound: { type: 'final' },
    /** Already paid, refused or expired: nothing to press; the way back to the product. */
    settled: { type: 'final' },
    ready: {
      on: { send: { target: 'sending', actions: { type: 'choose', params: ({ event }) => ({ outcome: event.outcome }) } } },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ ref: context.ref, outcome: context.outcome! }),
        onDone: 'sent',
        onError: { target: 'sendFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sendFailed: { on: { retry: 'sending' } },
    /** The view sends the resident back to the product's result page. */
    sent: { type: 'final' },
  },
});
