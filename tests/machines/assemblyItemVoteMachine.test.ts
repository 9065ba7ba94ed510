// A voter's agenda items, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A vote is offered only while an item is open and the seat has
// not voted; it is sent for the open item; a refusal reads the items again and keeps the server's words.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyItemVoteMachine, openItemOf, seatsToVote } from '../../src/machines/assemblyItemVoteMachine';
import { assemblyItemVoteModel } from '../models/assemblyItemVoteMachine.model';
import { V_ALL_CLOSED, V_OPEN, V_VOTED, V_WAITING } from '../support/assemblyVotesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyItemVoteMachine>;
const cover = coverModel(assemblyItemVoteModel);

describe('assemblyItemVoteMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyItemVoteMachine>;
  const canVote = () => actor.getSnapshot().can({ type: 'vote', apartmentId: 11, choice: 'no' });
  const settled = (s: Snap) => {
    expect(calls.pending()).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'vote', apartmentId: 99, choice: 'no' })).toBe(false);
    if (s.context.failure?.kind === 'refused') expect(s.context.failure.message).toBe('Esta vivienda ya votó en este punto.');
  };
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(s.context.voting).toBeNull();
    },
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
    deciding: () => {
      throw new Error('deciding is never a resting state: it reads the answer at once');
    },
    waiting: (s) => {
      settled(s);
      expect(openItemOf(s.context.voting)).toBeNull();
      expect(s.context.voting).toBe(V_WAITING);
      expect(canVote()).toBe(false);
    },
    open: (s) => {
      settled(s);
      expect(s.context.voting).toBe(V_OPEN);
      expect(seatsToVote(s.context.voting).map((seat) => seat.apartmentId)).toEqual([11]);
      expect(canVote()).toBe(true);
    },
    voted: (s) => {
      settled(s);
      expect(s.context.voting).toBe(V_VOTED);
      expect(canVote()).toBe(false);
    },
    closed: (s) => {
      settled(s);
      expect(s.context.voting).toBe(V_ALL_CLOSED);
      expect(canVote()).toBe(false);
    },
    reading: (s) => {
      expect(calls.pending()).toEqual(['reload']);
      expect(s.context.voting).not.toBeNull();
    },
    voting: (s) => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({ assemblyId: 7, request: { itemId: 1, apartmentId: 11, choice: 'yes' } });
      expect(s.context.failure).toBeNull();
    },
  };

  walkModel(it, cover, assemblyItemVoteMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyItemVoteMachine, calls), { input: { assemblyId: 7 } }).start();
    return { actor, calls };
  });
});
