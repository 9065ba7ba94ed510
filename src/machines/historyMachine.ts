// The history page (/condominio/historial, issue 16), two parts side by side: the list (a page of the log with
// its filters: loading, ready, failed and retried; new filters start again from the first page) and the CSV
// export of the filtered set (idle, exporting with the bytes received so far, saved, failed). The export runs
// while the list is read or paged, and takes the filters in force when it was asked for.
import { assign, fromPromise, setup } from 'xstate';
import { HISTORY_PAGE_SIZE, type HistoryAnswer, type HistoryFilters, type HistoryQuery } from '../api/history';
import { fetchHistory, fetchHistoryCsv } from '../services/historyService';
import { saveBlob } from '../services/saveBlob';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface HistoryContext {
  filters: HistoryFilters;
  offset: number;
  answer: HistoryAnswer | null;
  failure: CallFailure | null;
  /** The filters of the export under way or last made (taken when it was asked for). */
  exportFilters: HistoryFilters;
  /** Bytes of the CSV received so far while exporting. */
  exportBytes: number;
  exportFailure: CallFailure | null;
}

export interface ExportInput {
  filters: HistoryFilters;
  onProgress(bytes: number): void;
}

export type HistoryEvent =
  | { type: 'setFilters'; filters: HistoryFilters }
  | { type: 'page'; offset: number }
  | { type: 'retry' }
  | { type: 'export' }
  | { type: 'progress'; bytes: number };

/** The file's name: the period when the filters name one. */
export const historyFileName = (filters: HistoryFilters) =>
  `historial${filters.desde ? `-${filters.desde}` : ''}${filters.hasta ? `-${filters.hasta}` : ''}.csv`;

/** A page's first offset that exists for this total (a filter may leave fewer rows than the page shown). */
export const validOffset = (offset: number, total: number) => (offset >= 0 && offset < Math.max(total, 1) ? offset : null);

export const historyMachine = setup({
  types: {
    input: {} as { filters?: HistoryFilters },
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
  },
  actors: {
    fetchPage: fromPromise<HistoryAnswer, HistoryQuery>(({ input, signal }) => fetchHistory(input, signal)),
    fetchCsv: fromPromise<Blob, ExportInput>(({ input, signal }) => fetchHistoryCsv(input.filters, input.onProgress, signal)),
  },
  guards: {
    offsetValid: ({ context, event }) =>
      event.type === 'page' && context.answer !== null && validOffset(event.offset, context.answer.total) !== null,
  },
  actions: {
    setFilters: assign(({ event }) => (event.type === 'setFilters' ? { filters: event.filters, offset: 0 } : {})),
    setOffset: assign(({ event }) => (event.type === 'page' ? { offset: event.offset } : {})),
    setAnswer: assign((_, answer: HistoryAnswer) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    startExport: assign(({ context }) => ({ exportFilters: context.filters, exportBytes: 0, exportFailure: null })),
    setProgress: assign(({ event }) => (event.type === 'progress' ? { exportBytes: event.bytes } : {})),
    save: (_, { blob, filters }: { blob: Blob; filters: HistoryFilters }) => saveBlob(historyFileName(filters), blob),
    failExport: assign((_, { error }: { error: unknown }) => ({ exportFailure: callFailure(error) })),
  },
}).createMachine({
  id: 'history',
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
      on: { setFilters: { target: '.loading', actions: 'setFilters' } },
      states: {
        loading: {
          invoke: {
            id: 'page',
            src: 'fetchPage',
            input: ({ context }) => ({ ...context.filters, limit: HISTORY_PAGE_SIZE, offset: context.offset }),
            onDone: { target: 'ready', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: { page: { guard: 'offsetValid', target: 'loading', actions: 'setOffset' } },
        },
        failed: {
          on: { retry: 'loading' },
        },
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
