// Checking a receipt as a test model: a code typed in small letters without dashes (well formed), a code too
// short (never asked), and the answers: counted, not counted, a code of no ballot (404), or no connection and a
// retry; typing again after an answer. The words its scenarios are told in: docs/scenarios/pollReceiptMachine.md.
import type { EventObject } from 'xstate';
import type { ReceiptAnswer } from '../../src/api/polls';
import { pollReceiptMachine } from '../../src/machines/pollReceiptMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { POLL_ID } from '../support/pollFixtures';

export const TYPED = ' k7q2 9xmb4tz1 ';
export const TOO_SHORT = 'K7Q2-9XMB';
export const COUNTED: ReceiptAnswer = { success: true, contado: true, FechaVoto: '2026-11-21T18:01:00.000Z' };
export const NOT_COUNTED: ReceiptAnswer = { success: true, contado: false, FechaVoto: null };
export const UNKNOWN = new ApiError(404, 'NOT_FOUND', 'No encontramos ese comprobante.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const pollReceiptModel = defineModel({
  machine: pollReceiptMachine,
  input: { pollId: POLL_ID },
  payloads: {
    type: (s) =>
      s.context.codigo === ''
        ? [{ codigo: TOO_SHORT }, { codigo: TYPED }]
        : s.context.codigo === TOO_SHORT
          ? [{ codigo: TYPED }]
          : s.matches('idle')
            ? []
            : [{ codigo: TOO_SHORT }],
    check: BARE,
    retry: BARE,
    'xstate.done.actor.check': [{ output: COUNTED }, { output: NOT_COUNTED }],
    'xstate.error.actor.check': (s) => (s.context.failure ? [] : [{ error: UNKNOWN }, { error: NO_CONNECTION }]),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: ReceiptAnswer; error?: ApiError };
    if (e.type === 'xstate.done.actor.check') return `done check:${e.output!.contado ? 'counted' : 'not counted'}`;
    if (e.type === 'xstate.error.actor.check') return `error check:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      idle: 'Código de comprobante and Verificar, enabled once the code is well formed.',
      checking: 'Verificar spins.',
      counted: 'A status “Tu voto está contado.” with when it was cast.',
      notCounted: 'A status “No encontramos un voto contado con ese código.”',
      failed: 'An alert “No pudimos verificar el comprobante” with Reintentar.',
    },
    events: {
      type: (e) => `types “${e.codigo}” in Código de comprobante`,
      check: () => 'presses Verificar',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.check': (e) =>
        (e.output as ReceiptAnswer).contado ? 'the server says the ballot is counted' : 'the server says it is not counted',
      'xstate.error.actor.check': (e) =>
        (e.error as ApiError).status ? 'the server knows no such code' : 'the connection fails',
    },
  },
});
