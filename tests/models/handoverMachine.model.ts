// The shift handover as a test model: the latest handovers load (or fail and are retried); the guard writes the notes
// (blank notes are never sent) or marks someone else's unread handover read; after either the list is read again; a
// refusal (read already) or a broken connection is kept to read. The words its scenarios are told in:
// docs/scenarios/handoverMachine.md.
import { handoverMachine } from '../../src/machines/handoverMachine';
import { NO_CONNECTION, READ_ALREADY, READ_HANDOVER, UNREAD_HANDOVER } from '../support/incidentsFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const handoverModel = defineModel({
  machine: handoverMachine,
  payloads: {
    write: [{ notes: ' Portón 2 no cierra bien. ' }, { notes: '  ' }],
    markRead: [{ handoverId: UNREAD_HANDOVER.id }, { handoverId: 999 }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.load': [{ output: [UNREAD_HANDOVER] }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.write': [{ output: { ...UNREAD_HANDOVER, id: 6, writtenByMe: true } }],
    'xstate.error.actor.write': [{ error: NO_CONNECTION }],
    'xstate.done.actor.markRead': [{ output: READ_HANDOVER }],
    'xstate.error.actor.markRead': [{ error: READ_ALREADY }],
  },
  words: {
    states: {
      loading: 'Entrega de turno: the list is loading.',
      failed: 'The list could not be loaded, with Reintentar.',
      ready: 'The notes box with Entregar turno, and the latest handovers, each read (by whom, when) or Sin leer.',
      writing: 'Entregar turno is busy.',
      marking: 'Marcar como leída is busy.',
    },
    events: {
      write: (e) => `writes “${String(e.notes).trim() || '(blank)'}” and presses Entregar turno`,
      markRead: (e) => `presses Marcar como leída on handover ${String(e.handoverId)}`,
      refresh: () => 'the list is read again',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the list arrives',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.write': () => 'the server keeps the notes',
      'xstate.error.actor.write': () => 'the connection fails',
      'xstate.done.actor.markRead': () => 'the server marks it read',
      'xstate.error.actor.markRead': () => 'the server refuses: read already',
    },
  },
});
