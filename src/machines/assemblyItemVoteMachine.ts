// A voter's agenda items at an open assembly (issue 32), on their phone: waiting for who runs the assembly to open an
// item → open (a seat of theirs, as owner or a proxy's holder, has not voted) → voting (one call) → voted (every seat
// of theirs voted, or none is theirs) → back to waiting when the item closes, and closed once every voted item is.
// The live channel's 'assembly' event reads the items again (results live; an item opened or closed elsewhere); a
// refused vote (409: voted already, the item closed meanwhile, a barred seat) reads them again with the server's
// words. One vote per seat: a seat voted or barred is not offered.
import { assign, fromPromise, setup } from 'xstate';
import type { VoteChoice } from '../api/assemblyMajority';
import type { AssemblyVoting, ItemVoting, VoteRequest } from '../api/assemblyVotes';
import { castVote, fetchVoting } from '../services/assemblyVotesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface AssemblyItemVoteContext {
  assemblyId: number;
  voting: AssemblyVoting | null;
  failure: CallFailure | null;
  /** The vote being sent. */
  request: (VoteRequest & { itemId: number }) | null;
}

export type AssemblyItemVoteEvent =
  | { type: 'vote'; apartmentId: number; choice: VoteChoice }
  | { type: 'refresh' }
  | { type: 'retry' };

/** The item open now, if any (one at a time). */
export const openItemOf = (voting: AssemblyVoting | null): ItemVoting | null =>
  voting?.items.find((i) => i.state === 'open') ?? null;

/** The seats of the open item the voter may still vote for. */
export const seatsToVote = (voting: AssemblyVoting | null) =>
  openItemOf(voting)?.mySeats.filter((s) => !s.voted && !s.barred) ?? [];

export const assemblyItemVoteMachine = setup({
  types: {
    input: {} as { assemblyId: number },
    context: {} as AssemblyItemVoteContext,
    events: {} as AssemblyItemVoteEvent,
  },
  actors: {
    load: fromPromise<AssemblyVoting, number>(({ input, signal }) => fetchVoting(input, signal)),
    reload: fromPromise<AssemblyVoting, number>(({ input, signal }) => fetchVoting(input, signal)),
    send: fromPromise<AssemblyVoting, { assemblyId: number; request: VoteRequest & { itemId: number } }>(({ input, signal }) =>
      castVote(
        input.assemblyId,
        input.request.itemId,
        { apartmentId: input.request.apartmentId, choice: input.request.choice },
        signal,
      ),
    ),
  },
  guards: {
    allClosed: ({ context }) =>
      !!context.voting && context.voting.items.length > 0 && context.voting.items.every((i) => i.state === 'closed'),
    noneOpen: ({ context }) => openItemOf(context.voting) === null,
    leftToVote: ({ context }) => seatsToVote(context.voting).length > 0,
    mayVote: ({ context, event }) =>
      event.type === 'vote' && seatsToVote(context.voting).some((s) => s.apartmentId === event.apartmentId),
  },
  actions: {
    setVoting: assign((_, voting: AssemblyVoting) => ({ voting, failure: null })),
    keepVoting: assign((_, voting: AssemblyVoting) => ({ voting })),
    takeVote: assign(({ context, event }) =>
      event.type === 'vote'
        ? {
            request: { itemId: openItemOf(context.voting)!.itemId, apartmentId: event.apartmentId, choice: event.choice },
            failure: null,
          }
        : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyItemVote',
  context: ({ input }) => ({ assemblyId: input.assemblyId, voting: null, failure: null, request: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'deciding', actions: { type: 'setVoting', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    // Where the items stand for this voter, read from what the server answered.
    deciding: {
      always: [
        { guard: 'allClosed', target: 'closed' },
        { guard: 'noneOpen', target: 'waiting' },
        { guard: 'leftToVote', target: 'open' },
        { target: 'voted' },
      ],
    },
    waiting: { on: { refresh: 'reading' } },
    open: { on: { vote: { guard: 'mayVote', target: 'voting', actions: 'takeVote' }, refresh: 'reading' } },
    voted: { on: { refresh: 'reading' } },
    closed: { on: { refresh: 'reading' } },
    // A tap while the items are read again is the voter's vote, not lost (the live channel reads them again at every
    // change in the room: the seat's ballot stays on the screen meanwhile); its answer carries the items as they are.
    // A newer change restarts the reading.
    reading: {
      on: {
        vote: { guard: 'mayVote', target: 'voting', actions: 'takeVote' },
        refresh: { target: 'reading', reenter: true },
      },
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => context.assemblyId,
        onDone: { target: 'deciding', actions: { type: 'keepVoting', params: ({ event }) => event.output } },
        onError: { target: 'deciding' },
      },
    },
    voting: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ assemblyId: context.assemblyId, request: context.request! }),
        onDone: { target: 'deciding', actions: { type: 'setVoting', params: ({ event }) => event.output } },
        onError: { target: 'reading', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
