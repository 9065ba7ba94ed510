// The communication home's counts, model-based: every declared event offered from tests/models, every branch
// walked (first load, failure and retry, the live channel's refresh, the one every minute and its failure) against a
// real actor whose calls
// are controllable promises and whose time is a simulated clock.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { CONVERSATION_REFRESH_MS } from '../../src/api/conversations';
import { LIVE_FALLBACK_REFRESH_MS } from '../../src/api/live';
import { communicationHomeMachine, HOME_REFRESH_MS } from '../../src/machines/communicationHomeMachine';
import { communicationHomeModel, FIRST, LATER } from '../models/communicationHomeMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof communicationHomeMachine>;
const cover = coverModel(communicationHomeModel);
const REFRESHED = 'xstate.after.refresh.communicationHome.shown';

describe('communicationHomeMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('reads the counts again once a minute behind the live channel, which asks at once (issue 30)', () => {
    expect(HOME_REFRESH_MS).toBe(LIVE_FALLBACK_REFRESH_MS);
    expect(HOME_REFRESH_MS).toBe(CONVERSATION_REFRESH_MS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof communicationHomeMachine>;
  let clock: SimulatedClock;
  const canRetry = () => actor.getSnapshot().can({ type: 'retry' });
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchHomeSummary']);
      expect(s.context.counts).toEqual([]);
      expect(canRetry()).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.counts).toEqual([]);
      expect(canRetry()).toBe(true);
    },
    // The counts of the last answer: the first, or a fresher one after a refresh.
    shown: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([FIRST.sections, LATER.sections]).toContainEqual(s.context.counts);
      expect(canRetry()).toBe(false);
    },
    // The counts stay while fresh ones load.
    refreshing: (s) => {
      expect(calls.pending()).toEqual(['fetchHomeSummary']);
      expect(s.context.counts.length).toBeGreaterThan(0);
      expect(canRetry()).toBe(false);
    },
  };

  walkModel(it, cover, communicationHomeMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(communicationHomeMachine, calls), { clock }).start();
    return {
      actor,
      calls,
      special: {
        // The periodic refresh fires when its time has passed, not a millisecond before.
        [REFRESHED]: () => {
          clock.increment(HOME_REFRESH_MS - 1);
          expect(actor.getSnapshot().matches('shown')).toBe(true);
          clock.increment(1);
        },
      },
      after: { retry: () => expect(calls.pending()).toEqual(['fetchHomeSummary']) },
    };
  });
});
