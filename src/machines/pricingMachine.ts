// /precios-y-planes: the plans load once; a failure says so and offers to try again. Once loaded the
// visitor compares monthly and yearly prices.
import { assign, fromPromise, setup } from 'xstate';
import type { Plan, PlansAnswer } from '../api/pricing';
import { fetchPlans } from '../services/pricingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type BillingPeriod = 'monthly' | 'yearly';

export interface PricingContext {
  plans: Plan[];
  period: BillingPeriod;
  /** The product takes payment for its plans online (PlansAnswer.payOnline): Contratar opens its checkout. */
  payOnline: boolean;
  /** The plans could not be loaded: why. */
  failure: CallFailure | null;
}

export type PricingEvent = { type: 'retry' } | { type: 'choosePeriod'; period: BillingPeriod };

export const pricingMachine = setup({
  types: {
    context: {} as PricingContext,
    events: {} as PricingEvent,
  },
  actors: {
    fetchPlans: fromPromise<PlansAnswer>(({ signal }) => fetchPlans(signal)),
  },
  guards: {
    isOtherPeriod: ({ context, event }) => event.type === 'choosePeriod' && event.period !== context.period,
  },
  actions: {
    showPlans: assign((_, { answer }: { answer: PlansAnswer }) => ({
      plans: answer.plans,
      payOnline: answer.payOnline === true,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    choosePeriod: assign(({ context, event }) => ({ period: event.type === 'choosePeriod' ? event.period : context.period })),
  },
}).createMachine({
  id: 'pricing',
  context: { plans: [], period: 'monthly', payOnline: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPlans',
        src: 'fetchPlans',
        onDone: { target: 'loaded', actions: { type: 'showPlans', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
    loaded: {
      on: { choosePeriod: { guard: 'isOtherPeriod', actions: 'choosePeriod' } },
    },
  },
});
