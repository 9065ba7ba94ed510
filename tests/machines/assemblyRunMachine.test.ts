// One assembly's screen, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A lifecycle action is sent only when the assembly lists it, with
// the version seen; a 409 shows the fresh assembly and its words; a live read keeps the assembly shown when it fails.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyRunMachine } from '../../src/machines/assemblyRunMachine';
import { assemblyRunModel } from '../models/assemblyRunMachine.model';
import { NO_QUORUM, OPEN, WAITING_MET } from '../support/assembliesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyRunMachine>;
const cover = coverModel(assemblyRunModel);

describe('assemblyRunMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyRunMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(calls.inputOf('load')).toBe(7);
      expect(s.context.assembly).toBeNull();
    },
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      const assembly = s.context.assembly!;
      expect([WAITING_MET, OPEN, NO_QUORUM.assembly]).toContainEqual(assembly);
      // Only what the lifecycle lists now.
      expect(can({ type: 'act', action: 'close' })).toBe(assembly.actions.includes('close'));
      expect(can({ type: 'act', action: 'open' })).toBe(assembly.actions.includes('open'));
      expect(can({ type: 'attend', attendance: { apartmentId: 11, kind: 'owner', mode: null } })).toBe(true);
      if (s.context.conflict) expect(s.context.conflict).toBe('No se ha alcanzado el quórum de la convocatoria en curso.');
    },
    reloading: (s) => {
      expect(calls.pending()).toEqual(['reload']);
      expect(s.context.assembly).not.toBeNull();
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      const input = calls.inputOf('send') as { id: number; request: { kind: string; change?: { version: number } } };
      expect(input.id).toBe(7);
      expect(input.request).toEqual(s.context.request);
      if (input.request.kind === 'change') expect(input.request.change?.version).toBe(s.context.assembly!.version);
      expect(s.context.conflict).toBeNull();
    },
  };

  walkModel(it, cover, assemblyRunMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyRunMachine, calls), { input: { id: 7 } }).start();
    return { actor, calls };
  });
});
