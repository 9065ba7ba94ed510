// A resident's walk-ins at the caseta as a test model: the list arrives (a walk-in waiting, or none) or fails and
// is retried (or read again after the pause); it is read again when the live channel says so, and every minute; the resident approves or
// refuses a listed walk-in, and the answer arrives (the list is read again) or fails — no connection, or somebody
// answered first — and is retried or closed. The words: docs/scenarios/pendingWalkInsMachine.md.
import { PENDING_WALK_INS_POLL_MS } from '../../src/api/gateWalkIns';
import { pendingWalkInsMachine } from '../../src/machines/pendingWalkInsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { APPROVED, ASKING } from '../support/walkInFixtures';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const ANSWERED_FIRST = new ApiError(409, 'CONFLICT', 'Carlos Ramírez Soto ya respondió a esta visita.');
const SECONDS = PENDING_WALK_INS_POLL_MS / 1000;

export const pendingWalkInsModel = defineModel({
  machine: pendingWalkInsMachine,
  payloads: {
    answer: [
      { id: ASKING.id, answer: 'approve' },
      { id: ASKING.id, answer: 'refuse' },
    ],
    retry: BARE,
    dismiss: BARE,
    refresh: BARE,
    'xstate.done.actor.fetchPending': [{ output: [ASKING] }, { output: [] }],
    'xstate.error.actor.fetchPending': [{ error: NO_CONNECTION }],
    'xstate.done.actor.respond': [{ output: APPROVED }],
    'xstate.error.actor.respond': [{ error: NO_CONNECTION }, { error: ANSWERED_FIRST }],
  },
  words: {
    states: {
      loading: 'Visitas en la caseta: a spinner the first time; afterwards the list stays while it is read again.',
      ready:
        'Each walk-in waiting: who and why, the dwelling, people and time, the note, with Aprobar and Rechazar; or “Nadie espera en la caseta para tu vivienda.”',
      failed: '“No pudimos leer las visitas en la caseta” and why, with Reintentar.',
      answering: 'The button pressed is busy.',
      answerFailed: '“No se envió tu respuesta” and why (no connection, or who answered first), with Reintentar and Cancelar.',
    },
    events: {
      answer: (e) => (e.answer === 'approve' ? 'presses Aprobar' : 'presses Rechazar'),
      retry: () => 'presses Reintentar',
      dismiss: () => 'presses Cancelar',
      refresh: () => 'the live channel says a walk-in of the dwelling moved',
      'xstate.done.actor.fetchPending': (e) =>
        (e.output as unknown[]).length ? 'the list arrives: Paquetería DHL waits' : 'the list arrives: nobody waits',
      'xstate.error.actor.fetchPending': () => 'the connection fails',
      'xstate.done.actor.respond': () => 'the server takes the answer',
      'xstate.error.actor.respond': (e) =>
        (e.error as ApiError).status === 409 ? 'somebody else answered first' : 'the connection fails',
      'xstate.after.poll.pendingWalkIns.ready': () => `${SECONDS} seconds pass`,
      'xstate.after.poll.pendingWalkIns.failed': () => `${SECONDS} seconds pass`,
    },
  },
});
