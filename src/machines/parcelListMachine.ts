// A paged list of parcels: the gate's waiting list (searched by dwelling, carrier or tracking number) or a
// member's own (waiting or collected). A page loads, is ready or failed (retried); a new search or status starts
// again from the first page; refresh reloads the page shown (after a hand-over or an arrival).
import { assign, fromPromise, setup } from 'xstate';
import { PARCEL_PAGE_SIZE, type ParcelStatus, type ParcelsPageAnswer } from '../api/parcels';
import { fetchMyParcels, fetchWaitingParcels } from '../services/parcelsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ParcelListMode = 'gate' | 'mine';

export interface ParcelListQuery {
  mode: ParcelListMode;
  q: string;
  status: ParcelStatus;
  offset: number;
}

export interface ParcelListContext extends ParcelListQuery {
  answer: ParcelsPageAnswer | null;
  failure: CallFailure | null;
}

export type ParcelListEvent =
  | { type: 'search'; q: string }
  | { type: 'setStatus'; status: ParcelStatus }
  | { type: 'page'; offset: number }
  | { type: 'refresh' }
  | { type: 'retry' };

function fetchPage(query: ParcelListQuery, signal: AbortSignal): Promise<ParcelsPageAnswer> {
  const page = { limit: PARCEL_PAGE_SIZE, offset: query.offset };
  return query.mode === 'gate'
    ? fetchWaitingParcels({ ...page, ...(query.q.trim() ? { q: query.q.trim() } : {}) }, signal)
    : fetchMyParcels({ ...page, status: query.status }, signal);
}

export const parcelListMachine = setup({
  types: {
    input: {} as { mode: ParcelListMode },
    context: {} as ParcelListContext,
    events: {} as ParcelListEvent,
  },
  actors: {
    fetchPage: fromPromise<ParcelsPageAnswer, ParcelListQuery>(({ input, signal }) => fetchPage(input, signal)),
  },
  guards: {
    offsetValid: ({ context, event }) =>
      event.type === 'page' &&
      context.answer !== null &&
      event.offset >= 0 &&
      event.offset < Math.max(context.answer.total, 1) &&
      event.offset !== context.offset,
    isGate: ({ context }) => context.mode === 'gate',
    isMine: ({ context }) => context.mode === 'mine',
  },
  actions: {
    search: assign(({ event }) => (event.type === 'search' ? { q: event.q, offset: 0 } : {})),
    setStatus: assign(({ event }) => (event.type === 'setStatus' ? { status: event.status, offset: 0 } : {})),
    setOffset: assign(({ event }) => (event.type === 'page' ? { offset: event.offset } : {})),
    setAnswer: assign((_, answer: ParcelsPageAnswer) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'parcelList',
  context: ({ input }) => ({ mode: input.mode, q: '', status: 'waiting', offset: 0, answer: null, failure: null }),
  initial: 'loading',
  on: {
    search: { guard: 'isGate', target: '.loading', actions: 'search' },
    setStatus: { guard: 'isMine', target: '.loading', actions: 'setStatus' },
  },
  states: {
    loading: {
      // A change told while this page loads: ask again, or the list keeps what the earlier answer held.
      on: { refresh: { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ mode: context.mode, q: context.q, status: context.status, offset: context.offset }),
        onDone: { target: 'ready', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        page: { guard: 'offsetValid', target: 'loading', actions: 'setOffset' },
        refresh: 'loading',
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
