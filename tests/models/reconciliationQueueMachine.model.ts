// The reconciliation queue as a test model: a page of movements loads (or fails and is retried), another page, a
// filter, a reload; a pending deposit is accepted, split or set aside, a reconciled one undone with a reason;
// a withdrawal "sin registrar" is recorded as an expense (saving its rule); each answers the movement (or fails,
// keeping the list). The words its scenarios are told in:
// docs/scenarios/reconciliationQueueMachine.md.
import { reconciliationQueueMachine } from '../../src/machines/reconciliationQueueMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { ACCEPTED, PENDING, QUEUE_PAGE, RECONCILED, RECORDED, UNDONE, WITHDRAWAL } from '../support/reconciliationFixtures';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const reconciliationQueueModel = defineModel({
  machine: reconciliationQueueMachine,
  payloads: {
    page: [{ page: 2 }],
    filter: [{ estado: 'conciliado' }],
    reload: BARE,
    retry: BARE,
    accept: [{ id: PENDING.id, apartmentId: 101 }],
    split: [
      {
        id: PENDING.id,
        parts: [
          { apartmentId: 101, amountCents: 110_000 },
          { apartmentId: 102, amountCents: 100_000 },
        ],
      },
    ],
    dismiss: [{ id: PENDING.id }],
    undo: [{ id: RECONCILED.id, reason: 'Depósito de otra cuenta' }],
    categorize: [{ id: WITHDRAWAL.id, category: 'Comisiones bancarias', fundId: null, ruleText: 'COMISION' }],
    'xstate.done.actor.categorizeMovement': [{ output: RECORDED }],
    'xstate.error.actor.categorizeMovement': failure,
    'xstate.done.actor.listMovements': [{ output: QUEUE_PAGE }],
    'xstate.error.actor.listMovements': failure,
    'xstate.done.actor.acceptMovement': [{ output: ACCEPTED }],
    'xstate.error.actor.acceptMovement': failure,
    'xstate.done.actor.splitMovement': [{ output: ACCEPTED }],
    'xstate.error.actor.splitMovement': failure,
    'xstate.done.actor.dismissMovement': [{ output: { ...PENDING, state: 'descartado', matches: [] } }],
    'xstate.error.actor.dismissMovement': failure,
    'xstate.done.actor.undoMovement': [{ output: UNDONE }],
    'xstate.error.actor.undoMovement': failure,
  },
  words: {
    states: {
      loading: 'Movimientos loading.',
      loadFailed: 'The movements could not load, with Reintentar.',
      shown:
        'The movements of the page: each pending deposit with its best suggestions (dwelling, confidence), Aceptar, Dividir and Descartar; each reconciled one with its dwellings and Deshacer; each withdrawal sin registrar with Registrar gasto (a category, a fund, and a rule to save), each recorded one with its expense and Deshacer.',
      accepting: 'The deposit is being posted to the dwelling.',
      splitting: 'The deposit is being posted to the dwellings, part by part.',
      dismissing: 'The deposit is being set aside.',
      undoing: 'The match is being undone.',
      categorizing: 'The withdrawal is being recorded as an expense (and its rule saved).',
    },
    events: {
      page: ({ page }) => `goes to page ${String(page)}`,
      filter: () => 'chooses Conciliados',
      reload: () => 'presses Actualizar',
      retry: () => 'presses Reintentar',
      accept: () => 'presses Aceptar on a suggestion',
      split: () => 'splits the deposit across two dwellings whose parts add up to it',
      dismiss: () => 'presses Descartar',
      undo: () => 'writes the reason and presses Deshacer',
      categorize: () => 'chooses a category, ticks Guardar regla and presses Registrar gasto',
      'xstate.done.actor.categorizeMovement': () => 'the server writes the expense',
      'xstate.error.actor.categorizeMovement': () => 'the connection fails',
      'xstate.done.actor.listMovements': () => 'the server answers a page of movements',
      'xstate.error.actor.listMovements': () => 'the connection fails',
      'xstate.done.actor.acceptMovement': () => 'the server posts it',
      'xstate.error.actor.acceptMovement': () => 'the connection fails',
      'xstate.done.actor.splitMovement': () => 'the server posts the parts',
      'xstate.error.actor.splitMovement': () => 'the connection fails',
      'xstate.done.actor.dismissMovement': () => 'the server sets it aside',
      'xstate.error.actor.dismissMovement': () => 'the connection fails',
      'xstate.done.actor.undoMovement': () => 'the server undoes it',
      'xstate.error.actor.undoMovement': () => 'the connection fails',
    },
  },
});
