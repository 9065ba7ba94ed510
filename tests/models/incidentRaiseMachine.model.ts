// Raising an incident as a test model: the guard fills the form (a blank description or place is never sent),
// sends it; the server records it or the connection fails; the guard retries or goes back to the form; once raised,
// another may be filled. The words its scenarios are told in: docs/scenarios/incidentRaiseMachine.md.
import { type IncidentDraft, incidentRaiseMachine } from '../../src/machines/incidentRaiseMachine';
import { NO_CONNECTION, OPEN_MAINTENANCE } from '../support/incidentsFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const DRAFT: IncidentDraft = {
  category: 'maintenance',
  severity: 'high',
  description: 'Fuga de agua en la bomba.',
  place: 'Cuarto de máquinas',
  photos: [{ name: 'foto.png', dataUrl: 'data:image/png;base64,AAAA' }],
};
export const BLANK: IncidentDraft = { ...DRAFT, description: '   ' };

export const incidentRaiseModel = defineModel({
  machine: incidentRaiseMachine,
  input: { checkpointId: 4, source: 'checkpoint' },
  payloads: {
    submit: [{ draft: DRAFT }, { draft: BLANK }],
    retry: BARE,
    edit: BARE,
    again: BARE,
    'xstate.done.actor.raise': [{ output: OPEN_MAINTENANCE }],
    'xstate.error.actor.raise': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      editing: 'Nuevo incidente: category, severity, place, description, photos, Reportar incidente.',
      raising: 'Reportar incidente is busy.',
      failed: 'The form with the failure (no connection) and Reintentar.',
      raised: '“Incidente reportado.”, with Incidentes and Nuevo incidente.',
    },
    events: {
      submit: (e) =>
        `fills “${String((e.draft as IncidentDraft).description).trim() || '(blank)'}” and presses Reportar incidente`,
      retry: () => 'presses Reintentar',
      edit: () => 'changes the form',
      again: () => 'presses Nuevo incidente',
      'xstate.done.actor.raise': () => 'the server records it',
      'xstate.error.actor.raise': () => 'the connection fails',
    },
  },
});
