// An official notice on its post page (issue 30), what the reader does with it: a member presses "Enterado" on an
// important notice (recorded once, with its time: the button then says it is done), and an administrator marks the
// notice important or not. One call at a time; a refusal keeps everything as it was and says why. The starting
// facts are the post answer's `notice` (src/api/noticeReads.ts NoticeState): the reader's own, nobody else's.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { NoticeState } from '../api/noticeReads';
import { acknowledgeNotice, setNoticeImportance } from '../services/noticeReadsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface NoticeAckInput {
  postId: number;
  notice: NoticeState;
}

export interface NoticeAckContext {
  postId: number;
  important: boolean;
  /** When this reader pressed Enterado (ISO-8601 UTC); null until then. */
  acknowledgedAt: string | null;
  canAcknowledge: boolean;
  canMarkImportant: boolean;
  failure: CallFailure | null;
}

export type NoticeAckEvent = { type: 'acknowledge' } | { type: 'setImportant'; important: boolean };

export const noticeAckMachine = setup({
  types: {
    input: {} as NoticeAckInput,
    context: {} as NoticeAckContext,
    events: {} as NoticeAckEvent,
  },
  actors: {
    acknowledge: fromPromise<string, number>(({ input, signal }) => acknowledgeNotice(input, signal)),
    saveImportance: fromPromise<boolean, { postId: number; important: boolean }>(({ input, signal }) =>
      setNoticeImportance(input, signal),
    ),
  },
  guards: {
    /** Once: after Enterado the button says it is done and is not offered again. */
    mayAcknowledge: ({ context }) => context.canAcknowledge && context.important && context.acknowledgedAt === null,
    changesImportance: ({ context, event }) =>
      event.type === 'setImportant' && context.canMarkImportant && event.important !== context.important,
  },
  actions: {
    start: assign({ failure: null }),
    acknowledged: assign((_, acknowledgedAt: string) => ({ acknowledgedAt })),
    keepImportance: assign((_, important: boolean) => ({ important })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'noticeAck',
  context: ({ input }) => ({
    postId: input.postId,
    important: input.notice.important,
    acknowledgedAt: input.notice.acknowledgedAt,
    canAcknowledge: input.notice.canAcknowledge,
    canMarkImportant: input.notice.canMarkImportant,
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        acknowledge: { guard: 'mayAcknowledge', target: 'acknowledging', actions: 'start' },
        setImportant: { guard: 'changesImportance', target: 'savingImportance', actions: 'start' },
      },
    },
    acknowledging: {
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => context.postId,
        onDone: { target: 'idle', actions: { type: 'acknowledged', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingImportance: {
      invoke: {
        id: 'saveImportance',
        src: 'saveImportance',
        input: ({ context, event }) => {
          assertEvent(event, 'setImportant');
          return { postId: context.postId, important: event.important };
        },
        onDone: { target: 'idle', actions: { type: 'keepImportance', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
