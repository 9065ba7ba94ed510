// Logging a parcel at the gate, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. An incomplete draft is never sent; a retry sends
// the very same request (the same clientId), so the server records the parcel once; another parcel gets a new id.
// Without network the parcel is kept in the offline queue (queued), and another parcel gets a new id from there too.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { parcelArrivalMachine } from '../../src/machines/parcelArrivalMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { DRAFT, INCOMPLETE, parcelArrivalModel, QUEUED, SENT } from '../models/parcelArrivalMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { DWELLINGS, WAITING } from '../support/parcelFixtures';

type Snap = Snapshot<typeof parcelArrivalMachine>;
const cover = coverModel(parcelArrivalModel);

describe('parcelArrivalMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('gives each new parcel a new clientId and a retry the same one', async () => {
    let n = 0;
    const calls = controllablePromises();
    const actor = createActor(provideCalls(parcelArrivalMachine, calls), {
      input: { newClientId: () => `00000000-0000-4000-8000-00000000000${++n}` },
    }).start();
    calls.resolve('loadDwellings', DWELLINGS);
    await settle();
    actor.send({ type: 'submit', draft: DRAFT });
    const first = (calls.inputOf('saveArrival') as { clientId: string }).clientId;
    calls.reject('saveArrival', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect((calls.inputOf('saveArrival') as { clientId: string }).clientId).toBe(first);
    calls.resolve('saveArrival', { data: WAITING, replayed: true });
    await settle();
    expect(actor.getSnapshot().context.replayed).toBe(true);
    actor.send({ type: 'another' });
    actor.send({ type: 'submit', draft: DRAFT });
    expect((calls.inputOf('saveArrival') as { clientId: string }).clientId).not.toBe(first);
    actor.stop();
  });

  it('asks for its condominium’s dwellings (the device keeps that list) and, after a parcel kept offline, gives the next a new id', async () => {
    let n = 0;
    const calls = controllablePromises();
    const actor = createActor(provideCalls(parcelArrivalMachine, calls), {
      input: { condoId: 7, newClientId: () => `00000000-0000-4000-8000-00000000000${++n}` },
    }).start();
    expect(calls.inputOf('loadDwellings')).toBe(7);
    calls.resolve('loadDwellings', DWELLINGS);
    await settle();
    actor.send({ type: 'submit', draft: DRAFT });
    const first = calls.inputOf('saveArrival') as { clientId: string };
    calls.resolve('saveArrival', { queued: true, request: { ...first, occurredAt: QUEUED.occurredAt, offline: true } });
    await settle();
    expect(actor.getSnapshot().value).toBe('queued');
    actor.send({ type: 'another' });
    expect(actor.getSnapshot().context.queued).toBeNull();
    actor.send({ type: 'submit', draft: DRAFT });
    expect((calls.inputOf('saveArrival') as { clientId: string }).clientId).not.toBe(first.clientId);
    actor.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof parcelArrivalMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadDwellings']);
      expect(s.context.dwellings).toEqual([]);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'submit', draft: DRAFT })).toBe(false);
    },
    form: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.dwellings).toEqual(DWELLINGS);
      expect(s.context.saved).toBeNull();
      expect(s.context.queued).toBeNull();
      expect(can({ type: 'submit', draft: DRAFT })).toBe(true);
      expect(can({ type: 'submit', draft: INCOMPLETE })).toBe(false);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveArrival']);
      expect(calls.inputOf('saveArrival')).toEqual(SENT);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'submit', draft: DRAFT })).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.request).toEqual(SENT);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'edit' })).toBe(true);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved).toEqual(WAITING);
      expect(s.context.queued).toBeNull();
      expect(can({ type: 'another' })).toBe(true);
      expect(can({ type: 'submit', draft: DRAFT })).toBe(false);
    },
    queued: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.queued).toEqual(QUEUED);
      expect(s.context.saved).toBeNull();
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'another' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
      expect(can({ type: 'submit', draft: DRAFT })).toBe(false);
    },
  };

  walkModel(it, cover, parcelArrivalMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(parcelArrivalMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});
