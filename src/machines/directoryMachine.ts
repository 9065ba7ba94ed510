// A directory's list (issue 16): the residents' (dwellings by tower, searched, filtered by tower, paged) or the
// staff's (searched). loading → ready, or failed until retried; a new search, tower or page loads again (a
// search typed while loading replaces the one under way).
import { assign, fromPromise, setup } from 'xstate';
import { DIRECTORY_PAGE_SIZE, type ResidentsAnswer, type StaffAnswer } from '../api/directory';
import { fetchResidents, fetchStaff } from '../services/directoryService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type DirectoryKind = 'residents' | 'staff';

export interface DirectoryQuery {
  q: string;
  /** null: every tower. */
  torreId: number | null;
  offset: number;
}

export type DirectoryAnswer = { kind: 'residents'; answer: ResidentsAnswer } | { kind: 'staff'; answer: StaffAnswer };

export interface DirectoryContext {
  kind: DirectoryKind;
  query: DirectoryQuery;
  result: DirectoryAnswer | null;
  failure: CallFailure | null;
}

export type DirectoryEvent =
  | { type: 'search'; q: string }
  | { type: 'tower'; torreId: number | null }
  | { type: 'page'; offset: number }
  | { type: 'retry' };

export const FIRST_QUERY: DirectoryQuery = { q: '', torreId: null, offset: 0 };

async function load(kind: DirectoryKind, query: DirectoryQuery, signal: AbortSignal): Promise<DirectoryAnswer> {
  const q = query.q.trim();
  if (kind === 'staff') return { kind, answer: await fetchStaff({ q }, signal) };
  const answer = await fetchResidents(
    { q, offset: query.offset, limit: DIRECTORY_PAGE_SIZE, ...(query.torreId === null ? {} : { torreId: query.torreId }) },
    signal,
  );
  return { kind, answer };
}

export const directoryMachine = setup({
  types: {
    input: {} as { kind: DirectoryKind },
    context: {} as DirectoryContext,
    events: {} as DirectoryEvent,
  },
  actors: {
    loadDirectory: fromPromise<DirectoryAnswer, { kind: DirectoryKind; query: DirectoryQuery }>(({ input, signal }) =>
      load(input.kind, input.query, signal),
    ),
  },
  guards: {
    /** A page that exists: the residents' directory only, within what was found. */
    pageExists: ({ context }, { offset }: { offset: number }) =>
      context.result?.kind === 'residents' &&
      offset >= 0 &&
      offset < context.result.answer.total &&
      offset % DIRECTORY_PAGE_SIZE === 0 &&
      offset !== context.query.offset,
  },
  actions: {
    search: assign(({ context }, { q }: { q: string }) => ({ query: { ...context.query, q, offset: 0 } })),
    tower: assign(({ context }, { torreId }: { torreId: number | null }) => ({
      query: { ...context.query, torreId, offset: 0 },
    })),
    page: assign(({ context }, { offset }: { offset: number }) => ({ query: { ...context.query, offset } })),
    keep: assign((_, { result }: { result: DirectoryAnswer }) => ({ result, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'directory',
  context: ({ input }) => ({ kind: input.kind, query: FIRST_QUERY, result: null, failure: null }),
  initial: 'loading',
  on: {
    search: { target: '.loading', reenter: true, actions: { type: 'search', params: ({ event }) => ({ q: event.q }) } },
    tower: { target: '.loading', reenter: true, actions: { type: 'tower', params: ({ event }) => ({ torreId: event.torreId }) } },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadDirectory',
        input: ({ context }) => ({ kind: context.kind, query: context.query }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        page: {
          guard: { type: 'pageExists', params: ({ event }) => ({ offset: event.offset }) },
          target: 'loading',
          actions: { type: 'page', params: ({ event }) => ({ offset: event.offset }) },
        },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
