// /condominio/control-gerencial: the summary loads (a skeleton), then shows; a failed load offers a retry. Once
// shown, Actualizar asks again while the figures stay on screen; a failed refresh keeps them and says so.
import { assign, fromPromise, setup } from 'xstate';
import type { ManagementSummary, ManagementSummaryAnswer } from '../api/management';
import { fetchManagementSummary } from '../services/managementService';
import { type CallFailure, callFailure } from './shared/callFailure';

export const managementMachine = setup({
  types: {
    context: {} as { summary: ManagementSummary | null; refreshFailed: boolean; failure: CallFailure | null },
    events: {} as { type: 'retry' } | { type: 'refresh' },
  },
  actors: {
    fetchManagementSummary: fromPromise<ManagementSummaryAnswer>(({ signal }) => fetchManagementSummary(signal)),
  },
  actions: {
    show: assign((_, { answer }: { answer: ManagementSummaryAnswer }) => ({
      summary: answer.data,
      refreshFailed: false,
      failure: null,
    })),
    markRefreshFailed: assign({ refreshFailed: true }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'management',
  context: { summary: null, refreshFailed: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'summary',
        src: 'fetchManagementSummary',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
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
