// The result of contratar a plan (issue 28, trial pay link): the page the provider sends the administrator back to,
// /precios-y-planes/contratacion/{id}. It reads the plan's checkout and, until the provider's webhook settles it,
// reads it again every few seconds, a bounded number of times (then it says the confirmation is taking long and
// offers to look again). Paid names the plan and the day it covers until; failed and expired offer the plans again;
// another condominium's checkout (or none) is not found.
import { assign, fromPromise, setup } from 'xstate';
import type { PlanCheckout } from '../api/pricing';
import { ApiError } from '../services/http';
import { fetchPlanCheckout } from '../services/pricingService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** How often the page reads a checkout the provider has not settled, and how many times before it stops. */
export const PLAN_CHECKOUT_POLL_MS = 3_000;
export const PLAN_CHECKOUT_MAX_POLLS = 20;

export interface PlanCheckoutResultInput {
  id: number;
}

export interface PlanCheckoutResultContext extends PlanCheckoutResultInput {
  checkout: PlanCheckout | null;
  failure: CallFailure | null;
  /** Readings again since the page opened (or since "Consultar de nuevo"). */
  polls: number;
}

export const planCheckoutResultMachine = setup({
  types: {
    input: {} as PlanCheckoutResultInput,
    context: {} as PlanCheckoutResultContext,
    events: {} as { type: 'retry' },
  },
  actors: {
    read: fromPromise<PlanCheckout, PlanCheckoutResultInput>(({ input, signal }) => fetchPlanCheckout(input.id, signal)),
  },
  delays: { poll: PLAN_CHECKOUT_POLL_MS },
  guards: {
    isState: (_, { checkout, state }: { checkout: PlanCheckout; state: PlanCheckout['state'] }) => checkout.state === state,
    isNotFound: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 404,
    mayPollAgain: ({ context }) => context.polls < PLAN_CHECKOUT_MAX_POLLS,
  },
  actions: {
    keep: assign((_, { checkout }: { checkout: PlanCheckout }) => ({ checkout, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
    forget: assign({ checkout: null }),
  },
}).createMachine({
  id: 'planCheckoutResult',
  context: ({ input }) => ({ id: input.id, checkout: null, failure: null, polls: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          ...(['pagado', 'fallido', 'expirado'] as const).map((state) => ({
            guard: {
              type: 'isState' as const,
              params: ({ event }: { event: { output: PlanCheckout } }) => ({ checkout: event.output, state }),
            },
            target: { pagado: 'paid', fallido: 'failed', expirado: 'expired' }[state],
            actions: {
              type: 'keep' as const,
              params: ({ event }: { event: { output: PlanCheckout } }) => ({ checkout: event.output }),
            },
          })),
          { target: 'pending', actions: { type: 'keep', params: ({ event }) => ({ checkout: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: 'forget',
          },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The provider has not settled it yet: read again shortly, a bounded number of times. */
    pending: {
      after: {
        poll: [{ guard: 'mayPollAgain', target: 'loading', actions: 'countPoll' }, { target: 'stillPending' }],
      },
    },
    /** Still not settled after every reading: says so, and offers to look again. */
    stillPending: { on: { retry: { target: 'loading', actions: 'resetPolls' } } },
    loadFailed: { on: { retry: 'loading' } },
    notFound: { type: 'final' },
    paid: { type: 'final' },
    failed: { type: 'final' },
    expired: { type: 'final' },
  },
});
