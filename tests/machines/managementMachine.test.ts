// Management control's summary, model-based: every declared event offered from tests/models, every branch
// walked (first load, failure and retry, Actualizar and its failure) against a real actor whose calls are
// controllable promises.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { managementMachine } from '../../src/machines/managementMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { FIRST, LATER, managementModel } from '../models/managementMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof managementMachine>;
const cover = coverModel(managementModel);

describe('managementMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof managementMachine>;
  const can = (type: 'retry' | 'refresh') => actor.getSnapshot().can({ type });
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchManagementSummary']);
      expect(s.context.summary).toBeNull();
      expect(can('retry')).toBe(false);
      expect(can('refresh')).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.summary).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
    },
    // The last answer's figures; a failed refresh keeps the ones shown (and says so until the next answer).
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([FIRST.data, LATER.data]).toContainEqual(s.context.summary);
      expect(can('refresh')).toBe(true);
      expect(can('retry')).toBe(false);
    },
    refreshing: (s) => {
      expect(calls.pending()).toEqual(['fetchManagementSummary']);
      expect(s.context.summary).not.toBeNull();
      expect(can('refresh')).toBe(false);
    },
  };

  walkModel(it, cover, managementMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(managementMachine, calls)).start();
    return {
      actor,
      calls,
      after: {
        retry: () => expect(calls.pending()).toEqual(['fetchManagementSummary']),
        refresh: () => expect(actor.getSnapshot().context.summary).not.toBeNull(),
        'xstate.error.actor.refresh': () => expect(actor.getSnapshot().context.refreshFailed).toBe(true),
        'xstate.done.actor.refresh': () => {
          expect(actor.getSnapshot().context.refreshFailed).toBe(false);
          expect(actor.getSnapshot().context.summary).toEqual(LATER.data);
        },
      },
    };
  });
});
