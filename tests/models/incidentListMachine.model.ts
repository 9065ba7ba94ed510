// The incidents panel as a test model: the list loads (or fails and is retried), is filtered and read again; the
// administrator attends, closes or turns a maintenance incident into a request, only as the lifecycle table allows from
// its state; the server answers the changed incident, a 409 with the incident as it is now, or the connection
// fails. The words its scenarios are told in: docs/scenarios/incidentListMachine.md.
import type { IncidentsPageAnswer } from '../../src/api/incidents';
import { incidentListMachine } from '../../src/machines/incidentListMachine';
import type { IncidentChangeResult } from '../../src/services/incidentsService';
import { CLOSED, NO_CONNECTION, OPEN_MAINTENANCE, REQUESTED } from '../support/incidentsFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const PAGE: IncidentsPageAnswer = { success: true, items: [OPEN_MAINTENANCE], total: 1 };
export const REQUEST_DONE: IncidentChangeResult = { kind: 'changed', incident: REQUESTED };
export const CLOSE_LOST: IncidentChangeResult = {
  kind: 'conflict',
  message: 'Alguien más cambió el incidente; revisa cómo quedó.',
  incident: CLOSED,
};

export const incidentListModel = defineModel({
  machine: incidentListMachine,
  input: { roles: ['admin'] },
  payloads: {
    filter: [{ filters: { state: 'attended', category: 'maintenance' } }],
    refresh: BARE,
    retry: BARE,
    act: [
      { incidentId: OPEN_MAINTENANCE.id, action: 'request' },
      { incidentId: OPEN_MAINTENANCE.id, action: 'close', note: 'Reparado.' },
      { incidentId: 999, action: 'attend' },
    ],
    dismiss: BARE,
    'xstate.done.actor.load': [{ output: PAGE }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.change': (s) => [{ output: s.context.acting?.action === 'close' ? CLOSE_LOST : REQUEST_DONE }],
    'xstate.error.actor.change': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'Incidentes: the list is loading.',
      failed: 'The list could not be loaded, with Reintentar.',
      ready: 'Incidentes: the filters and each incident with its badges and the actions its state allows.',
      acting: 'The pressed action is busy.',
    },
    events: {
      filter: () => 'chooses Atendido and Mantenimiento',
      refresh: () => 'an incident changes elsewhere (the live channel)',
      retry: () => 'presses Reintentar',
      act: (e) => `presses ${String(e.action)} on incident ${String(e.incidentId)}`,
      dismiss: () => 'closes the notice',
      'xstate.done.actor.load': () => 'the list arrives',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.change': (_, s) =>
        s.context.acting?.action === 'close' ? 'the server answers 409: someone closed it first' : 'the server files the request',
      'xstate.error.actor.change': () => 'the connection fails',
    },
  },
});
