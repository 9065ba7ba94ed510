// Recargos aplicados as a test model: a page of fees loads (or fails and is retried), another page, filters, a
// reload; Condonar asks the reason, then waives the fee (or fails and asks again), or is cancelled. The words its
// scenarios are told in: docs/scenarios/lateFeeListMachine.md.
import { lateFeeListMachine } from '../../src/machines/lateFeeListMachine';
import { ApiError } from '../../src/services/http';
import { FEE, FEE_WAIVED, LONG_PAGE } from '../support/lateFeeFixtures';
import { BARE, defineModel } from '../support/machineModel';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const lateFeeListModel = defineModel({
  machine: lateFeeListMachine,
  payloads: {
    page: [{ page: 2 }],
    filter: [{ filters: { periodo: '2026-11', vivienda: 57 } }],
    reload: BARE,
    retry: BARE,
    waive: [{ id: FEE.id }],
    confirm: [{ reason: 'Error en la cuota' }],
    cancel: BARE,
    'xstate.done.actor.listFees': [{ output: LONG_PAGE }],
    'xstate.error.actor.listFees': failure,
    'xstate.done.actor.waiveFee': [{ output: FEE_WAIVED }],
    'xstate.error.actor.waiveFee': failure,
  },
  words: {
    states: {
      loading: 'Recargos aplicados loading.',
      loadFailed: 'The list could not load, with Reintentar.',
      shown: 'The fees of the page, each with its dwelling, period, amount and Condonar (or who waived it and why).',
      asking: 'Condonar recargo: the fee, the Motivo field, Condonar recargo and Cancelar.',
      waiving: 'The fee is being waived.',
    },
    events: {
      page: ({ page }) => `goes to page ${String(page)}`,
      filter: () => 'chooses a period and a dwelling',
      reload: () => 'fees are applied from the settings above',
      retry: () => 'presses Reintentar',
      waive: () => 'presses Condonar on a fee',
      confirm: () => 'writes the reason and presses Condonar recargo',
      cancel: () => 'presses Cancelar',
      'xstate.done.actor.listFees': () => 'the server answers a page of fees',
      'xstate.error.actor.listFees': () => 'the connection fails',
      'xstate.done.actor.waiveFee': () => 'the server waives the fee',
      'xstate.error.actor.waiveFee': () => 'the connection fails',
    },
  },
});
