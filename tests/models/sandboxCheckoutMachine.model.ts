// The sandbox provider's page as a test model: the checkout read (open, already settled, not found, or the
// connection failing), a button pressed (pay, decline, expire) and its sending cut and retried. The words:
// docs/scenarios/sandboxCheckoutMachine.md.
import type { SandboxCheckout } from '../../src/api/checkout';
import { sandboxCheckoutMachine } from '../../src/machines/sandboxCheckoutMachine';
import { ApiError } from '../../src/services/http';
import { SANDBOX } from '../support/checkoutFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const SANDBOX_INPUT = { ref: SANDBOX.ref };
const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
const NOT_FOUND = new ApiError(404, 'NOT_FOUND', 'Este pago no existe o no es tuyo.');

export const sandboxCheckoutModel = defineModel({
  machine: sandboxCheckoutMachine,
  input: SANDBOX_INPUT,
  payloads: {
    send: [{ outcome: 'pagar' }, { outcome: 'rechazar' }],
    retry: BARE,
    'xstate.done.actor.load': [{ output: SANDBOX }, { output: { ...SANDBOX, state: 'pagado' } satisfies SandboxCheckout }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }, { error: NOT_FOUND }],
    'xstate.done.actor.send': [{ output: undefined }],
    'xstate.error.actor.send': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'The SANDBOX banner, and a spinner.',
      loadFailed: '“No pudimos cargar el pago.” and why, with Reintentar.',
      notFound: '“Este pago no existe.”',
      settled: '“Este pago ya no está abierto.” with Volver al condominio.',
      ready: 'The condominium, the total and, for a card, the test card number field with Pagar and the test cards listed.',
      sending: 'The pressed button is busy.',
      sendFailed: '“No pudimos enviar la respuesta.” and why, with Reintentar.',
      sent: 'The page sends the resident back to the condominium’s result page.',
    },
    events: {
      send: (e) => (e.outcome === 'pagar' ? 'pays with the approved test card' : 'pays with the declined test card'),
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': (e) => `the checkout is ${(e.output as SandboxCheckout).state}`,
      'xstate.error.actor.load': (e) =>
        (e.error as ApiError).status === 404 ? 'no checkout has that reference' : 'the connection fails',
      'xstate.done.actor.send': () => 'the provider sends its webhook',
      'xstate.error.actor.send': () => 'the connection fails',
    },
  },
});
