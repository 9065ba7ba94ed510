// Filing the signed acta as a test model: a file is chosen and sent; the server files it (the entry with its
// number), refuses it (409: already filed) so another may be chosen, or the connection fails.
// The words its scenarios are told in: docs/scenarios/assemblyMinutesFileMachine.md.
import { assemblyMinutesFileMachine } from '../../src/machines/assemblyMinutesFileMachine';
import { ApiError } from '../../src/services/http';
import { ENTRY, NO_CONNECTION } from '../support/assemblyMinutesFixtures';
import { defineModel } from '../support/machineModel';

export const SIGNED = { name: 'acta-firmada.pdf', dataUrl: 'data:application/pdf;base64,JVBERi0xLjQK' };
export const ALREADY_FILED = new ApiError(
  409,
  'CONFLICT',
  'El acta de esta asamblea ya está en el libro de actas; las correcciones se agregan como adendas.',
);

export const assemblyMinutesFileModel = defineModel({
  machine: assemblyMinutesFileMachine,
  input: { assemblyId: 7 },
  payloads: {
    file: (s) => (s.context.failure ? [] : [{ file: SIGNED }]),
    'xstate.done.actor.send': [{ output: ENTRY }],
    'xstate.error.actor.send': [{ error: ALREADY_FILED }, { error: NO_CONNECTION }],
  },
  words: {
    states: {
      idle: 'The acta card: Descargar el acta (PDF), the signed copy to choose and Archivar en el libro de actas.',
      sending: 'Archivar en el libro de actas is busy.',
      filed: '“El acta firmada está en el libro de actas (acta 1).”',
    },
    events: {
      file: () => 'chooses acta-firmada.pdf and presses Archivar en el libro de actas',
      'xstate.done.actor.send': () => 'the server files it as acta 1',
      'xstate.error.actor.send': (e) =>
        (e.error as { status: number }).status ? 'the server answers 409: it is already filed' : 'the connection fails',
    },
  },
});
