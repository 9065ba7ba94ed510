// A list of parcels, model-based, for the gate and for a resident: every declared event offered from tests/models,
// every branch walked against a real actor whose call is a controllable promise. The gate searches, a resident
// picks waiting or collected; either starts again from the first page; paging stays within the total.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { PARCEL_PAGE_SIZE } from '../../src/api/parcels';
import { parcelListMachine } from '../../src/machines/parcelListMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { parcelListModel } from '../models/parcelListMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof parcelListMachine>;
const cover = coverModel(parcelListModel);

describe('parcelListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof parcelListMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({
        mode: s.context.mode,
        q: s.context.q,
        status: s.context.status,
        offset: s.context.offset,
      });
      // Only the gate searches, only a resident picks a status.
      expect(can({ type: 'search', q: 'x' })).toBe(s.context.mode === 'gate');
      expect(can({ type: 'setStatus', status: 'collected' })).toBe(s.context.mode === 'mine');
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).not.toBeNull();
      expect(s.context.failure).toBeNull();
      const total = s.context.answer!.total;
      expect(can({ type: 'page', offset: PARCEL_PAGE_SIZE })).toBe(
        PARCEL_PAGE_SIZE < total && s.context.offset !== PARCEL_PAGE_SIZE,
      );
      expect(can({ type: 'page', offset: total + PARCEL_PAGE_SIZE })).toBe(false);
      expect(can({ type: 'refresh' })).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, parcelListMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(parcelListMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
