// Contratar on /precios-y-planes (issue 28, trial pay link): an administrator of a condominium in trial (canBuyPlan)
// chooses a plan for the period chosen on the page, the plan's checkout is opened with a clientId made once per
// attempt (a retry after a cut answers the same checkout), and the page leaves for the provider's page. The total
// is the plans table's: the browser sends the plan and the period only (src/api/pricing.ts PlanCheckoutRequest).
import { assign, fromPromise, setup } from 'xstate';
import type { PlanCheckout, PlanCheckoutRequest, PlanPeriod } from '../api/pricing';
import { type OpenPlanCheckoutResult, openPlanCheckout } from '../services/pricingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PlanCheckoutContext {
  /** The plan and period of the attempt under way (or the last one). */
  plan: string | null;
  period: PlanPeriod | null;
  /** Made when an attempt is first sent; kept by its retries, dropped when another plan is chosen. */
  clientId: string | null;
  checkout: PlanCheckout | null;
  refusal: string | null;
  failure: CallFailure | null;
}

export type PlanCheckoutEvent = { type: 'contract'; plan: string; period: PlanPeriod } | { type: 'retry' } | { type: 'back' };

/** The request for the attempt under way. */
export const planCheckoutRequest = (context: PlanCheckoutContext): PlanCheckoutRequest => ({
  plan: context.plan!,
  period: context.period!,
  clientId: context.clientId!,
});

const newClientId = () => globalThis.crypto.randomUUID();

export const planCheckoutMachine = setup({
  types: {
    context: {} as PlanCheckoutContext,
    events: {} as PlanCheckoutEvent,
  },
  actors: {
    open: fromPromise<OpenPlanCheckoutResult, { request: PlanCheckoutRequest }>(({ input, signal }) =>
      openPlanCheckout(input.request, signal),
    ),
  },
  guards: {
    isOpened: (_, { result }: { result: OpenPlanCheckoutResult }) =>
      result.kind === 'opened' && result.checkout.redirectUrl !== null,
  },
  actions: {
    choose: assign(({ context }, { plan, period }: { plan: string; period: PlanPeriod }) => ({
      plan,
      period,
      // The same plan and period again (after a refusal or a cut) is the same attempt.
      clientId: context.plan === plan && context.period === period ? context.clientId : null,
    })),
    startAttempt: assign(({ context }) => ({ clientId: context.clientId ?? newClientId(), refusal: null, failure: null })),
    keepResult: assign((_, { result }: { result: OpenPlanCheckoutResult }) =>
      result.kind === 'opened' ? { checkout: result.checkout } : { refusal: result.message, clientId: null },
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    dismiss: assign({ refusal: null, failure: null }),
  },
}).createMachine({
  id: 'planCheckout',
  context: { plan: null, period: null, clientId: null, checkout: null, refusal: null, failure: null },
  initial: 'ready',
  states: {
    /** The plans, Contratar on each: from the plans, or from an alert over them (a refusal, a cut). */
    ready: {
      initial: 'choosing',
      on: {
        contract: {
          target: '#planCheckout.opening',
          actions: [{ type: 'choose', params: ({ event }) => ({ plan: event.plan, period: event.period }) }, 'startAttempt'],
        },
      },
      states: {
        choosing: {},
        /** The server said no, in words (no longer in trial, a plan no longer offered). */
        refused: { on: { back: { target: 'choosing', actions: 'dismiss' } } },
        /** The call did not go through: the same attempt again (same clientId), or the alert closed. */
        failed: {
          on: {
            retry: { target: '#planCheckout.opening', actions: 'startAttempt' },
            back: { target: 'choosing', actions: 'dismiss' },
          },
        },
      },
    },
    opening: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ request: planCheckoutRequest(context) }),
        onDone: [
          {
            guard: { type: 'isOpened', params: ({ event }) => ({ result: event.output }) },
            target: 'leaving',
            actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'ready.refused', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The view leaves for the provider's page (checkout.redirectUrl). */
    leaving: { type: 'final' },
  },
});
