// The caseta's lists as a test model: today's answer loading, ready (and read again after a while) or failed
// and retried, a search sent once the typing stops, and beside them the exit of somebody inside: recorded
// (the lists read again at once), or failed, retried with the same clientId or dismissed. The model's clientId
// is fixed (the real one is crypto.randomUUID). Without network the exit is kept in the offline queue: its row
// cannot be let out again meanwhile. The words: docs/scenarios/gateTodayMachine.md.
import { assign } from 'xstate';
import { gateTodayMachine } from '../../src/machines/gateTodayMachine';
import type { QueuedMovement } from '../../src/services/gateService';
import { ApiError } from '../../src/services/http';
import { CLIENT_ID, EMPTY_TODAY, EXIT, MARIO_INSIDE, TODAY } from '../support/gateFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** What the service answers when there is no network: the exit waits in the offline queue. */
export const QUEUED_EXIT: QueuedMovement = {
  queued: true,
  record: {
    kind: 'exit',
    request: { clientId: CLIENT_ID, entryId: MARIO_INSIDE.id, offline: true, occurredAt: '2026-03-14T18:05:00.000Z' },
  },
};

/** The machine with a fixed clientId, so the traversal's states repeat. */
export const gateTodayModelMachine = gateTodayMachine.provide({
  actions: {
    startExit: assign(({ event }) =>
      event.type === 'exit' ? { exit: { clientId: CLIENT_ID, entryId: event.entryId }, exitFailure: null } : {},
    ),
  },
});

export const gateTodayModel = defineModel({
  machine: gateTodayModelMachine,
  payloads: {
    search: [{ q: 'ruiz' }],
    refresh: BARE,
    retry: BARE,
    exit: [{ entryId: MARIO_INSIDE.id }],
    retryExit: BARE,
    dismissExit: BARE,
    'xstate.done.actor.today': [{ output: TODAY }, { output: EMPTY_TODAY }],
    'xstate.error.actor.today': [{ error: NO_CONNECTION }],
    'xstate.done.actor.exit': [{ output: { movement: EXIT, duplicate: false } }, { output: QUEUED_EXIT }],
    'xstate.error.actor.exit': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      lists: 'Esperados hoy (with Buscar por nombre, placa o vivienda) and Dentro ahora.',
      'lists.waiting': 'The search as typed; the lists stay as they were.',
      'lists.loading': 'Cargando… the first time; afterwards the lists stay while they are read again.',
      'lists.ready':
        'Each expected visitor (name, dwelling, host, hours, plates, Dentro) and each one inside with Salida; or “Nadie esperado hoy.” / “Nadie dentro ahora.”',
      'lists.failed': '“No pudimos cargar la caseta.” and why, with Reintentar.',
      exits: 'Salida on each row inside.',
      'exits.idle': 'Salida is ready on each row (not on a row whose exit waits offline).',
      'exits.exiting': 'The row’s Salida is busy.',
      'exits.failed': '“No se registró la salida.” and why, with Reintentar and Cerrar.',
    },
    events: {
      search: (e) => `types “${String(e.q)}” in Buscar`,
      refresh: () => 'a movement is recorded on the caseta',
      retry: () => 'presses Reintentar',
      exit: () => 'presses Salida on Mario Ruiz Soto’s row',
      retryExit: () => 'presses Reintentar on the failed exit',
      dismissExit: () => 'presses Cerrar on the failed exit',
      'xstate.done.actor.today': (e) =>
        (e.output as typeof TODAY).inside.length ? 'the day arrives, Mario inside' : 'the day arrives, nobody expected or inside',
      'xstate.error.actor.today': () => 'the connection fails',
      'xstate.done.actor.exit': (e) =>
        'queued' in (e.output as object) ? 'no network: the exit is kept to be sent later' : 'the server records the exit',
      'xstate.error.actor.exit': () => 'the connection fails',
      'xstate.after.debounce.gateToday.lists.waiting': () => '500 ms pass without typing',
      'xstate.after.refresh.gateToday.lists.ready': () => '15 seconds pass',
    },
  },
});
