// 'Mensajes reportados' (issue 13): the messages residents reported to the administration, newest first,
// CONVERSATIONS_PAGE_SIZE at a time. Administrators see only these messages, never the conversations
// they came from (permissions.ts canReviewReportedMessages; the server enforces it).
import { assign, fromPromise, setup } from 'xstate';
import { CONVERSATIONS_PAGE_SIZE } from '../api/conversations';
import { fetchReports, type ReportedMessage, type ReportsPage } from '../services/conversationsService';
import { ApiError } from '../services/http';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ConversationReportsContext {
  items: ReportedMessage[];
  total: number;
  /** The last call that failed: why. */
  failure: CallFailure | null;
}

export type ConversationReportsEvent = { type: 'retry' } | { type: 'reload' } | { type: 'loadMore' };

/** A further page after the shown ones, each report once. */
export function appendReports(items: readonly ReportedMessage[], page: readonly ReportedMessage[]) {
  const shown = new Set(items.map((r) => r.reportId));
  return [...items, ...page.filter((r) => !shown.has(r.reportId))];
}

export const conversationReportsMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as ConversationReportsContext,
    events: {} as ConversationReportsEvent,
  },
  actors: {
    fetchReports: fromPromise<ReportsPage, { limit: number; offset: number }>(({ input, signal }) => fetchReports(input, signal)),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 403,
    isEmpty: (_, { answer }: { answer: ReportsPage }) => answer.items.length === 0,
    hasMore: ({ context }) => context.items.length < context.total,
  },
  actions: {
    showFirstPage: assign((_, { answer }: { answer: ReportsPage }) => ({
      items: appendReports([], answer.items),
      total: answer.total,
      failure: null,
    })),
    showNextPage: assign(({ context }, { answer }: { answer: ReportsPage }) => {
      const items = appendReports(context.items, answer.items);
      // A short page is the end, whatever the counter said.
      return { items, total: answer.items.length < CONVERSATIONS_PAGE_SIZE ? items.length : answer.total, failure: null };
    }),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'conversationReports',
  context: { items: [], total: 0, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'firstPage',
        src: 'fetchReports',
        input: () => ({ limit: CONVERSATIONS_PAGE_SIZE, offset: 0 }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ answer: event.output }) },
            target: 'empty',
            actions: { type: 'showFirstPage', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'list', actions: { type: 'showFirstPage', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'refused' },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    /** Not an administrator of this condominium. */
    refused: {},
    empty: { on: { reload: 'loading' } },
    list: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            reload: '#conversationReports.loading',
            loadMore: { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'nextPage',
            src: 'fetchReports',
            input: ({ context }) => ({ limit: CONVERSATIONS_PAGE_SIZE, offset: context.items.length }),
            onDone: { target: 'idle', actions: { type: 'showNextPage', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'moreFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        moreFailed: {
          on: {
            loadMore: { target: 'loadingMore', actions: 'clearFailure' },
            reload: { target: '#conversationReports.loading', actions: 'clearFailure' },
          },
        },
      },
    },
  },
});
