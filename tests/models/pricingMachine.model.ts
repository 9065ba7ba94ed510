// The plans page (precios-y-planes) as a test model: the demo's three plans or an unreachable server, the
// billing periods, and the words its scenarios are told in (docs/scenarios/pricingMachine.md).
import type { Plan, PlansAnswer } from '../../src/api/pricing';
import { pricingMachine } from '../../src/machines/pricingMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

const plan = (code: string, monthlyPrice: number, maxDwellings: number | null): Plan => ({
  code,
  name: code,
  description: `Plan ${code}`,
  monthlyPrice,
  yearlyPrice: monthlyPrice * 10,
  currency: 'MXN',
  maxDwellings,
  features: [`Hasta ${maxDwellings ?? '∞'} viviendas`],
});

export const PLANS: PlansAnswer = {
  success: true,
  plans: [plan('basico', 99_000, 50), plan('profesional', 249_000, 300), plan('corporativo', 599_000, null)],
};

const PERIOD_NAMES = { monthly: 'Mensual', yearly: 'Anual' };

export const pricingModel = defineModel({
  machine: pricingMachine,
  payloads: {
    retry: BARE,
    choosePeriod: [{ period: 'monthly' }, { period: 'yearly' }],
    // An empty list is a case of the page, not of the machine: the view tests it.
    'xstate.done.actor.fetchPlans': [{ output: PLANS }],
    'xstate.error.actor.fetchPlans': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Under Precios y planes, three grey placeholder cards; Periodo de pago is disabled.',
      failed: 'An alert says “No pudimos cargar los planes” with Reintentar; no period switch.',
      loaded: 'Periodo de pago (Mensual / Anual) and a card per plan with its price for the period and Contratar.',
    },
    events: {
      retry: () => 'presses Reintentar',
      choosePeriod: (e) => `chooses ${PERIOD_NAMES[e.period as keyof typeof PERIOD_NAMES]} in Periodo de pago`,
      'xstate.done.actor.fetchPlans': (e) => `the server sends ${(e.output as PlansAnswer).plans.length} plans`,
      'xstate.error.actor.fetchPlans': () => 'the connection fails',
    },
  },
});
