// The blogs summary's machine, model-based: every event the machine declares offered from tests/models,
// every branch walked (loading, shown, failed with retry) against a real actor whose call is a
// controllable promise.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { blogsSummaryMachine } from '../../src/machines/blogsSummaryMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { blogsSummaryModel, SUMMARY } from '../models/blogsSummaryMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof blogsSummaryMachine>;
const cover = coverModel(blogsSummaryModel);

describe('blogsSummaryMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof blogsSummaryMachine>;
  const canRetry = () => actor.getSnapshot().can({ type: 'retry' });
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchSummary']);
      expect(s.context.sections).toEqual([]);
      expect(canRetry()).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.sections).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(canRetry()).toBe(true);
    },
    // The sections as the server answered them; nothing more to do on this screen.
    shown: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.sections).toEqual(SUMMARY.sections);
      expect(canRetry()).toBe(false);
    },
  };

  walkModel(it, cover, blogsSummaryMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(blogsSummaryMachine, calls)).start();
    return { actor, calls, after: { retry: () => expect(calls.pending()).toEqual(['fetchSummary']) } };
  });
});
