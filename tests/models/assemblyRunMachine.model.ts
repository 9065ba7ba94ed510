// One assembly's screen as a test model: it loads (or fails and is retried); the administrator sends the call,
// takes attendance, opens it (the server opens it, or answers 409: the quorum is not met) or records a dwelling
// present; a resident answers ahead; the live channel reads it again. Only what the lifecycle lists now is sent.
// The words its scenarios are told in: docs/scenarios/assemblyRunMachine.md.
import { assemblyRunMachine } from '../../src/machines/assemblyRunMachine';
import { NO_CONNECTION, NO_QUORUM, OPENED, WAITING_MET } from '../support/assembliesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyRunModel = defineModel({
  machine: assemblyRunMachine,
  input: { id: 7 },
  payloads: {
    act: [{ action: 'open' }, { action: 'close' }],
    confirm: [{ answer: 'online' }],
    attend: [{ attendance: { apartmentId: 11, kind: 'owner', mode: 'in_person' } }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.load': [{ output: WAITING_MET }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.reload': [{ output: WAITING_MET }],
    'xstate.error.actor.reload': [{ error: NO_CONNECTION }],
    'xstate.done.actor.send': (s) => [{ output: s.context.request?.kind === 'change' ? NO_QUORUM : OPENED }],
    'xstate.error.actor.send': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'The assembly is loading.',
      loadFailed: 'The assembly could not be loaded, with Reintentar.',
      ready: 'The assembly: its calls, agenda, quorum, the actions its state allows and the attendance.',
      reloading: 'The assembly stays shown while it is read again.',
      sending: 'The pressed action is busy.',
    },
    events: {
      act: (e) => `presses ${String(e.action)}`,
      confirm: () => 'answers “Asistiré en línea”',
      attend: () => 'marks Torre A - 101’s owner present in person',
      refresh: () => 'the assembly changes elsewhere (the live channel)',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the assembly arrives, waiting at the second call',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.reload': () => 'the assembly arrives again',
      'xstate.error.actor.reload': () => 'the connection fails (the assembly stays shown)',
      'xstate.done.actor.send': (_, s) =>
        s.context.request?.kind === 'change'
          ? 'the server answers 409: the quorum is not met'
          : 'the server answers the assembly',
      'xstate.error.actor.send': () => 'the connection fails',
    },
  },
});
