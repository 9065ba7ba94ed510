// recibo/{token} (issue 27): the public check of a payment receipt's QR. Valid and cancelled receipts are both
// genuine, told apart; a token that names no receipt is "not found"; a failed check keeps why, and can be retried.
import { assign, fromPromise, setup } from 'xstate';
import type { ReceiptVerification } from '../api/receipts';
import { checkReceipt, type ReceiptCheck } from '../services/receiptsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ReceiptVerifyInput {
  token: string;
}

export const receiptVerifyMachine = setup({
  types: {
    input: {} as ReceiptVerifyInput,
    context: {} as ReceiptVerifyInput & { receipt: ReceiptVerification | null; failure: CallFailure | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    checkReceipt: fromPromise<ReceiptCheck, ReceiptVerifyInput>(({ input, signal }) => checkReceipt(input.token, signal)),
  },
  guards: {
    isValid: (_, { result }: { result: ReceiptCheck }) => result.kind === 'valid',
    isCancelled: (_, { result }: { result: ReceiptCheck }) => result.kind === 'cancelled',
  },
  actions: {
    keepReceipt: assign((_, { result }: { result: ReceiptCheck }) => ({
      receipt: result.kind === 'notFound' ? null : result.receipt,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'receiptVerify',
  context: ({ input }) => ({ token: input.token, receipt: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'checkReceipt',
        src: 'checkReceipt',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ result: event.output }) },
            target: 'valid',
            actions: { type: 'keepReceipt', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ result: event.output }) },
            target: 'cancelled',
            actions: { type: 'keepReceipt', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    valid: { type: 'final' },
    cancelled: { type: 'final' },
    notFound: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});
