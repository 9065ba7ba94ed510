// The acta on an assembly's screen, for who manages it (issue 32): the signed copy (a PDF or an image, read into the
// contract's upload) filed in the book of minutes, once: idle → sending → filed with its entry (its number); a refusal
// (409: already filed, 400: not a PDF or an image) goes back to idle with the server's words so another file may be
// chosen. Downloading the acta's PDF is a plain save of the server's answer, outside the machine.
import { assign, fromPromise, setup } from 'xstate';
import type { MinutesEntry } from '../api/assemblyMinutes';
import type { AttachmentUpload } from '../api/uploads';
import { fileSignedActa } from '../services/assemblyMinutesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface MinutesFileContext {
  assemblyId: number;
  file: AttachmentUpload | null;
  entry: MinutesEntry | null;
  failure: CallFailure | null;
}

export type MinutesFileEvent = { type: 'file'; file: AttachmentUpload };

export const assemblyMinutesFileMachine = setup({
  types: {
    input: {} as { assemblyId: number },
    context: {} as MinutesFileContext,
    events: {} as MinutesFileEvent,
  },
  actors: {
    send: fromPromise<MinutesEntry, { assemblyId: number; file: AttachmentUpload }>(({ input, signal }) =>
      fileSignedActa(input.assemblyId, input.file, signal),
    ),
  },
  actions: {
    take: assign(({ event }) => ({ file: event.file, failure: null })),
    keepEntry: assign((_, entry: MinutesEntry) => ({ entry, file: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), file: null })),
  },
}).createMachine({
  id: 'assemblyMinutesFile',
  context: ({ input }) => ({ assemblyId: input.assemblyId, file: null, entry: null, failure: null }),
  initial: 'idle',
  states: {
    idle: { on: { file: { target: 'sending', actions: 'take' } } },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ assemblyId: context.assemblyId, file: context.file! }),
        onDone: { target: 'filed', actions: { type: 'keepEntry', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    filed: { type: 'final' },
  },
});
