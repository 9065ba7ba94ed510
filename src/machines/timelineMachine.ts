// /condominio/welcome: the timeline, newest first, one page of TIMELINE_PAGE_SIZE at a time until the
// total; empty and failed are states of their own. A failed "load more" keeps what is shown.
import { assign, fromPromise, setup } from 'xstate';
import { TIMELINE_PAGE_SIZE, type TimelineAnswer, type TimelineItem } from '../api/timeline';
import { fetchTimeline, type TimelinePage } from '../services/timelineService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface TimelineContext {
  items: TimelineItem[];
  total: number;
  /** The last "load more" failed. */
  moreFailed: boolean;
  /** The first page could not be loaded: why. */
  failure: CallFailure | null;
}

export type TimelineEvent = { type: 'retry' } | { type: 'loadMore' };

type PageParams = { page: TimelineAnswer };
const withPage = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: TimelineAnswer } }) => ({ page: event.output }),
});

/** Appends a page; an item already shown (the list moved while paging) is not shown twice. */
export function appendPage(items: TimelineItem[], page: TimelineItem[]): TimelineItem[] {
  const shown = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !shown.has(item.id))];
}

export const timelineMachine = setup({
  types: {
    context: {} as TimelineContext,
    events: {} as TimelineEvent,
  },
  actors: {
    fetchPage: fromPromise<TimelineAnswer, TimelinePage>(({ input, signal }) => fetchTimeline(input, signal)),
  },
  guards: {
    isEmpty: (_, { page }: PageParams) => page.items.length === 0,
    hasMore: ({ context }) => context.items.length < context.total,
  },
  actions: {
    showFirstPage: assign((_, { page }: PageParams) => ({
      items: page.items,
      total: page.total,
      moreFailed: false,
      failure: null,
    })),
    showNextPage: assign(({ context }, { page }: PageParams) => {
      const items = appendPage(context.items, page.items);
      // A page shorter than asked for is the last one, whatever the total said before.
      return { items, total: page.items.length < TIMELINE_PAGE_SIZE ? items.length : page.total, moreFailed: false };
    }),
    markMoreFailed: assign({ moreFailed: true }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'timeline',
  context: { items: [], total: 0, moreFailed: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'firstPage',
        src: 'fetchPage',
        input: { limit: TIMELINE_PAGE_SIZE, offset: 0 },
        onDone: [
          { guard: withPage('isEmpty'), target: 'empty', actions: withPage('showFirstPage') },
          { target: 'shown', actions: withPage('showFirstPage') },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { retry: { target: 'loading' } },
    },
    empty: {},
    shown: {
      initial: 'idle',
      states: {
        idle: {
          on: { loadMore: { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          invoke: {
            id: 'nextPage',
            src: 'fetchPage',
            input: ({ context }) => ({ limit: TIMELINE_PAGE_SIZE, offset: context.items.length }),
            onDone: { target: 'idle', actions: withPage('showNextPage') },
            onError: { target: 'idle', actions: 'markMoreFailed' },
          },
        },
      },
    },
  },
});
