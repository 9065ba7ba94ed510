// A directory's list, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose load is a controllable promise; each state checks the query sent.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type DirectoryQuery, directoryMachine } from '../../src/machines/directoryMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { directoryModel } from '../models/directoryMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof directoryMachine>;
const cover = coverModel(directoryModel);

describe('directoryMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof directoryMachine>;

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadDirectory']);
      const sent = calls.inputOf('loadDirectory') as { kind: string; query: DirectoryQuery };
      expect(sent).toEqual({ kind: s.context.kind, query: s.context.query });
      if (s.context.kind === 'staff') expect(s.context.query.torreId).toBeNull();
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.result?.kind).toBe(s.context.kind);
      expect(s.context.query.offset % 25).toBe(0);
      expect(actor.getSnapshot().can({ type: 'page', offset: 7 })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, directoryMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(directoryMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
