// The result of contratar a plan as a test model: the checkout read in each of its states, not found, read again
// every few seconds while the provider has not settled it (here at most twice, then "still waiting" with Consultar
// de nuevo), and a failed read retried. The words: docs/scenarios/planCheckoutResultMachine.md.
import type { PlanCheckout } from '../../src/api/pricing';
import { planCheckoutResultMachine } from '../../src/machines/planCheckoutResultMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';

export const PLAN_RESULT_INPUT = { id: PLAN_CHECKOUTS.created.id };
/** Readings again the model allows before it stops (the real machine: PLAN_CHECKOUT_MAX_POLLS). */
export const MODEL_MAX_POLLS = 2;
export const NOT_FOUND = new ApiError(404, 'NOT_FOUND', 'No encontramos esa contratación.');

/** The machine with few readings again, so the traversal stays small. */
export const planCheckoutResultModelMachine = planCheckoutResultMachine.provide({
  guards: { mayPollAgain: ({ context }) => context.polls < MODEL_MAX_POLLS },
});

export const planCheckoutResultModel = defineModel({
  machine: planCheckoutResultModelMachine,
  input: PLAN_RESULT_INPUT,
  payloads: {
    retry: BARE,
    'xstate.done.actor.read': Object.values(PLAN_CHECKOUTS).map((output) => ({ output })),
    'xstate.error.actor.read': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }, { error: NOT_FOUND }],
    'xstate.after.poll.planCheckoutResult.pending': BARE,
  },
  words: {
    states: {
      loading: 'A spinner says “Consultando la contratación…”.',
      pending: '“Esperando la confirmación del proveedor de pagos…” with the plan and the total; read again in a few seconds.',
      stillPending: '“La confirmación está tardando.” with Consultar de nuevo.',
      loadFailed: '“No pudimos consultar la contratación” and why, with Reintentar.',
      notFound: '“No encontramos esa contratación.” with the way to the plans.',
      paid: '“Tu plan Profesional está activo hasta el 1 de junio de 2027.” with Ir a mi condominio.',
      failed: '“El pago no se completó” with the provider’s words and Elegir otra vez (the plans).',
      expired: '“La página de pago expiró sin recibir el pago.” with Elegir otra vez.',
    },
    events: {
      retry: () => 'presses Reintentar (or Consultar de nuevo)',
      'xstate.done.actor.read': (e) => `the checkout is ${(e.output as PlanCheckout).state}`,
      'xstate.error.actor.read': (e) =>
        (e.error as ApiError).status === 404 ? 'it is not found (another condominium’s, or none)' : 'the connection fails',
      'xstate.after.poll.planCheckoutResult.pending': () => '3 seconds pass',
    },
  },
});
