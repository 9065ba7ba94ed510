// Creating an assembly and sending its call as a test model: the administrator fills the form (a blank title is
// never sent), saves the draft; the server keeps it or the connection fails; then sends the call, which the server
// sends, refuses with 409 (someone moved it first: the assembly shown as it is) or the connection fails. The words its
// scenarios are told in: docs/scenarios/assemblyCreateMachine.md.
import { assemblyCreateMachine } from '../../src/machines/assemblyCreateMachine';
import { BLANK, DRAFT, DRAFTED, NO_CONNECTION, SENT, SENT_LOST } from '../support/assembliesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyCreateModel = defineModel({
  machine: assemblyCreateMachine,
  payloads: {
    submit: [{ draft: DRAFT }, { draft: BLANK }],
    retry: BARE,
    edit: BARE,
    send: BARE,
    again: BARE,
    'xstate.done.actor.create': [{ output: DRAFTED }],
    'xstate.error.actor.create': [{ error: NO_CONNECTION }],
    'xstate.done.actor.sendCall': [{ output: SENT }, { output: SENT_LOST }],
    'xstate.error.actor.sendCall': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      editing: 'Nueva asamblea: kind, title, place or link, the agenda and the calls, Guardar borrador.',
      saving: 'Guardar borrador is busy.',
      failed: 'The form with the failure (no connection).',
      drafted: '“Borrador guardado.” with Enviar convocatoria.',
      sending: 'Enviar convocatoria is busy.',
      sendFailed: 'The draft with the failure (no connection) and Enviar convocatoria to retry.',
      called: '“Asamblea actualizada.”: the call is sent.',
    },
    events: {
      submit: (e) => `fills “${String((e.draft as typeof DRAFT).title).trim() || '(blank)'}” and presses Guardar borrador`,
      retry: () => 'presses it again',
      edit: () => 'changes the form',
      send: () => 'presses Enviar convocatoria',
      again: () => 'starts another assembly',
      'xstate.done.actor.create': () => 'the server keeps the draft',
      'xstate.error.actor.create': () => 'the connection fails',
      'xstate.done.actor.sendCall': (e) =>
        (e.output as typeof SENT).kind === 'changed'
          ? 'the server sends the call'
          : 'the server answers 409: someone moved it first',
      'xstate.error.actor.sendCall': () => 'the connection fails',
    },
  },
});
