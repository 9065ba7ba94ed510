// The movement log (bitacora-movimientos, issue 26), modelled on the history: the list (a page of movements
// with its filters: loading, ready, failed and retried; new filters start again from the first page; the text
// search waits GATE_SEARCH_DEBOUNCE_MS after the last keystroke) and, beside it, the CSV export of the
// filtered set (idle, exporting with the bytes received so far, saved, failed), which takes the filters in
// force when it was asked for.
import { assign, fromPromise, setup } from 'xstate';
import {
  GATE_SEARCH_DEBOUNCE_MS,
  MOVEMENT_PAGE_SIZE,
  type MovementFilters,
  type MovementListAnswer,
  type MovementQuery,
} from '../api/gate';
import { fetchMovements, fetchMovementsCsv } from '../services/gateService';
import { saveBlob } from '../services/pollsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface MovementLogContext {
  /** The filters; the text search (q) is read once it has been still for the debounce. */
  filters: MovementFilters;
  offset: number;
  answer: MovementListAnswer | null;
  failure: CallFailure | null;
  exportFilters: MovementFilters;
  exportBytes: number;
  exportFailure: CallFailure | null;
}

export interface MovementExportInput {
  filters: MovementFilters;
  onProgress(bytes: number): void;
}

export type MovementLogEvent =
  | { type: 'setFilters'; filters: MovementFilters }
  | { type: 'search'; text: string }
  | { type: 'page'; offset: number }
  | { type: 'retry' }
  | { type: 'export' }
  | { type: 'progress'; bytes: number };

/** The file's name: the period when the filters name one. */
export const movementFileName = (filters: MovementFilters) =>
  `bitacora-movimientos${filters.desde ? `-${filters.desde}` : ''}${filters.hasta ? `-${filters.hasta}` : ''}.csv`;

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
    fetchCsv: fromPromise<Blob, MovementExportInput>(({ input, signal }) =>
      fetchMovementsCsv(input.filters, input.onProgress, signal),
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
    startExport: assign(({ context }) => ({ exportFilters: context.filters, exportBytes: 0, exportFailure: null })),
    setProgress: assign(({ event }) => (event.type === 'progress' ? { exportBytes: event.bytes } : {})),
    save: (_, { blob, filters }: { blob: Blob; filters: MovementFilters }) => saveBlob(movementFileName(filters), blob),
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
    csv: {
      initial: 'idle',
      states: {
        idle: { on: { export: 'exporting' } },
        exporting: {
          entry: 'startExport',
          on: { progress: { actions: 'setProgress' } },
          invoke: {
            id: 'csv',
            src: 'fetchCsv',
            input: ({ context, self }) => ({
              filters: context.exportFilters,
              onProgress: (bytes: number) => self.send({ type: 'progress', bytes }),
            }),
            onDone: {
              target: 'saved',
              actions: { type: 'save', params: ({ context, event }) => ({ blob: event.output, filters: context.exportFilters }) },
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
