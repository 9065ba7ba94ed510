// solicitar-timbres (issue 17): the stamps available per RFC, the ledger of credits and stamps consumed, and the
// requests made. A package (STAMP_PACKAGES) is requested for one issuer with an optional note; the server stores
// it and e-mails it, and the ledger is read again to show it among the past requests.
import { assign, fromPromise, setup } from 'xstate';
import type { StampLedger, StampRequestDraft } from '../api/invoicing';
import { fetchStampLedger, requestStamps } from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface StampRequestContext {
  ledger: StampLedger | null;
  failure: CallFailure | null;
  /** How many requests were sent from this screen (the view says "sent" and resets its form). */
  sent: number;
}

export type StampRequestEvent = { type: 'retry' } | { type: 'request'; draft: StampRequestDraft } | { type: 'dismiss' };

export const stampRequestMachine = setup({
  types: { context: {} as StampRequestContext, events: {} as StampRequestEvent },
  actors: {
    loadLedger: fromPromise<StampLedger>(({ signal }) => fetchStampLedger(signal)),
    sendRequest: fromPromise<unknown, { draft: StampRequestDraft }>(({ input, signal }) => requestStamps(input.draft, signal)),
  },
  actions: {
    keepLedger: assign((_, { ledger }: { ledger: StampLedger }) => ({ ledger })),
    countSent: assign(({ context }) => ({ sent: context.sent + 1, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'stampRequest',
  context: { ledger: null, failure: null, sent: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadLedger',
        onDone: { target: 'ready', actions: { type: 'keepLedger', params: ({ event }) => ({ ledger: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    ready: {
      on: {
        request: { target: 'sending', actions: 'clearFailure' },
        dismiss: { actions: 'clearFailure' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'sendRequest',
        input: ({ event }) => ({ draft: (event as Extract<StampRequestEvent, { type: 'request' }>).draft }),
        onDone: { target: 'loading', actions: 'countSent' },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
