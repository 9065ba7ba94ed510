// /condominio/comunicacion: what waits in each section (open requests, unread messages, new posts). The
// sections themselves come from the session (the menu's); these counts load beside them and refresh every
// HOME_REFRESH_MS, so a message that arrives while the home is open shows within that time. A failed first
// load offers a retry; a failed refresh keeps the counts already shown and tries again at the next tick.
import { assign, fromPromise, setup } from 'xstate';
import type { HomeSectionCounts, HomeSummaryAnswer } from '../api/communicationHome';
import { CONVERSATION_REFRESH_MS } from '../api/conversations';
import { fetchHomeSummary } from '../services/communicationHomeService';

/** Live things refresh within 15 s (DESIGN.md §8, Notifications). */
export const HOME_REFRESH_MS = CONVERSATION_REFRESH_MS;

export const communicationHomeMachine = setup({
  types: {
    context: {} as { counts: HomeSectionCounts[] },
    events: {} as { type: 'retry' },
  },
  actors: {
    fetchHomeSummary: fromPromise<HomeSummaryAnswer>(({ signal }) => fetchHomeSummary(signal)),
  },
  actions: {
    show: assign((_, { answer }: { answer: HomeSummaryAnswer }) => ({ counts: answer.sections })),
  },
  delays: { refresh: HOME_REFRESH_MS },
}).createMachine({
  id: 'communicationHome',
  context: { counts: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'summary',
        src: 'fetchHomeSummary',
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: { after: { refresh: 'refreshing' } },
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'fetchHomeSummary',
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'shown' },
      },
    },
  },
});
