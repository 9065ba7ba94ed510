// Filing the signed acta, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. The file chosen is sent for this assembly; a refusal keeps the
// server's words and lets another file be chosen; once filed, the entry's number is kept.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyMinutesFileMachine } from '../../src/machines/assemblyMinutesFileMachine';
import { assemblyMinutesFileModel, SIGNED } from '../models/assemblyMinutesFileMachine.model';
import { ENTRY } from '../support/assemblyMinutesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyMinutesFileMachine>;
const cover = coverModel(assemblyMinutesFileModel);

describe('assemblyMinutesFileMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyMinutesFileMachine>;
  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.file).toBeNull();
      if (s.context.failure?.kind === 'refused') expect(s.context.failure.status).toBe(409);
      expect(actor.getSnapshot().can({ type: 'file', file: SIGNED })).toBe(true);
    },
    sending: () => {
      expect(calls.pending()).toEqual(['send']);
      expect(calls.inputOf('send')).toEqual({ assemblyId: 7, file: SIGNED });
    },
    filed: (s) => {
      expect(s.context.entry).toEqual(ENTRY);
      expect(s.status).toBe('done');
    },
  };

  walkModel(it, cover, assemblyMinutesFileMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyMinutesFileMachine, calls), { input: { assemblyId: 7 } }).start();
    return { actor, calls };
  });
});
