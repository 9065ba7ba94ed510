// "¿Se contó mi voto?": anyone who reads the poll types a receipt code and learns whether the ballot it names
// is counted, and when it was cast (never what it chose). The code is read as people copy it: blanks dropped,
// small letters taken as capitals, the dashes added when they were left out; only a well-formed code is asked.
import { assign, fromPromise, setup } from 'xstate';
import { RECEIPT_PATTERN, type ReceiptAnswer } from '../api/polls';
import { ApiError } from '../services/http';
import { fetchReceipt } from '../services/pollsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PollReceiptContext {
  pollId: number;
  /** As typed. */
  codigo: string;
  answer: ReceiptAnswer | null;
  /** The last check failed: why. */
  failure: CallFailure | null;
}

export type PollReceiptEvent = { type: 'type'; codigo: string } | { type: 'check' } | { type: 'retry' };

/** The code as the contract spells it ("K7Q2-9XMB-4TZ1"), or null when it cannot be one. */
export function receiptCode(typed: string): string | null {
  const bare = typed.replace(/[\s-]/g, '').toUpperCase();
  if (bare.length !== 12) return null;
  const code = `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
  return RECEIPT_PATTERN.test(code) ? code : null;
}

export const pollReceiptMachine = setup({
  types: {
    input: {} as { pollId: number },
    context: {} as PollReceiptContext,
    events: {} as PollReceiptEvent,
  },
  actors: {
    fetchReceipt: fromPromise<ReceiptAnswer, { pollId: number; codigo: string }>(({ input, signal }) =>
      fetchReceipt(input.pollId, input.codigo, signal),
    ),
  },
  guards: {
    wellFormed: ({ context }) => receiptCode(context.codigo) !== null,
    counted: (_, { answer }: { answer: ReceiptAnswer }) => answer.contado,
    /** A code of no ballot of this poll. */
    unknown: (_, { error }: { error: unknown }) => error instanceof ApiError && error.status === 404,
  },
  actions: {
    type: assign((_, { codigo }: { codigo: string }) => ({ codigo, answer: null, failure: null })),
    show: assign((_, { answer }: { answer: ReceiptAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'pollReceipt',
  context: ({ input }) => ({ pollId: input.pollId, codigo: '', answer: null, failure: null }),
  initial: 'idle',
  // Typing again forgets the last answer.
  on: { type: { target: '.idle', actions: { type: 'type', params: ({ event }) => ({ codigo: event.codigo }) } } },
  states: {
    idle: { on: { check: { guard: 'wellFormed', target: 'checking' } } },
    checking: {
      invoke: {
        id: 'check',
        src: 'fetchReceipt',
        input: ({ context }) => ({ pollId: context.pollId, codigo: receiptCode(context.codigo)! }),
        onDone: [
          {
            guard: { type: 'counted', params: ({ event }) => ({ answer: event.output }) },
            target: 'counted',
            actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'notCounted', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          { guard: { type: 'unknown', params: ({ event }) => ({ error: event.error }) }, target: 'notCounted' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    counted: {},
    notCounted: {},
    failed: { on: { retry: 'checking' } },
  },
});
