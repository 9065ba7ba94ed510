// The search page (/condominio/search?q=, issue 16): what was typed waits a moment (the debounce), then is
// searched; results come grouped by kind, or nothing was found, or the search failed and may be retried.
// Typing again while a search runs drops it and starts over; text under two characters searches nothing.
// "Ver más" asks one kind for its next page and adds it to that group.
import { assign, fromPromise, setup } from 'xstate';
import {
  type GlobalSearchAnswer,
  type GlobalSearchQuery,
  SEARCH_DEBOUNCE_MS,
  type SearchKind,
  searchable,
} from '../api/globalSearch';
import { fetchGlobalSearch } from '../services/globalSearchService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface SearchContext {
  q: string;
  answer: GlobalSearchAnswer | null;
  /** The kind whose next page is being fetched. */
  moreOf: SearchKind | null;
  failure: CallFailure | null;
}

export type SearchEvent =
  | { type: 'type'; q: string }
  | { type: 'submit' }
  | { type: 'more'; kind: SearchKind }
  | { type: 'retry' };

/** Whether an answer found anything at all. */
export const foundAny = (answer: GlobalSearchAnswer) => answer.groups.some((group) => group.items.length > 0);

/** The answer with one kind's next page added to its group. */
export function withMore(answer: GlobalSearchAnswer, page: GlobalSearchAnswer): GlobalSearchAnswer {
  const next = page.groups[0];
  if (!next) return answer;
  return {
    ...answer,
    groups: answer.groups.map((group) =>
      group.kind === next.kind ? { ...group, items: [...group.items, ...next.items], hasMore: next.hasMore } : group,
    ),
  };
}

const typing = [
  { guard: 'typedSearchable', target: '.debouncing', actions: 'setQuery' },
  { target: '.idle', actions: 'setQuery' },
] as const;

export const searchMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { q: string },
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    search: fromPromise<GlobalSearchAnswer, GlobalSearchQuery>(({ input, signal }) => fetchGlobalSearch(input, signal)),
    searchMore: fromPromise<GlobalSearchAnswer, GlobalSearchQuery>(({ input, signal }) => fetchGlobalSearch(input, signal)),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    typedSearchable: ({ event }) => event.type === 'type' && searchable(event.q),
    querySearchable: ({ context }) => searchable(context.q),
    found: (_, answer: GlobalSearchAnswer) => foundAny(answer),
    hasMore: ({ context, event }) =>
      event.type === 'more' && !!context.answer?.groups.some((g) => g.kind === event.kind && g.hasMore),
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'type' ? { q: event.q } : {})),
    setAnswer: assign((_, answer: GlobalSearchAnswer) => ({ answer, failure: null, moreOf: null })),
    clear: assign({ answer: null, failure: null, moreOf: null }),
    setMoreOf: assign(({ event }) => (event.type === 'more' ? { moreOf: event.kind } : {})),
    addMore: assign(({ context }, page: GlobalSearchAnswer) => ({
      answer: context.answer ? withMore(context.answer, page) : page,
      moreOf: null,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), moreOf: null })),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ q: input.q, answer: null, moreOf: null, failure: null }),
  initial: 'start',
  on: { type: typing },
  states: {
    start: {
      always: [{ guard: 'querySearchable', target: 'searching' }, { target: 'idle' }],
    },
    // Too short to search (typing long enough leaves it for debouncing): Enter does nothing here.
    idle: { entry: 'clear' },
    debouncing: {
      tags: ['busy'],
      after: { debounce: 'searching' },
      on: { submit: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ q: context.q }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'results',
            actions: { type: 'setAnswer', params: ({ event }) => event.output },
          },
          { target: 'empty', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    results: {
      on: {
        submit: 'searching',
        more: { guard: 'hasMore', target: 'loadingMore', actions: 'setMoreOf' },
      },
    },
    loadingMore: {
      invoke: {
        id: 'searchMore',
        src: 'searchMore',
        input: ({ context }) => {
          const group = context.answer?.groups.find((g) => g.kind === context.moreOf);
          return { q: context.q, kind: context.moreOf ?? undefined, offset: (group?.offset ?? 0) + (group?.items.length ?? 0) };
        },
        onDone: { target: 'results', actions: { type: 'addMore', params: ({ event }) => event.output } },
        onError: { target: 'results', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: {
      on: { submit: 'searching' },
    },
    failed: {
      on: { retry: 'searching', submit: 'searching' },
    },
  },
});
