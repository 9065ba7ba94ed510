// /condominio/comunicacion/seccion/{sectionId}: the section, what the member may do in it, and its posts a
// page of POSTS_PAGE_SIZE at a time, searched by title and text. A refused section (not theirs to read, or
// gone) is a state of its own; a failed load offers retry and keeps the search and page.
import { assign, fromPromise, setup } from 'xstate';
import { POSTS_PAGE_SIZE, type SectionPostsAnswer } from '../api/posts';
import { fetchSectionPosts, type SectionPage } from '../services/postsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface SectionPostsContext {
  sectionId: number;
  search: string;
  /** 1-based. */
  page: number;
  answer: SectionPostsAnswer | null;
  /** The last load failed: why. */
  failure: CallFailure | null;
}

export type SectionPostsEvent =
  | { type: 'search'; text: string }
  | { type: 'goToPage'; page: number }
  | { type: 'retry' }
  | { type: 'reload' };

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE));

export const sectionPostsMachine = setup({
  types: {
    input: {} as { sectionId: number },
    context: {} as SectionPostsContext,
    events: {} as SectionPostsEvent,
  },
  actors: {
    fetchPage: fromPromise<SectionPostsAnswer, SectionPage>(({ input, signal }) => fetchSectionPosts(input, signal)),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    otherPage: ({ context, event }) =>
      event.type === 'goToPage' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pageCount(context.answer?.total ?? 0),
  },
  actions: {
    show: assign((_, { answer }: { answer: SectionPostsAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    setSearch: assign((_, { text }: { text: string }) => ({ search: text.trim(), page: 1 })),
    setPage: assign((_, { page }: { page: number }) => ({ page })),
  },
}).createMachine({
  id: 'sectionPosts',
  context: ({ input }) => ({ sectionId: input.sectionId, search: '', page: 1, answer: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'page',
        src: 'fetchPage',
        input: ({ context }) => ({
          sectionId: context.sectionId,
          limit: POSTS_PAGE_SIZE,
          offset: (context.page - 1) * POSTS_PAGE_SIZE,
          search: context.search,
        }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'refused' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    refused: {},
    shown: {
      on: {
        search: { target: 'loading', actions: { type: 'setSearch', params: ({ event }) => ({ text: event.text }) } },
        goToPage: {
          guard: 'otherPage',
          target: 'loading',
          actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
        },
        reload: 'loading',
      },
    },
  },
});
