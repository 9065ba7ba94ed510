// Who runs an open assembly controls its voted items (issue 32): opens one (secret or public) when none is open,
// records a show of hands for a seat without a phone vote, closes it (the server stores the outcome). One call at a
// time; each answers the items as they are after it; a refusal (409) reads them again with the server's words; the
// live channel's 'assembly' event reads them again (the results live) without losing what is shown. Only what the
// items allow now is sent.
import { assign, fromPromise, setup } from 'xstate';
import type { VoteChoice } from '../api/assemblyMajority';
import type { AssemblyVoting } from '../api/assemblyVotes';
import { closeItem, fetchVoting, openItem, recordVote } from '../services/assemblyVotesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ItemControlRequest =
  | { kind: 'open'; itemId: number; secret: boolean }
  | { kind: 'close'; itemId: number }
  | { kind: 'record'; itemId: number; apartmentId: number; choice: VoteChoice };

export interface AssemblyItemControlContext {
  assemblyId: number;
  voting: AssemblyVoting | null;
  request: ItemControlRequest | null;
  failure: CallFailure | null;
}

export type AssemblyItemControlEvent =
  | { type: 'open'; itemId: number; secret: boolean }
  | { type: 'close'; itemId: number }
  | { type: 'record'; itemId: number; apartmentId: number; choice: VoteChoice }
  | { type: 'refresh' }
  | { type: 'retry' };

function send(assemblyId: number, request: ItemControlRequest, signal: AbortSignal): Promise<AssemblyVoting> {
  if (request.kind === 'open') return openItem(assemblyId, request.itemId, request.secret, signal);
  if (request.kind === 'close') return closeItem(assemblyId, request.itemId, signal);
  return recordVote(assemblyId, request.itemId, { apartmentId: request.apartmentId, choice: request.choice }, signal);
}

const itemOf = (voting: AssemblyVoting | null, itemId: number) => voting?.items.find((i) => i.itemId === itemId);

const ACTS = {
  open: { guard: 'mayOpen', target: 'sending', actions: 'takeRequest' },
  close: { guard: 'mayClose', target: 'sending', actions: 'takeRequest' },
  record: { guard: 'mayRecord', target: 'sending', actions: 'takeRequest' },
} as const;

export const assemblyItemControlMachine = setup({
  types: {
    input: {} as { assemblyId: number },
    context: {} as AssemblyItemControlContext,
    events: {} as AssemblyItemControlEvent,
  },
  actors: {
    load: fromPromise<AssemblyVoting, number>(({ input, signal }) => fetchVoting(input, signal)),
    reload: fromPromise<AssemblyVoting, number>(({ input, signal }) => fetchVoting(input, signal)),
    send: fromPromise<AssemblyVoting, { assemblyId: number; request: ItemControlRequest }>(({ input, signal }) =>
      send(input.assemblyId, input.request, signal),
    ),
  },
  guards: {
    mayOpen: ({ context, event }) =>
      event.type === 'open' &&
      !!context.voting?.manages &&
      context.voting.assemblyOpen &&
      itemOf(context.voting, event.itemId)?.state === 'pending' &&
      !context.voting.items.some((i) => i.state === 'open'),
    mayClose: ({ context, event }) =>
      event.type === 'close' && !!context.voting?.manages && itemOf(context.voting, event.itemId)?.state === 'open',
    mayRecord: ({ context, event }) => {
      if (event.type !== 'record' || !context.voting?.manages) return false;
      const item = itemOf(context.voting, event.itemId);
      return item?.state === 'open' && !!item.seats?.some((s) => s.apartmentId === event.apartmentId && !s.voted && !s.barred);
    },
  },
  actions: {
    setVoting: assign((_, voting: AssemblyVoting) => ({ voting, failure: null })),
    keepVoting: assign((_, voting: AssemblyVoting) => ({ voting })),
    takeRequest: assign(({ event }) => {
      const request: ItemControlRequest | null =
        event.type === 'open'
          ? { kind: 'open', itemId: event.itemId, secret: event.secret }
          : event.type === 'close'
            ? { kind: 'close', itemId: event.itemId }
            : event.type === 'record'
              ? { kind: 'record', itemId: event.itemId, apartmentId: event.apartmentId, choice: event.choice }
              : null;
      return { request, failure: null };
    }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyItemControl',
  context: ({ input }) => ({ assemblyId: input.assemblyId, voting: null, request: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'ready', actions: { type: 'setVoting', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: { on: { ...ACTS, refresh: 'reloading' } },
    reloading: {
      // A change while reading: read again, or the screen keeps what the earlier read saw.
      on: { ...ACTS, refresh: { target: 'reloading', reenter: true } },
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'ready', actions: { type: 'keepVoting', params: ({ event }) => event.output } },
        onError: { target: 'ready' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ assemblyId: context.assemblyId, request: context.request! }),
        onDone: { target: 'ready', actions: { type: 'setVoting', params: ({ event }) => event.output } },
        onError: { target: 'reloading', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
