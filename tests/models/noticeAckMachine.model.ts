// An official notice on its post page as a test model (issue 30): a member who opened an important notice presses
// Enterado (recorded once: after it the button says it is done), and an administrator marks the notice important and
// takes it back; each call may be refused or fail, which keeps everything as it was. The words its scenarios are
// told in: docs/scenarios/noticeAckMachine.md.
import type { EventObject } from 'xstate';
import { noticeAckMachine } from '../../src/machines/noticeAckMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { ACKNOWLEDGED_AT, ADMIN_NOTICE, MEMBER_NOTICE, NOTICE_ID } from '../support/noticeReadsFixtures';

export const NOT_IMPORTANT = new ApiError(409, 'CONFLICT', 'Este aviso no pide confirmar que se leyó.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

export const noticeAckModel = defineModel({
  machine: noticeAckMachine,
  inputs: {
    member: { postId: NOTICE_ID, notice: MEMBER_NOTICE },
    administrator: { postId: NOTICE_ID, notice: ADMIN_NOTICE },
  },
  payloads: {
    acknowledge: BARE,
    // Marked important, then back: each once per path keeps the paths few.
    setImportant: (s) => [{ important: !s.context.important }],
    'xstate.done.actor.acknowledge': [{ output: ACKNOWLEDGED_AT }],
    'xstate.error.actor.acknowledge': [{ error: NOT_IMPORTANT }, { error: NO_CONNECTION }],
    'xstate.done.actor.saveImportance': (s) => (s.context.important ? [{ output: false }] : [{ output: true }]),
    'xstate.error.actor.saveImportance': [{ error: NO_CONNECTION }],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { error?: ApiError; important?: boolean };
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      idle: 'The notice: Aviso importante and, for a member who has not pressed it, Enterado (once pressed: “Enterado el …”, nothing to press); for an administrator the switch Aviso importante. A refusal or No pudimos comunicarnos con el servidor… under it.',
      acknowledging: 'Enterado shows it is sending.',
      savingImportance: 'The switch Aviso importante is busy.',
    },
    events: {
      acknowledge: () => 'presses Enterado',
      setImportant: (e) => (e.important ? 'switches Aviso importante on' : 'switches Aviso importante off'),
      'xstate.done.actor.acknowledge': () => 'the server records the acknowledgement with its time',
      'xstate.error.actor.acknowledge': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
      'xstate.done.actor.saveImportance': (e) =>
        e.output ? 'the server marks the notice important' : 'the server takes the importance back',
      'xstate.error.actor.saveImportance': () => 'the connection fails',
    },
  },
});
