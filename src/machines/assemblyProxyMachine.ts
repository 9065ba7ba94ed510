// The proxies (cartas poder) of one assembly (issue 32): read the board, then an owner gives a dwelling's proxy
// (a resident or a named outsider, with the signed document) or withdraws one, and who manages the assembly accepts
// or rejects one. One call at a time; each answers the board as it is after it; a refusal (409: the proxy limit, a
// proxy already standing or decided) keeps the board shown with the server's words, and the live channel's
// 'assembly' event reads it again without losing what is shown.
import { assign, fromPromise, setup } from 'xstate';
import type { DecideProxyRequest, GiveProxyRequest, ProxyBoard } from '../api/assemblyVotes';
import { decideProxy, fetchProxies, giveProxy, withdrawProxy } from '../services/assemblyVotesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ProxyRequest =
  | { kind: 'give'; give: GiveProxyRequest }
  | { kind: 'withdraw'; proxyId: number }
  | { kind: 'decide'; proxyId: number; decide: DecideProxyRequest };

export interface AssemblyProxyContext {
  assemblyId: number;
  board: ProxyBoard | null;
  request: ProxyRequest | null;
  failure: CallFailure | null;
  /** The last call succeeded: the form may be cleared. */
  done: boolean;
}

export type AssemblyProxyEvent =
  | { type: 'give'; give: GiveProxyRequest }
  | { type: 'withdraw'; proxyId: number }
  | { type: 'decide'; proxyId: number; decide: DecideProxyRequest }
  | { type: 'refresh' }
  | { type: 'retry' };

function send(assemblyId: number, request: ProxyRequest, signal: AbortSignal): Promise<ProxyBoard> {
  if (request.kind === 'give') return giveProxy(assemblyId, request.give, signal);
  if (request.kind === 'withdraw') return withdrawProxy(assemblyId, request.proxyId, signal);
  return decideProxy(assemblyId, request.proxyId, request.decide, signal);
}

const toRequest = (event: AssemblyProxyEvent): ProxyRequest | null =>
  event.type === 'give'
    ? { kind: 'give', give: event.give }
    : event.type === 'withdraw'
      ? { kind: 'withdraw', proxyId: event.proxyId }
      : event.type === 'decide'
        ? { kind: 'decide', proxyId: event.proxyId, decide: event.decide }
        : null;

const ACTS = {
  give: { guard: 'mayGive', target: 'sending', actions: 'takeRequest' },
  withdraw: { guard: 'mayWithdraw', target: 'sending', actions: 'takeRequest' },
  decide: { guard: 'manages', target: 'sending', actions: 'takeRequest' },
} as const;

export const assemblyProxyMachine = setup({
  types: {
    input: {} as { assemblyId: number },
    context: {} as AssemblyProxyContext,
    events: {} as AssemblyProxyEvent,
  },
  actors: {
    load: fromPromise<ProxyBoard, number>(({ input, signal }) => fetchProxies(input, signal)),
    reload: fromPromise<ProxyBoard, number>(({ input, signal }) => fetchProxies(input, signal)),
    send: fromPromise<ProxyBoard, { assemblyId: number; request: ProxyRequest }>(({ input, signal }) =>
      send(input.assemblyId, input.request, signal),
    ),
  },
  guards: {
    mayGive: ({ context, event }) =>
      event.type === 'give' && !!context.board?.mayGive.some((d) => d.apartmentId === event.give.apartmentId),
    mayWithdraw: ({ context, event }) =>
      event.type === 'withdraw' && !!context.board?.proxies.some((p) => p.id === event.proxyId && p.mayWithdraw),
    manages: ({ context, event }) =>
      event.type === 'decide' &&
      !!context.board?.manages &&
      context.board.proxies.some((p) => p.id === event.proxyId && p.state === 'pending'),
  },
  actions: {
    setBoard: assign((_, board: ProxyBoard) => ({ board, failure: null })),
    /** A read again keeps the words of a refusal shown. */
    keepBoard: assign((_, board: ProxyBoard) => ({ board })),
    setAnswer: assign((_, board: ProxyBoard) => ({ board, failure: null, done: true })),
    takeRequest: assign(({ event }) => ({ request: toRequest(event), failure: null, done: false })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyProxy',
  context: ({ input }) => ({ assemblyId: input.assemblyId, board: null, request: null, failure: null, done: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'ready', actions: { type: 'setBoard', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: { on: { ...ACTS, refresh: 'reloading' } },
    // The live channel's read: the board stays shown (and acted on); a failure keeps it.
    reloading: {
      // A change while reading: read again, or the screen keeps what the earlier read saw.
      on: { ...ACTS, refresh: { target: 'reloading', reenter: true } },
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'ready', actions: { type: 'keepBoard', params: ({ event }) => event.output } },
        onError: { target: 'ready' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ assemblyId: context.assemblyId, request: context.request! }),
        onDone: { target: 'ready', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
        // A refusal: the board is read again so it shows what the server holds, the words kept.
        onError: { target: 'reloading', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
