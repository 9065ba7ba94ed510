// Recordatorios de pago as a test model: the days and the first page load (or fail and are retried), the days are
// saved, today's sent now (the list back on its first page), the second page asked for; any call may fail and leave
// things as they were. The words its scenarios are told in: docs/scenarios/remindersMachine.md.
import { remindersMachine } from '../../src/machines/remindersMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { CHANGED, PAGE_TWO, SENT, SETTINGS, TOTAL } from '../support/remindersFixtures';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const remindersModel = defineModel({
  machine: remindersMachine,
  payloads: {
    save: [{ settings: CHANGED }],
    send: BARE,
    page: (s) => (s.context.page === 2 ? [] : [{ page: 2 }]),
    retry: BARE,
    'xstate.done.actor.loadAll': [{ output: { settings: SETTINGS, items: SENT, total: TOTAL } }],
    'xstate.error.actor.loadAll': failure,
    'xstate.done.actor.saveSettings': [{ output: CHANGED }],
    'xstate.error.actor.saveSettings': failure,
    'xstate.done.actor.sendNow': [{ output: 3 }],
    'xstate.error.actor.sendNow': failure,
    'xstate.done.actor.listPage': (s) => [
      {
        output:
          s.context.notice?.kind === 'sent'
            ? { items: SENT, total: TOTAL + 3, page: 1 }
            : { items: PAGE_TWO, total: TOTAL, page: 2 },
      },
    ],
    'xstate.error.actor.listPage': failure,
  },
  words: {
    states: {
      loading: 'Recordatorios de pago loading.',
      loadFailed: 'The screen could not load, with Reintentar.',
      ready: 'The days’ form with Guardar, Enviar los de hoy, and the reminders sent, a page at a time.',
      saving: 'The days are being saved.',
      sending: 'Today’s reminders are being sent.',
      paging: 'A page of the reminders sent is loading.',
    },
    events: {
      save: () => 'changes the days and presses Guardar',
      send: () => 'presses Enviar los de hoy',
      page: (e) => `goes to page ${String(e.page)}`,
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadAll': () => 'the server answers the days and the first page',
      'xstate.error.actor.loadAll': () => 'the connection fails',
      'xstate.done.actor.saveSettings': () => 'the server saves the days',
      'xstate.error.actor.saveSettings': () => 'the connection fails',
      'xstate.done.actor.sendNow': () => 'the server sends 3 reminders',
      'xstate.error.actor.sendNow': () => 'the connection fails',
      'xstate.done.actor.listPage': () => 'the server answers the page',
      'xstate.error.actor.listPage': () => 'the connection fails',
    },
  },
});
