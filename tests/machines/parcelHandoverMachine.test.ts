// Handing a parcel over, model-based: every declared event offered from tests/models, every branch walked against
// a real actor whose call is a controllable promise. Only six digits or a signature with a name are sent; a
// refusal is kept to read, and going back returns to the way that was refused.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { parcelHandoverMachine } from '../../src/machines/parcelHandoverMachine';
import { parcelHandoverModel } from '../models/parcelHandoverMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { HANDED, PICKUP_CODE, SIGNATURE, WAITING } from '../support/parcelFixtures';

type Snap = Snapshot<typeof parcelHandoverMachine>;
const cover = coverModel(parcelHandoverModel);

describe('parcelHandoverMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof parcelHandoverMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context).toEqual({ parcel: null, way: null, handed: null, failure: null });
      expect(can({ type: 'pick', parcel: WAITING })).toBe(true);
    },
    choosing: (s) => {
      expect(s.context.parcel).toEqual(WAITING);
      expect(can({ type: 'useCode' })).toBe(true);
      expect(can({ type: 'useSignature' })).toBe(true);
    },
    code: () => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'submitCode', code: PICKUP_CODE, collectedByName: '' })).toBe(true);
      expect(can({ type: 'submitCode', code: '12345a', collectedByName: '' })).toBe(false);
      expect(can({ type: 'submitSignature', signature: SIGNATURE, collectedByName: 'Rosa' })).toBe(false);
    },
    signature: () => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'submitSignature', signature: SIGNATURE, collectedByName: 'Rosa' })).toBe(true);
      expect(can({ type: 'submitSignature', signature: '', collectedByName: 'Rosa' })).toBe(false);
      expect(can({ type: 'submitCode', code: PICKUP_CODE, collectedByName: '' })).toBe(false);
    },
    handing: (s) => {
      expect(calls.pending()).toEqual(['handOver']);
      const input = calls.inputOf('handOver') as { parcelId: number; way: { method: string; code?: string } };
      expect(input.parcelId).toBe(WAITING.id);
      if (input.way.method === 'code') expect(input.way).toEqual({ method: 'code', code: PICKUP_CODE, collectedByName: null });
      else expect(input.way).toEqual({ method: 'signature', signature: SIGNATURE, collectedByName: 'Rosa Hernández Díaz' });
      expect(s.context.way).toEqual(input.way);
      expect(can({ type: 'cancel' })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 409 });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'back' })).toBe(true);
    },
    handed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.handed).toEqual(HANDED);
      expect(can({ type: 'done' })).toBe(true);
    },
  };

  walkModel(it, cover, parcelHandoverMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(parcelHandoverMachine, calls)).start();
    return { actor, calls };
  });
});
