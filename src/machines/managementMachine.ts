// /condominio/control-gerencial: the summary loads (a skeleton), then shows; a failed load offers a retry. Once
// shown, Actualizar asks again while the figures stay on screen; a failed refresh keeps them and says so.
import { assign, fromPromise, setup } from 'xstate';
import type { ManagementSummary, ManagementSummaryAnswer } from '../api/management';
import { fetchManagementSummary } from '../services/managementService';

export const managementMachine = setup({
  types: {
    context: {} as { summary: ManagementSummary | null; refreshFailed: boolean },
    events: {} as { type: 'retry' } | { type: 'refresh' },
  },
  actors: {
    fetchManagementSummary: fromPromise<ManagementSummaryAnswer>(({ signal }) => fetchManagementSummary(signal)),
  },
  actions: {
    show: assign((_, { answer }: { answer: ManagementSummaryAnswer }) => ({ summary: answer.data, refreshFailed: false })),
    markRefreshFailed: assign({ refreshFailed: true }),
  },
}).createMachine({
  id: 'management',
  context: { summary: null, refreshFailed: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'summary',
        src: 'fetchManagementSummary',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: { on: { refresh: 'refreshing' } },
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'fetchManagementSummary',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'ready', actions: 'markRefreshFailed' },
      },
    },
  },
});
