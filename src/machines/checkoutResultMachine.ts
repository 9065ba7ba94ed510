// The result of paying online (issue 27): the page the provider sends the resident back to, and where an OXXO or
// SPEI reference is shown. It reads the checkout and, until the provider's webhook settles it, reads it again: every
// few seconds while the provider's page is open or was just left (a card's answer arrives within moments), less
// often while a reference waits for the money. Paid shows the receipt; refused and expired say so and offer to pay
// again.
import { assign, fromPromise, setup } from 'xstate';
import type { Checkout } from '../api/checkout';
import { fetchCheckout } from '../services/checkoutService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** How often the page reads a checkout the provider has not answered yet, and one waiting for a reference's money. */
export const CHECKOUT_POLL_MS = 3_000;
export const REFERENCE_POLL_MS = 30_000;

export interface CheckoutResultInput {
  id: number;
}

export const checkoutResultMachine = setup({
  types: {
    input: {} as CheckoutResultInput,
    context: {} as CheckoutResultInput & { checkout: Checkout | null; failure: CallFailure | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    read: fromPromise<Checkout, CheckoutResultInput>(({ input, signal }) => fetchCheckout(input.id, signal)),
  },
  delays: { checkoutPoll: CHECKOUT_POLL_MS, referencePoll: REFERENCE_POLL_MS },
  guards: {
    isState: (_, { checkout, state }: { checkout: Checkout; state: Checkout['state'] }) => checkout.state === state,
  },
  actions: {
    keep: assign((_, { checkout }: { checkout: Checkout }) => ({ checkout, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'checkoutResult',
  context: ({ input }) => ({ id: input.id, checkout: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          ...(['pagado', 'fallido', 'expirado', 'pendiente'] as const).map((state) => ({
            guard: {
              type: 'isState' as const,
              params: ({ event }: { event: { output: Checkout } }) => ({ checkout: event.output, state }),
            },
            target: { pagado: 'paid', fallido: 'failed', expirado: 'expired', pendiente: 'reference' }[state],
            actions: {
              type: 'keep' as const,
              params: ({ event }: { event: { output: Checkout } }) => ({ checkout: event.output }),
            },
          })),
          { target: 'waiting', actions: { type: 'keep', params: ({ event }) => ({ checkout: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The provider has not answered yet: read again shortly. */
    waiting: { after: { checkoutPoll: 'loading' } },
    /** An OXXO or SPEI reference waits for the money: shown, and read again now and then. */
    reference: { after: { referencePoll: 'loading' } },
    loadFailed: { on: { retry: 'loading' } },
    paid: { type: 'final' },
    failed: { type: 'final' },
    expired: { type: 'final' },
  },
});
