// The door's check-in as a test model: the camera reads a code (or it is typed, also while the camera is open, or
// the camera is put away); the server records the person's dwellings, or refuses the code (another assembly's) or
// the connection fails. The door stays open for the next person.
// The words its scenarios are told in: docs/scenarios/assemblyCheckInMachine.md.
import { assemblyCheckInMachine } from '../../src/machines/assemblyCheckInMachine';
import { CHECKED_IN, CODE, NO_CONNECTION, OTHER_ASSEMBLY } from '../support/assemblyMinutesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyCheckInModel = defineModel({
  machine: assemblyCheckInMachine,
  input: { assemblyId: 7 },
  payloads: {
    scan: (s) => (s.context.result || s.context.failure ? [] : BARE),
    stop: BARE,
    code: (s) => (s.context.result || s.context.failure ? [] : [{ text: ` ${CODE} ` }, { text: '  ' }]),
    'xstate.done.actor.scanner': [{ output: { text: CODE } }],
    'xstate.done.actor.send': [{ output: CHECKED_IN }],
    'xstate.error.actor.send': [{ error: OTHER_ASSEMBLY }, { error: NO_CONNECTION }],
  },
  words: {
    states: {
      idle: 'Registrar en la puerta: Escanear, the typed code and the last answer.',
      scanning: 'The camera looks for an access code.',
      sending: 'Registrar is busy.',
    },
    events: {
      scan: () => 'presses Escanear',
      stop: () => 'presses Cerrar (the camera is put away)',
      code: (e) => (String(e.text).trim() ? `types ${CODE} and presses Registrar` : 'presses Registrar with only blanks'),
      'xstate.done.actor.scanner': () => `the camera reads ${CODE}`,
      'xstate.done.actor.send': () => 'the server records Torre A - 101 present',
      'xstate.error.actor.send': (e) =>
        (e.error as { status: number }).status ? 'the server answers: the code is for another assembly' : 'the connection fails',
    },
  },
});
