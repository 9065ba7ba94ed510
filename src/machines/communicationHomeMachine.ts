// /condominio/comunicacion: what waits in each section (open requests, unread messages, new posts). The
// sections themselves come from the session (the menu's); these counts load beside them and are read again when
// the live channel says something changed (`refresh`: a notification, a message read, a request), and every
// HOME_REFRESH_MS besides, as a safety net. A failed first load offers a retry; a failed refresh keeps the counts
// already shown and tries again at the next one.
import { assign, fromPromise, setup } from 'xstate';
import type { HomeSectionCounts, HomeSummaryAnswer } from '../api/communicationHome';
import { LIVE_FALLBACK_REFRESH_MS } from '../api/live';
import { fetchHomeSummary } from '../services/communicationHomeService';

/** Behind the live channel, the counts are read again once a minute whatever happens (issue 30). */
export const HOME_REFRESH_MS = LIVE_FALLBACK_REFRESH_MS;

export const communicationHomeMachine = setup({
  types: {
    context: {} as { counts: HomeSectionCounts[] },
    events: {} as { type: 'retry' } | { type: 'refresh' },
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
    shown: { after: { refresh: 'refreshing' }, on: { refresh: 'refreshing' } },
    refreshing: {
      // Something changed again while reading: read again, so the counts include it.
      on: { refresh: { target: 'refreshing', reenter: true } },
      invoke: {
        id: 'refresh',
        src: 'fetchHomeSummary',
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'shown' },
      },
    },
  },
});
