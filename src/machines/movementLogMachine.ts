// The movement log (bitacora-movimientos, issue 26), modelled on the history: the list (a page of movements
// with its filters: loading, ready, failed and retried; new filters start again from the first page; the text
// search waits GATE_SEARCH_DEBOUNCE_MS after the last keystroke) and, beside it, the export of the filtered
// set as CSV or PDF (idle, exporting with the bytes received so far, saved, failed; one file at a time), which
// takes the filters in force when it was asked for. A PDF of too many rows is refused by the server: failed,
// with its words (narrow the filters).
import { assign, fromPromise, setup } from 'xstate';
import {
  GATE_SEARCH_DEBOUNCE_MS,
  MOVEMENT_PAGE_SIZE,
  type MovementFilters,
  type MovementListAnswer,
  type MovementQuery,
} from '../api/gate';
import { fetchMovements, fetchMovementsCsv, fetchMovementsPdf } from '../services/gateService';
import { saveBlob } from '../services/saveBlob';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface MovementLogContext {
  /** The filters; the text search (q) is read once it has been still for the debounce. */
  filters: MovementFilters;
  offset: number;
  answer: MovementListAnswer | null;
  failure: CallFailure | null;
  exportFilters: MovementFilters;
  exportFormat: MovementExportFormat;
  exportBytes: number;
  exportFailure: CallFailure | null;
}

export type MovementExportFormat = 'csv' | 'pdf';

export interface MovementExportInput {
  format: MovementExportFormat;
  filters: MovementFilters;
  onProgress(bytes: number): void;
}

export type MovementLogEvent =
  | { type: 'setFilters'; filters: MovementFilters }
  | { type: 'search'; text: string }
  | { type: 'page'; offset: number }
  | { type: 'retry' }
  | { type: 'export'; format: MovementExportFormat }
  | { type: 'progress'; bytes: number };

/** The file's name: the period when the filters name one. */
export const movementFileName = (filters: MovementFilters, format: MovementExportFormat) =>
  `bitacora-movimientos${filters.desde ? `-${filters.desde}` : ''}${filters.hasta ? `-${filters.hasta}` : ''}.${format}`;

const DOWNLOADS = { csv: fetchMovementsCsv, pdf: fetchMovementsPdf } as const;

/** The filters with the search typed (none when blank). */
const withText = (filters: MovementFilters, text: string): MovementFilters => {
  const { q: _old, ...rest } = filters;
  return text.trim() ? { ...rest, q: text.trim() } : rest;
};

export const movementLogMachine = setup({
  types: {
    input: {} as { filters?: MovementFilters },
    context: {} as MovementLogContext,
    events: {} as MovementLogEvent,
  },
  actors: {
    fetchPage: fromPromise<MovementListAnswer, MovementQuery>(({ input, signal }) => fetchMovements(input, signal)),
    fetchExport: fromPromise<Blob, MovementExportInput>(({ input, signal }) =>
      DOWNLOADS[input.format](input.filters, input.onProgress, signal),
    ),
  },
  delays: { debounce: GATE_SEARCH_DEBOUNCE_MS },
  guards: {
    offsetValid: ({ context, event }) =>
      event.type === 'page' &&
      context.answer !== null &&
      event.offset >= 0 &&
      event.offset < Math.max(context.answer.total, 1) &&
      event.offset !== context.offset,
  },
  actions: {
    setFilters: assign(({ event }) => (event.type === 'setFilters' ? { filters: event.filters, offset: 0 } : {})),
    setText: assign(({ context, event }) =>
      event.type === 'search' ? { filters: withText(context.filters, event.text), offset: 0 } : {},
    ),
    setOffset: assign(({ event }) => (event.type === 'page' ? { offset: event.offset } : {})),
    setAnswer: assign((_, answer: MovementListAnswer) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    startExport: assign(({ context, event }) => ({
      exportFilters: context.filters,
      exportFormat: event.type === 'export' ? event.format : context.exportFormat,
      exportBytes: 0,
      exportFailure: null,
    })),
    setProgress: assign(({ event }) => (event.type === 'progress' ? { exportBytes: event.bytes } : {})),
    save: (_, { blob, name }: { blob: Blob; name: string }) => saveBlob(name, blob),
    failExport: assign((_, { error }: { error: unknown }) => ({ exportFailure: callFailure(error) })),
  },
}).createMachine({
  id: 'movementLog',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input.filters ?? {},
    offset: 0,
    answer: null,
    failure: null,
    exportFilters: input.filters ?? {},
    exportFormat: 'csv',
    exportBytes: 0,
    exportFailure: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        setFilters: { target: '.loading', actions: 'setFilters' },
        search: { target: '.waiting', actions: 'setText' },
      },
      states: {
        waiting: { after: { debounce: 'loading' } },
        loading: {
          entry: 'forgetFailure',
          invoke: {
            id: 'page',
            src: 'fetchPage',
            input: ({ context }) => ({ ...context.filters, limit: MOVEMENT_PAGE_SIZE, offset: context.offset }),
            onDone: { target: 'ready', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: { on: { page: { guard: 'offsetValid', target: 'loading', actions: 'setOffset' } } },
        failed: { on: { retry: 'loading' } },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { export: 'exporting' } },
        exporting: {
          entry: 'startExport',
          on: { progress: { actions: 'setProgress' } },
          invoke: {
            id: 'download',
            src: 'fetchExport',
            input: ({ context, self }) => ({
              format: context.exportFormat,
              filters: context.exportFilters,
              onProgress: (bytes: number) => self.send({ type: 'progress', bytes }),
            }),
            onDone: {
              target: 'saved',
              actions: {
                type: 'save',
                params: ({ context, event }) => ({
                  blob: event.output,
                  name: movementFileName(context.exportFilters, context.exportFormat),
                }),
              },
            },
            onError: { target: 'failed', actions: { type: 'failExport', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saved: { on: { export: 'exporting' } },
        failed: { on: { export: 'exporting' } },
      },
    },
  },
});
