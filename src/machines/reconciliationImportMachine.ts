// Importing a bank statement (conciliación, issue 27): the administrator chooses a file, the server previews it
// (what bank, how many deposits and withdrawals, the lines it could not read); a file of no known bank asks for a
// column mapping (a saved one, or a new one saved first), then previews again; the administrator chooses the
// account and confirms; the import answers what it matched and left in the queue. A file the server refuses (a
// limit, a changed file) ends in refused with its words; a lost connection in failed, with Reintentar. While
// choosing, the latest imports load (and whether the demo's example statement may be downloaded here: then
// "Descargar un estado de cuenta de ejemplo" downloads it; a failure to load them only leaves them unshown).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ColumnMapping, ColumnMappingDraft, StatementImport, StatementPreview } from '../api/reconciliation';
import {
  downloadExampleStatement,
  importStatement,
  listImports,
  listMappings,
  previewStatement,
  type StatementFile,
  saveMapping,
} from '../services/reconciliationService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ReconciliationImportContext {
  file: StatementFile | null;
  mapeoId: number | null;
  mappings: ColumnMapping[];
  preview: StatementPreview | null;
  cuentaId: number | null;
  result: StatementImport | null;
  failure: CallFailure | null;
  /** The latest imports (RECENT_IMPORTS), newest first. */
  recent: StatementImport[];
  /** Whether the demo's example statement may be downloaded here. */
  example: boolean;
}

/** How many of the latest imports the screen lists. */
export const RECENT_IMPORTS = 3;
type Recent = { items: StatementImport[]; exampleStatement: boolean };

export type ReconciliationImportEvent =
  | { type: 'choose'; file: StatementFile }
  | { type: 'useMapping'; mapeoId: number }
  | { type: 'saveMapping'; draft: ColumnMappingDraft }
  | { type: 'confirm'; cuentaId: number }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'again' }
  | { type: 'downloadExample' };

const EMPTY: ReconciliationImportContext = {
  file: null,
  mapeoId: null,
  mappings: [],
  preview: null,
  cuentaId: null,
  result: null,
  failure: null,
  recent: [],
  example: false,
};

export const reconciliationImportMachine = setup({
  types: {
    context: {} as ReconciliationImportContext,
    events: {} as ReconciliationImportEvent,
  },
  actors: {
    loadRecent: fromPromise<Recent>(({ signal }) => listImports(RECENT_IMPORTS, signal)),
    downloadExample: fromPromise<void>(({ signal }) => downloadExampleStatement(signal)),
    preview: fromPromise<StatementPreview, { file: StatementFile; mapeoId: number | null }>(({ input, signal }) =>
      previewStatement(input.file, input.mapeoId, signal),
    ),
    loadMappings: fromPromise<ColumnMapping[]>(({ signal }) => listMappings(signal)),
    saveMapping: fromPromise<ColumnMapping, ColumnMappingDraft>(({ input, signal }) => saveMapping(input, signal)),
    importStatement: fromPromise<
      StatementImport,
      { file: StatementFile; mapeoId: number | null; huella: string; cuentaId: number }
    >(({ input, signal }) =>
      importStatement(input.file, { mapeoId: input.mapeoId, huella: input.huella, cuentaId: input.cuentaId }, signal),
    ),
  },
  guards: {
    unknownBank: (_, preview: StatementPreview) => preview.bank === null,
    refused: (_, { error }: { error: unknown }) => callFailure(error).kind === 'refused',
    ownAccount: ({ context, event }) =>
      event.type === 'confirm' && (context.preview?.accounts.some((a) => a.id === event.cuentaId) ?? false),
    imported: ({ context }) => context.preview !== null && context.cuentaId !== null,
    hasExample: ({ context }) => context.example,
    knownMapping: ({ context, event }) => event.type === 'useMapping' && context.mappings.some((m) => m.id === event.mapeoId),
  },
  actions: {
    keepFile: assign(({ context, event }) => {
      assertEvent(event, 'choose');
      return { ...EMPTY, recent: context.recent, example: context.example, file: event.file };
    }),
    keepRecent: assign((_, recent: Recent) => ({ recent: recent.items, example: recent.exampleStatement })),
    keepPreview: assign((_, preview: StatementPreview) => ({ preview, failure: null })),
    keepMappings: assign((_, mappings: ColumnMapping[]) => ({ mappings })),
    useMapping: assign(({ event }) => {
      assertEvent(event, 'useMapping');
      return { mapeoId: event.mapeoId, failure: null };
    }),
    useSaved: assign(({ context }, mapping: ColumnMapping) => ({
      mapeoId: mapping.id,
      mappings: [...context.mappings.filter((m) => m.id !== mapping.id), mapping],
      failure: null,
    })),
    keepAccount: assign(({ event }) => {
      assertEvent(event, 'confirm');
      return { cuentaId: event.cuentaId, failure: null };
    }),
    keepResult: assign((_, result: StatementImport) => ({ result, failure: null })),
    reset: assign(({ context }) => ({ ...EMPTY, recent: context.recent, example: context.example })),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'reconciliationImport',
  context: EMPTY,
  initial: 'choosing',
  states: {
    choosing: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadRecent',
            src: 'loadRecent',
            onDone: { target: 'ready', actions: { type: 'keepRecent', params: ({ event }) => event.output } },
            onError: 'ready',
          },
        },
        ready: {
          on: { downloadExample: { guard: 'hasExample', target: 'downloading', actions: 'clearFailure' } },
        },
        downloading: {
          invoke: {
            id: 'downloadExample',
            src: 'downloadExample',
            onDone: 'ready',
            onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
      on: { choose: { target: 'previewing', actions: 'keepFile' } },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ file: context.file!, mapeoId: context.mapeoId }),
        onDone: [
          {
            guard: { type: 'unknownBank', params: ({ event }) => event.output },
            target: 'mappingColumns',
            actions: { type: 'keepPreview', params: ({ event }) => event.output },
          },
          { target: 'confirming', actions: { type: 'keepPreview', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    mappingColumns: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadMappings',
            src: 'loadMappings',
            onDone: { target: 'choosingMapping', actions: { type: 'keepMappings', params: ({ event }) => event.output } },
            onError: { target: 'choosingMapping', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        choosingMapping: {
          on: {
            useMapping: { guard: 'knownMapping', target: '#reconciliationImport.previewing', actions: 'useMapping' },
            saveMapping: { target: 'saving', actions: 'clearFailure' },
          },
        },
        saving: {
          invoke: {
            id: 'saveMapping',
            src: 'saveMapping',
            input: ({ event }) => {
              assertEvent(event, 'saveMapping');
              return event.draft;
            },
            onDone: {
              target: '#reconciliationImport.previewing',
              actions: { type: 'useSaved', params: ({ event }) => event.output },
            },
            onError: { target: 'choosingMapping', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
      on: { cancel: { target: 'choosing', actions: 'reset' } },
    },
    confirming: {
      on: {
        confirm: { guard: 'ownAccount', target: 'importing', actions: 'keepAccount' },
        cancel: { target: 'choosing', actions: 'reset' },
      },
    },
    importing: {
      invoke: {
        id: 'importStatement',
        src: 'importStatement',
        input: ({ context }) => ({
          file: context.file!,
          mapeoId: context.mapeoId,
          huella: context.preview!.huella,
          cuentaId: context.cuentaId!,
        }),
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: { on: { again: { target: 'choosing', actions: 'reset' } } },
    refused: { on: { again: { target: 'choosing', actions: 'reset' } } },
    failed: {
      on: {
        retry: [
          { guard: 'imported', target: 'importing', actions: 'clearFailure' },
          { target: 'previewing', actions: 'clearFailure' },
        ],
        again: { target: 'choosing', actions: 'reset' },
      },
    },
  },
});
