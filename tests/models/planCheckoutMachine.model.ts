// Contratar a plan as a test model: a plan and period chosen, the checkout opened (the page leaves for the
// provider), refused in words, or cut and retried with the same clientId. The clientId is fixed here (the real one
// is crypto.randomUUID) so the traversal's states repeat. The words: docs/scenarios/planCheckoutMachine.md.
import { assign } from 'xstate';
import { planCheckoutMachine } from '../../src/machines/planCheckoutMachine';
import { ApiError } from '../../src/services/http';
import type { OpenPlanCheckoutResult } from '../../src/services/pricingService';
import { BARE, defineModel } from '../support/machineModel';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';

export const PLAN_CLIENT_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const PLAN_REFUSED: OpenPlanCheckoutResult = {
  kind: 'refused',
  message: 'Solo un condominio en periodo de prueba o con la suscripción vencida puede contratar un plan aquí.',
};

/** The machine with a fixed clientId, so the traversal's states repeat. */
export const planCheckoutModelMachine = planCheckoutMachine.provide({
  actions: {
    startAttempt: assign(({ context }) => ({ clientId: context.clientId ?? PLAN_CLIENT_ID, refusal: null, failure: null })),
  },
});

export const planCheckoutModel = defineModel({
  machine: planCheckoutModelMachine,
  payloads: {
    contract: [{ plan: 'profesional', period: 'anual' }],
    retry: BARE,
    back: BARE,
    'xstate.done.actor.open': [{ output: { kind: 'opened', checkout: PLAN_CHECKOUTS.created } }, { output: PLAN_REFUSED }],
    'xstate.error.actor.open': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      ready: 'The plans, each with Contratar; the note says the payment is by card on the provider’s secure page.',
      'ready.choosing': 'No alert over the plans.',
      'ready.refused': 'The server’s words in an alert over the plans; Contratar again.',
      'ready.failed': '“No pudimos abrir la página de pago” and why, with Reintentar.',
      opening: '“Abriendo la página de pago…”; every Contratar is busy.',
      leaving: 'The page leaves for the provider’s page.',
    },
    events: {
      contract: (e) => `presses Contratar on ${String(e.plan)} (${String(e.period)})`,
      retry: () => 'presses Reintentar',
      back: () => 'closes the alert',
      'xstate.done.actor.open': (e) =>
        (e.output as OpenPlanCheckoutResult).kind === 'opened' ? 'the checkout is opened' : 'the server refuses it in words',
      'xstate.error.actor.open': () => 'the connection fails',
    },
  },
});
