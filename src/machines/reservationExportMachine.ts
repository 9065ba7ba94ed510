// The administration's CSV of the reservations of a period (issue 15, RI "Todas"): a period (from, to; a
// start after the end asks nothing), downloading, then the browser saves the file; a failure says why and
// may be retried.
import { assign, fromPromise, setup } from 'xstate';
import type { ExportQuery } from '../api/reservations';
import { fetchReservationsCsv } from '../services/reservationsService';
import { saveBlob } from '../services/saveBlob';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ReservationExportContext {
  desde: string;
  hasta: string;
  failure: CallFailure | null;
}

export type ReservationExportEvent =
  | { type: 'setPeriod'; desde: string; hasta: string }
  | { type: 'download' }
  | { type: 'retry' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const periodValid = (context: Pick<ReservationExportContext, 'desde' | 'hasta'>) =>
  DATE.test(context.desde) && DATE.test(context.hasta) && context.desde <= context.hasta;

export const exportFileName = (query: ExportQuery) => `reservaciones-${query.desde}-${query.hasta}.csv`;

export const reservationExportMachine = setup({
  types: {
    input: {} as { desde: string; hasta: string },
    context: {} as ReservationExportContext,
    events: {} as ReservationExportEvent,
  },
  actors: {
    fetchCsv: fromPromise<Blob, ExportQuery>(({ input, signal }) => fetchReservationsCsv(input, signal)),
  },
  guards: { periodValid: ({ context }) => periodValid(context) },
  actions: {
    setPeriod: assign((_, period: { desde: string; hasta: string }) => ({ ...period, failure: null })),
    save: (_, { blob, query }: { blob: Blob; query: ExportQuery }) => saveBlob(exportFileName(query), blob),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'reservationExport',
  context: ({ input }) => ({ desde: input.desde, hasta: input.hasta, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        setPeriod: {
          actions: { type: 'setPeriod', params: ({ event }) => ({ desde: event.desde, hasta: event.hasta }) },
        },
        download: { guard: 'periodValid', target: 'downloading' },
      },
    },
    downloading: {
      invoke: {
        id: 'csv',
        src: 'fetchCsv',
        input: ({ context }) => ({ desde: context.desde, hasta: context.hasta }),
        onDone: {
          target: 'saved',
          actions: {
            type: 'save',
            params: ({ context, event }) => ({ blob: event.output, query: { desde: context.desde, hasta: context.hasta } }),
          },
        },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      on: {
        setPeriod: {
          target: 'idle',
          actions: { type: 'setPeriod', params: ({ event }) => ({ desde: event.desde, hasta: event.hasta }) },
        },
        download: 'downloading',
      },
    },
    failed: {
      on: {
        retry: 'downloading',
        setPeriod: {
          target: 'idle',
          actions: { type: 'setPeriod', params: ({ event }) => ({ desde: event.desde, hasta: event.hasta }) },
        },
      },
    },
  },
});
