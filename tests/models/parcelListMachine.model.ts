// A list of parcels as a test model, for the gate (the waiting list, searched) and for a resident (their own,
// waiting or collected): a page loads, is ready or failed and retried, pages on, refreshes; a search (gate) or a
// status (resident) starts again from the first page. The words its scenarios are told in:
// docs/scenarios/parcelListMachine.md.
import { parcelListMachine } from '../../src/machines/parcelListMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { COLLECTED, MINE_WAITING, page, WAITING } from '../support/parcelFixtures';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const GATE_PAGE = page([WAITING], 25);
export const MINE_PAGE = page([MINE_WAITING, COLLECTED], 2);

export const parcelListModel = defineModel({
  machine: parcelListMachine,
  inputs: { gate: { mode: 'gate' }, mine: { mode: 'mine' } },
  payloads: {
    search: [{ q: 'torre a' }],
    setStatus: [{ status: 'collected' }],
    page: [{ offset: 20 }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.fetchPage': (s) => [{ output: s.context.mode === 'gate' ? GATE_PAGE : MINE_PAGE }],
    'xstate.error.actor.fetchPage': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: '“Cargando paquetes…”',
      ready:
        'The parcels (the gate: by dwelling, with Entregar; a resident: each with its code while it waits), Anteriores / Siguientes.',
      failed: '“No pudimos cargar los paquetes.” and why, with Reintentar.',
    },
    events: {
      search: (e) => `searches “${String(e.q)}”`,
      setStatus: (e) => `shows the ${String(e.status)} ones`,
      page: (e) => `goes to the parcels from ${String(e.offset)}`,
      refresh: () => 'the list is refreshed',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.fetchPage': () => 'the page arrives',
      'xstate.error.actor.fetchPage': () => 'the connection fails',
    },
  },
});
