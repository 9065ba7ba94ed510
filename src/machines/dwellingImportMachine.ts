// The dwellings import (issue 16): the administrator chooses a CSV or XLSX file; it is uploaded and the server
// answers a preview of every row (nothing written yet). With a problem in any row the import cannot be
// confirmed: the preview says which rows and why, and a fixed file is chosen again. Confirming writes it all or
// nothing; when the towers or dwellings changed since the preview (409) it is stale and asks for a new preview
// of the same file. A file the server cannot take (too big, unreadable, no Vivienda column) returns to the
// choice with its words; a failure (no connection) can be retried.
import { assign, fromPromise, setup } from 'xstate';
import type { ImportDone, ImportFile, ImportPreview, ImportSummary } from '../api/dwellings';
import { confirmImport, importFileOf, previewImport } from '../services/dwellingsService';
import { ApiError } from '../services/http';
import { type CallFailure, callFailure } from './shared/callFailure';

/** A chosen file: the browser's File (a Blob with its name). */
export type ChosenFile = Blob & { name: string };

export interface DwellingImportContext {
  /** The file chosen last, as chosen (a new preview of it reads it again). */
  source: ChosenFile | null;
  /** The file as it was uploaded for the preview being shown (confirm sends the same bytes). */
  file: ImportFile | null;
  preview: ImportPreview | null;
  /** The last step failed (a refused file, or no answer): why. */
  failure: CallFailure | null;
  /** What failed last: the preview or the confirmation (retry repeats it). */
  failedStep: 'preview' | 'confirm' | null;
  result: ImportSummary | null;
}

export type DwellingImportEvent =
  | { type: 'open' }
  | { type: 'choose'; file: ChosenFile }
  | { type: 'confirm' }
  | { type: 'review' }
  | { type: 'retry' }
  | { type: 'cancel' }
  | { type: 'close' };

export interface PreviewOutput {
  file: ImportFile;
  preview: ImportPreview;
}

/** Whether the preview can be confirmed: no problem, and something to write. */
export const canConfirm = (preview: ImportPreview | null) =>
  preview !== null && preview.resumen.problemas === 0 && preview.resumen.nuevas + preview.resumen.actualizadas > 0;

const EMPTY: DwellingImportContext = { source: null, file: null, preview: null, failure: null, failedStep: null, result: null };

export const dwellingImportMachine = setup({
  types: {
    tags: {} as 'busy' | 'failed',
    context: {} as DwellingImportContext,
    events: {} as DwellingImportEvent,
  },
  actors: {
    previewFile: fromPromise<PreviewOutput, { source: ChosenFile }>(async ({ input, signal }) => {
      const file = await importFileOf(input.source);
      return { file, preview: await previewImport(file, signal) };
    }),
    confirmFile: fromPromise<ImportDone, { file: ImportFile; huella: string }>(({ input, signal }) =>
      confirmImport(input.file, input.huella, signal),
    ),
  },
  guards: {
    confirmable: ({ context }) => canConfirm(context.preview),
    /** The server would not take the file (400: too big, unreadable, no columns): choose another. */
    refusedFile: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 400,
    /** The preview no longer holds (409), or a row now has a problem (400): preview again. */
    stale: (_, { error }: { error: unknown }) => error instanceof ApiError && (error.status === 409 || error.status === 400),
    failedConfirm: ({ context }) => context.failedStep === 'confirm',
  },
  actions: {
    reset: assign(() => EMPTY),
    keepSource: assign((_, { file }: { file: ChosenFile }) => ({ source: file, failure: null })),
    keepPreview: assign((_, { output }: { output: PreviewOutput }) => ({
      file: output.file,
      preview: output.preview,
      failure: null,
      failedStep: null,
    })),
    keepResult: assign((_, { output }: { output: ImportDone }) => ({ result: output.resumen, failure: null, failedStep: null })),
    refuse: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), preview: null, file: null })),
    failPreview: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), failedStep: 'preview' as const })),
    failConfirm: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), failedStep: 'confirm' as const })),
    markStale: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'dwellingImport',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: { on: { open: { target: 'choosing', actions: 'reset' } } },
    choosing: {
      on: {
        choose: { target: 'uploading', actions: { type: 'keepSource', params: ({ event }) => ({ file: event.file }) } },
        cancel: 'idle',
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'preview',
        src: 'previewFile',
        input: ({ context }) => ({ source: context.source! }),
        onDone: { target: 'preview', actions: { type: 'keepPreview', params: ({ event }) => ({ output: event.output }) } },
        onError: [
          {
            guard: { type: 'refusedFile', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'failPreview', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    preview: {
      on: {
        confirm: { guard: 'confirmable', target: 'confirming' },
        choose: { target: 'uploading', actions: { type: 'keepSource', params: ({ event }) => ({ file: event.file }) } },
        cancel: 'idle',
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirmFile',
        input: ({ context }) => ({ file: context.file!, huella: context.preview!.huella }),
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => ({ output: event.output }) } },
        onError: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: { type: 'markStale', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'failConfirm', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    stale: { tags: ['failed'], on: { review: 'uploading', cancel: 'idle' } },
    failed: {
      tags: ['failed'],
      on: {
        retry: [{ guard: 'failedConfirm', target: 'confirming' }, { target: 'uploading' }],
        cancel: 'idle',
      },
    },
    done: { on: { close: 'idle' } },
  },
});
