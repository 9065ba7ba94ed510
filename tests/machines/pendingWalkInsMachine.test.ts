// A resident's walk-ins at the caseta, model-based: every event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises and whose poll pause runs on a simulated clock
// (checked to take exactly PENDING_WALK_INS_POLL_MS). Plus its rules: only a listed walk-in can be answered, and
// a retry re-sends the same answer.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { PENDING_WALK_INS_POLL_MS } from '../../src/api/gateWalkIns';
import { pendingWalkInsMachine } from '../../src/machines/pendingWalkInsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { pendingWalkInsModel } from '../models/pendingWalkInsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { ASKING } from '../support/walkInFixtures';

type Snap = Snapshot<typeof pendingWalkInsMachine>;
const cover = coverModel(pendingWalkInsModel);
const READY = 'xstate.after.poll.pendingWalkIns.ready';
const FAILED = 'xstate.after.poll.pendingWalkIns.failed';

describe('pendingWalkInsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof pendingWalkInsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['fetchPending']),
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      // Only a walk-in on the list can be answered.
      expect(can({ type: 'answer', id: ASKING.id, answer: 'approve' })).toBe(s.context.items!.length > 0);
      expect(can({ type: 'answer', id: 999, answer: 'approve' })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    answering: (s) => {
      expect(calls.pending()).toEqual(['respond']);
      expect(calls.inputOf('respond')).toEqual(s.context.answering);
      expect(s.context.answering?.id).toBe(ASKING.id);
      expect(can({ type: 'answer', id: ASKING.id, answer: 'approve' })).toBe(false);
    },
    answerFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answerFailure).not.toBeNull();
      expect(s.context.answering).not.toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'dismiss' })).toBe(true);
    },
  };

  /** The pause ends exactly when it has passed, not a millisecond before. */
  const afterExactly = (state: 'ready' | 'failed') => () => {
    clock.increment(PENDING_WALK_INS_POLL_MS - 1);
    expect(actor.getSnapshot().matches(state)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, pendingWalkInsMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(pendingWalkInsMachine, calls), { clock });
    actor.start();
    return { actor, calls, special: { [READY]: afterExactly('ready'), [FAILED]: afterExactly('failed') } };
  });
});

describe('pendingWalkInsMachine rules', () => {
  it('re-sends the same answer on retry and reads the list again once it is taken', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(pendingWalkInsMachine, calls)).start();
    calls.resolve('fetchPending', [ASKING]);
    await settle();
    actor.send({ type: 'answer', id: ASKING.id, answer: 'refuse' });
    expect(calls.inputOf('respond')).toEqual({ id: ASKING.id, answer: 'refuse' });
    calls.reject('respond', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(calls.inputOf('respond')).toEqual({ id: ASKING.id, answer: 'refuse' });
    calls.resolve('respond', { ...ASKING, status: 'refused' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.answered).toBe(ASKING.id);
    actor.stop();
  });
});
