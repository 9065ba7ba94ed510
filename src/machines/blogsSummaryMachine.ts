// /condominio/comunicacion/blogs: the sections the member may read, with their post counts. Loading,
// shown, or failed with retry.
import { assign, fromPromise, setup } from 'xstate';
import type { PostSection, SummaryAnswer } from '../api/posts';
import { fetchSummary } from '../services/postsService';

export const blogsSummaryMachine = setup({
  types: {
    context: {} as { sections: PostSection[] },
    events: {} as { type: 'retry' },
  },
  actors: {
    fetchSummary: fromPromise<SummaryAnswer>(({ signal }) => fetchSummary(signal)),
  },
  actions: {
    show: assign((_, { answer }: { answer: SummaryAnswer }) => ({ sections: answer.sections })),
  },
}).createMachine({
  id: 'blogsSummary',
  context: { sections: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'summary',
        src: 'fetchSummary',
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {},
  },
});
