// The surveys and votes screen without ?PollId=: first what the caller may do there (the EN sections they
// read, the condominium's zone, whether they create, propose or manage), then the polls of one tab — open
// (the default), upcoming, closed, and the proposals for administrators and those who may propose — a page of
// POLLS_PAGE_SIZE at a time, newest first. A tab or a page loads at once; the last answer stays on screen while
// the next one loads; a new poll reads the list again.
import { assign, fromPromise, setup } from 'xstate';
import { POLLS_PAGE_SIZE, type PollListAnswer, type PollListFilter, type PollsHomeAnswer } from '../api/polls';
import { fetchPolls, fetchPollsHome, type PollListParams } from '../services/pollsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface PollListContext {
  home: PollsHomeAnswer | null;
  fase: PollListFilter;
  /** 1-based. */
  page: number;
  answer: PollListAnswer | null;
  /** The last load failed: why. */
  failure: CallFailure | null;
}

export type PollListEvent =
  | { type: 'chooseTab'; fase: PollListFilter }
  | { type: 'goToPage'; page: number }
  | { type: 'retry' }
  | { type: 'reload' };

export const pollPageCount = (total: number) => Math.max(1, Math.ceil(total / POLLS_PAGE_SIZE));

/** The tabs the caller sees: proposals only for administrators and those who may propose. */
export function pollTabs(home: PollsHomeAnswer | null): PollListFilter[] {
  const tabs: PollListFilter[] = ['abiertas', 'proximas', 'cerradas'];
  if (home && (home.canManage || home.proposeIn.length > 0)) tabs.push('propuestas');
  return tabs;
}

export const pollListParams = (context: Pick<PollListContext, 'fase' | 'page'>): PollListParams => ({
  fase: context.fase,
  limit: POLLS_PAGE_SIZE,
  offset: (context.page - 1) * POLLS_PAGE_SIZE,
});

export const pollListMachine = setup({
  types: {
    input: {} as { fase?: PollListFilter },
    context: {} as PollListContext,
    events: {} as PollListEvent,
  },
  actors: {
    fetchPollsHome: fromPromise<PollsHomeAnswer>(({ signal }) => fetchPollsHome(signal)),
    fetchPolls: fromPromise<PollListAnswer, PollListParams>(({ input, signal }) => fetchPolls(input, signal)),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    noSection: (_, { home }: { home: PollsHomeAnswer }) => home.secciones.length === 0,
    nothingFound: (_, { answer }: { answer: PollListAnswer }) => answer.total === 0 && answer.items.length === 0,
    otherTab: ({ context }, { fase }: { fase: PollListFilter }) => fase !== context.fase && pollTabs(context.home).includes(fase),
    otherPage: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page !== context.page && page >= 1 && page <= pollPageCount(context.answer?.total ?? 0),
    /** A tab asked for that the caller does not have (proposals) falls back to the open polls. */
    tabNotOffered: ({ context }, { home }: { home: PollsHomeAnswer }) => !pollTabs(home).includes(context.fase),
  },
  actions: {
    keepHome: assign((_, { home }: { home: PollsHomeAnswer }) => ({ home, failure: null })),
    openTabFallback: assign({ fase: 'abiertas' as PollListFilter }),
    show: assign((_, { answer }: { answer: PollListAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    setTab: assign((_, { fase }: { fase: PollListFilter }) => ({ fase, page: 1, answer: null })),
    setPage: assign((_, { page }: { page: number }) => ({ page })),
  },
}).createMachine({
  id: 'pollList',
  context: ({ input }) => ({ home: null, fase: input.fase ?? 'abiertas', page: 1, answer: null, failure: null }),
  initial: 'loadingHome',
  states: {
    loadingHome: {
      invoke: {
        id: 'home',
        src: 'fetchPollsHome',
        onDone: [
          {
            guard: { type: 'noSection', params: ({ event }) => ({ home: event.output }) },
            target: 'noSections',
            actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) },
          },
          {
            guard: { type: 'tabNotOffered', params: ({ event }) => ({ home: event.output }) },
            target: 'list',
            actions: [{ type: 'keepHome', params: ({ event }) => ({ home: event.output }) }, 'openTabFallback'],
          },
          { target: 'list', actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) } },
        ],
        onError: [
          // Employees, or someone who reads no EN section.
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'noSections' },
          { target: 'homeFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    homeFailed: { on: { retry: 'loadingHome' } },
    noSections: {},
    list: {
      initial: 'loading',
      // Whatever the list is doing, another tab or a new poll starts it over (a load under way is dropped).
      on: {
        chooseTab: {
          guard: { type: 'otherTab', params: ({ event }) => ({ fase: event.fase }) },
          target: '.loading',
          actions: { type: 'setTab', params: ({ event }) => ({ fase: event.fase }) },
        },
        reload: '.loading',
      },
      states: {
        loading: {
          invoke: {
            id: 'page',
            src: 'fetchPolls',
            input: ({ context }) => pollListParams(context),
            onDone: [
              {
                guard: { type: 'nothingFound', params: ({ event }) => ({ answer: event.output }) },
                target: 'empty',
                actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: 'loading' } },
        empty: {},
        shown: {
          on: {
            goToPage: {
              guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
              target: 'loading',
              actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
            },
          },
        },
      },
    },
  },
});
