// invitacion/{CondoId}/{QR} (spec §2.7, §8): load the pass; unknown or revoked is "not found" (the spec's
// message); a failed load keeps why, and can be retried.
import { assign, fromPromise, setup } from 'xstate';
import type { Pass } from '../api/passes';
import { fetchPass, type PassResult } from '../services/passesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PassViewInput {
  condoId: string;
  qr: string;
}

export const passViewMachine = setup({
  types: {
    input: {} as PassViewInput,
    context: {} as PassViewInput & { pass: Pass | null; failure: CallFailure | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadPass: fromPromise<PassResult, PassViewInput>(({ input, signal }) => fetchPass(input.condoId, input.qr, signal)),
  },
  guards: {
    found: (_, { result }: { result: PassResult }) => result.kind === 'found',
  },
  actions: {
    keepPass: assign((_, { result }: { result: PassResult }) => ({ pass: result.kind === 'found' ? result.pass : null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'passView',
  context: ({ input }) => ({ condoId: input.condoId, qr: input.qr, pass: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
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
