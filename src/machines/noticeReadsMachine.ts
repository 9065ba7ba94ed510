// How far an official notice reached (issue 30), under the notice for the administration: the counts and the share
// read per tower load first (with the first page of who read it, for administrators); the towers and the readers page
// on their own, the readers filtered by Enterado; "Reenviar a quienes no lo han leído" asks to confirm, then sends,
// and says how many were told. One call at a time; a failed call keeps what was shown and says why (a second resend
// within the hour is the server's refusal, with the minutes left). The board sees the counts only (canSeeReaders false).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  NOTICE_READERS_PAGE_SIZE,
  NOTICE_TOWERS_PAGE_SIZE,
  type NoticeReader,
  type ReachAnswer,
  type ReaderFilter,
  type ResendAnswer,
} from '../api/noticeReads';
import { fetchNoticeReach, fetchNoticeReaders, resendNotice } from '../services/noticeReadsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface NoticeReadsInput {
  postId: number;
  /** Administrators: who read it, and resending. The board: the counts only. */
  canSeeReaders: boolean;
}

interface ReaderPage {
  readers: NoticeReader[];
  total: number;
  page: number;
  filter: ReaderFilter;
}

export interface NoticeReadsContext extends NoticeReadsInput {
  reach: ReachAnswer | null;
  /** The page of towers shown, 1-based. */
  towerPage: number;
  readers: NoticeReader[];
  readersTotal: number;
  readerPage: number;
  filter: ReaderFilter;
  /** The last resend that went through: how many were told. */
  resent: ResendAnswer | null;
  failure: CallFailure | null;
}

export type NoticeReadsEvent =
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'towerPage'; page: number }
  | { type: 'readerPage'; page: number }
  | { type: 'filter'; filter: ReaderFilter }
  | { type: 'resend' }
  | { type: 'confirm' }
  | { type: 'cancel' };

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

const towersOf = (postId: number, page: number, signal: AbortSignal) =>
  fetchNoticeReach({ postId, limit: NOTICE_TOWERS_PAGE_SIZE, offset: (page - 1) * NOTICE_TOWERS_PAGE_SIZE }, signal);

async function readersOf(postId: number, page: number, filter: ReaderFilter, signal: AbortSignal): Promise<ReaderPage> {
  const offset = (page - 1) * NOTICE_READERS_PAGE_SIZE;
  const answer = await fetchNoticeReaders({ postId, limit: NOTICE_READERS_PAGE_SIZE, offset, filter }, signal);
  return { readers: answer.readers, total: answer.total, page, filter };
}

const failed = {
  target: 'ready',
  actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

export const noticeReadsMachine = setup({
  types: {
    input: {} as NoticeReadsInput,
    context: {} as NoticeReadsContext,
    events: {} as NoticeReadsEvent,
  },
  actors: {
    loadAll: fromPromise<{ reach: ReachAnswer; readers: ReaderPage | null }, NoticeReadsInput>(async ({ input, signal }) => {
      const [reach, readers] = await Promise.all([
        towersOf(input.postId, 1, signal),
        input.canSeeReaders ? readersOf(input.postId, 1, 'all', signal) : Promise.resolve(null),
      ]);
      return { reach, readers };
    }),
    listTowers: fromPromise<{ reach: ReachAnswer; page: number }, { postId: number; page: number }>(
      async ({ input, signal }) => ({ reach: await towersOf(input.postId, input.page, signal), page: input.page }),
    ),
    listReaders: fromPromise<ReaderPage, { postId: number; page: number; filter: ReaderFilter }>(({ input, signal }) =>
      readersOf(input.postId, input.page, input.filter, signal),
    ),
    resend: fromPromise<ResendAnswer, number>(({ input, signal }) => resendNotice(input, signal)),
  },
  guards: {
    otherTowerPage: ({ context, event }) =>
      event.type === 'towerPage' &&
      event.page !== context.towerPage &&
      event.page >= 1 &&
      event.page <= pages(context.reach?.total ?? 0, NOTICE_TOWERS_PAGE_SIZE),
    otherReaderPage: ({ context, event }) =>
      event.type === 'readerPage' &&
      context.canSeeReaders &&
      event.page !== context.readerPage &&
      event.page >= 1 &&
      event.page <= pages(context.readersTotal, NOTICE_READERS_PAGE_SIZE),
    otherFilter: ({ context, event }) => event.type === 'filter' && context.canSeeReaders && event.filter !== context.filter,
    /** Someone is left to tell: the people it is for who have not read it. */
    someoneUnread: ({ context }) => context.canSeeReaders && !!context.reach && context.reach.readers < context.reach.people,
  },
  actions: {
    keepAll: assign((_, loaded: { reach: ReachAnswer; readers: ReaderPage | null }) => ({
      reach: loaded.reach,
      towerPage: 1,
      readers: loaded.readers?.readers ?? [],
      readersTotal: loaded.readers?.total ?? 0,
      readerPage: 1,
      filter: 'all' as const,
      failure: null,
    })),
    keepTowers: assign((_, loaded: { reach: ReachAnswer; page: number }) => ({ reach: loaded.reach, towerPage: loaded.page })),
    keepReaders: assign((_, page: ReaderPage) => ({
      readers: page.readers,
      readersTotal: page.total,
      readerPage: page.page,
      filter: page.filter,
    })),
    keepResent: assign(({ context }, resent: ResendAnswer) => ({
      resent,
      reach: context.reach && resent.sentAt ? { ...context.reach, lastResendAt: resent.sentAt } : context.reach,
    })),
    start: assign({ failure: null, resent: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'noticeReads',
  context: ({ input }) => ({
    ...input,
    reach: null,
    towerPage: 1,
    readers: [],
    readersTotal: 0,
    readerPage: 1,
    filter: 'all',
    resent: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAll',
        src: 'loadAll',
        input: ({ context }) => ({ postId: context.postId, canSeeReaders: context.canSeeReaders }),
        onDone: { target: 'ready', actions: { type: 'keepAll', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        reload: { target: 'loading', actions: 'start' },
        towerPage: { guard: 'otherTowerPage', target: 'pagingTowers', actions: 'start' },
        readerPage: { guard: 'otherReaderPage', target: 'pagingReaders', actions: 'start' },
        filter: { guard: 'otherFilter', target: 'pagingReaders', actions: 'start' },
        resend: { guard: 'someoneUnread', target: 'confirming', actions: 'start' },
      },
    },
    confirming: {
      on: { confirm: 'resending', cancel: 'ready' },
    },
    pagingTowers: {
      invoke: {
        id: 'listTowers',
        src: 'listTowers',
        input: ({ context, event }) => {
          assertEvent(event, 'towerPage');
          return { postId: context.postId, page: event.page };
        },
        onDone: { target: 'ready', actions: { type: 'keepTowers', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    pagingReaders: {
      invoke: {
        id: 'listReaders',
        src: 'listReaders',
        // Another page with the same filter, or the first page of another filter.
        input: ({ context, event }) => {
          assertEvent(event, ['readerPage', 'filter']);
          return event.type === 'readerPage'
            ? { postId: context.postId, page: event.page, filter: context.filter }
            : { postId: context.postId, page: 1, filter: event.filter };
        },
        onDone: { target: 'ready', actions: { type: 'keepReaders', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => context.postId,
        onDone: { target: 'ready', actions: { type: 'keepResent', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
  },
});
