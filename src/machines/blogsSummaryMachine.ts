// /condominio/comunicacion/blogs: the sections the member may read, with their post counts. Loading,
// shown, or failed with retry.
import { assign, fromPromise, setup } from 'xstate';
import type { PostSection, SummaryAnswer } from '../api/posts';
import { fetchSummary } from '../services/postsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export const blogsSummaryMachine = setup({
  types: {
    context: {} as { sections: PostSection[]; failure: CallFailure | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    fetchSummary: fromPromise<SummaryAnswer>(({ signal }) => fetchSummary(signal)),
  },
  actions: {
    show: assign((_, { answer }: { answer: SummaryAnswer }) => ({ sections: answer.sections, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'blogsSummary',
  context: { sections: [], failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'summary',
        src: 'fetchSummary',
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {},
  },
});
