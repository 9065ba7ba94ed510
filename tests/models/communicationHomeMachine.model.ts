// The communication home's counts as a test model: the first load (shown or failed with retry), the refresh the
// live channel asks for (again while one is under way) and the one every minute, which keep the counts on a failure. Its scenarios: docs/scenarios/communicationHomeMachine.md.
import type { HomeSummaryAnswer } from '../../src/api/communicationHome';
import { communicationHomeMachine } from '../../src/machines/communicationHomeMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const FIRST: HomeSummaryAnswer = {
  success: true,
  sections: [
    { SectId: 1, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 3 },
    { SectId: 2, abiertas: 2, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
    { SectId: 5, abiertas: 0, noLeidos: 1, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
  ],
};

export const LATER: HomeSummaryAnswer = {
  success: true,
  sections: [
    { SectId: 1, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 3 },
    { SectId: 2, abiertas: 2, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
    { SectId: 5, abiertas: 0, noLeidos: 4, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
  ],
};

export const communicationHomeModel = defineModel({
  machine: communicationHomeMachine,
  payloads: {
    retry: BARE,
    refresh: BARE,
    'xstate.done.actor.summary': [{ output: FIRST }],
    'xstate.error.actor.summary': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.refresh': [{ output: LATER }],
    'xstate.error.actor.refresh': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Comunicación lists the sections; their counts are loading (the list is aria-busy).',
      failed: 'The sections without counts, and No pudimos cargar los pendientes with Reintentar.',
      shown: 'Each section with what waits there: open requests, unread messages or new posts.',
      refreshing:
        'The counts stay on screen while fresh ones load (when the live channel says something changed, and every minute).',
    },
    events: {
      retry: () => 'presses Reintentar',
      refresh: () => 'the live channel says something changed (a notification, a message read, a request)',
      'xstate.after.refresh.communicationHome.shown': () => 'a minute passes',
      'xstate.done.actor.summary': () => 'the server answers the counts',
      'xstate.error.actor.summary': () => 'the connection fails',
      'xstate.done.actor.refresh': () => 'the server answers fresh counts (a new message arrived)',
      'xstate.error.actor.refresh': () => 'the refresh fails',
    },
  },
});
