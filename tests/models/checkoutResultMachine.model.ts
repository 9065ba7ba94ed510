// The result of paying online as a test model: the checkout read in each of its states, read again while the
// provider has not answered (a few seconds) or a reference waits for the money (half a minute), and a failed read
// retried. The words: docs/scenarios/checkoutResultMachine.md.
import type { Checkout } from '../../src/api/checkout';
import { checkoutResultMachine } from '../../src/machines/checkoutResultMachine';
import { ApiError } from '../../src/services/http';
import { CHECKOUTS } from '../support/checkoutFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const RESULT_INPUT = { id: CHECKOUTS.created.id };

export const checkoutResultModel = defineModel({
  machine: checkoutResultMachine,
  input: RESULT_INPUT,
  payloads: {
    retry: BARE,
    'xstate.done.actor.read': Object.values(CHECKOUTS).map((output) => ({ output })),
    'xstate.error.actor.read': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.after.checkoutPoll.checkoutResult.waiting': BARE,
    'xstate.after.referencePoll.checkoutResult.reference': BARE,
  },
  words: {
    states: {
      loading: 'A spinner says “Consultando tu pago…”.',
      waiting: '“Esperando la respuesta del proveedor de pagos…” with the total; read again in a few seconds.',
      reference: 'The OXXO reference (or the CLABE for SPEI), the total and until when it can be paid.',
      loadFailed: '“No pudimos consultar tu pago.” and why, with Reintentar.',
      paid: '“¡Pago recibido!” with the amount, the commission and Descargar recibo.',
      failed: '“El pago no se completó.” with the provider’s words and Intentar de nuevo.',
      expired: '“El pago venció.” with Intentar de nuevo.',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.read': (e) => `the checkout is ${(e.output as Checkout).state}`,
      'xstate.error.actor.read': () => 'the connection fails',
      'xstate.after.checkoutPoll.checkoutResult.waiting': () => '3 seconds pass',
      'xstate.after.referencePoll.checkoutResult.reference': () => '30 seconds pass',
    },
  },
});
