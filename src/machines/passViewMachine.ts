// invitacion/{CondoId}/{QR} (spec §2.7, §8): load the pass; unknown or revoked is "not found" (the spec's
// message); a failed load keeps why, and can be retried. A pass read before the page's first render (the
// answer the page came with) decides at once, as the guest registration's does.
import { assign, fromPromise, setup } from 'xstate';
import type { Pass } from '../api/passes';
import { fetchPass, type PassResult } from '../services/passesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PassViewInput {
  condoId: string;
  qr: string;
  /** The pass read before the first render (PassPage's prepare): no call is made. */
  preloaded?: PassResult;
}

type PassAddress = Pick<PassViewInput, 'condoId' | 'qr'>;

export const passViewMachine = setup({
  types: {
    input: {} as PassViewInput,
    context: {} as PassAddress & { preloaded: PassResult | null; pass: Pass | null; failure: CallFailure | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadPass: fromPromise<PassResult, PassAddress>(({ input, signal }) => fetchPass(input.condoId, input.qr, signal)),
  },
  guards: {
    found: (_, { result }: { result: PassResult | null }) => result?.kind === 'found',
    notFound: (_, { result }: { result: PassResult | null }) => result?.kind === 'notFound',
  },
  actions: {
    keepPass: assign((_, { result }: { result: PassResult | null }) => ({ pass: result?.kind === 'found' ? result.pass : null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'passView',
  context: ({ input }) => ({
    condoId: input.condoId,
    qr: input.qr,
    preloaded: input.preloaded ?? null,
    pass: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      // An answer that came with the page decides at once: the first snapshot is already the pass (or not
      // found) and the call is never made.
      always: [
        {
          guard: { type: 'found', params: ({ context }) => ({ result: context.preloaded }) },
          target: 'found',
          actions: { type: 'keepPass', params: ({ context }) => ({ result: context.preloaded }) },
        },
        { guard: { type: 'notFound', params: ({ context }) => ({ result: context.preloaded }) }, target: 'notFound' },
      ],
      invoke: {
        id: 'loadPass',
        src: 'loadPass',
        input: ({ context }) => ({ condoId: context.condoId, qr: context.qr }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ result: event.output }) },
            target: 'found',
            actions: { type: 'keepPass', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    found: { type: 'final' },
    notFound: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});
