// The access-request inbox, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises; each state checks what is sent and
// shown. Plus: a decided request moves below the pending ones, and only complete decisions can be confirmed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { accessRequestsMachine, decisionComplete } from '../../src/machines/accessRequestsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  ALREADY_RESIDENT,
  accessRequestsModel,
  DECIDED_FIRST,
  HECTOR,
  LOADED,
  LUCIA,
  REJECTION,
} from '../models/accessRequestsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof accessRequestsMachine>;
const cover = coverModel(accessRequestsModel);

describe('accessRequestsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof accessRequestsMachine>;
  const can = (type: 'confirm' | 'cancel' | 'retry') => actor.getSnapshot().can({ type });

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    failed: (s) => {
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.decision).toBeNull();
      expect(s.context.requests.map((r) => r.id).sort()).toEqual([LUCIA.id, HECTOR.id]);
      // Pending first.
      const states = s.context.requests.map((r) => r.status);
      expect(states).toEqual([...states].sort((a, b) => Number(a !== 'pendiente') - Number(b !== 'pendiente')));
      expect(s.context.failure).toBeNull();
      if (s.context.refusal) expect(s.context.refusal).toBe(DECIDED_FIRST);
      if (s.context.done)
        expect(s.context.requests.find((r) => r.email === s.context.done!.email)!.status).toBe(s.context.done.status);
    },
    deciding: (s) => {
      const decision = s.context.decision!;
      expect(decision.request.status).toBe('pendiente');
      if (decision.mode === 'approve' && decision.request.id === LUCIA.id && decision.kind === 'owner')
        expect(decision.ApmtId).toBe(203);
      expect(can('confirm')).toBe(decisionComplete(decision));
      expect(can('cancel')).toBe(true);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: ALREADY_RESIDENT.message });
    },
    submitting: (s) => {
      expect(calls.pending()).toEqual(['decide']);
      expect(calls.inputOf('decide')).toEqual(s.context.decision);
      expect(can('cancel')).toBe(false);
    },
  };

  walkModel(it, cover, accessRequestsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(accessRequestsMachine, calls)).start();
    return { actor, calls };
  });
});

describe('access-request decisions', () => {
  it('are complete with a dwelling (approving) or a message within the limit (rejecting)', () => {
    expect(decisionComplete(null)).toBe(false);
    expect(decisionComplete({ mode: 'approve', request: LUCIA, ApmtId: null, kind: 'owner' })).toBe(false);
    expect(decisionComplete({ mode: 'approve', request: LUCIA, ApmtId: 3, kind: 'owner' })).toBe(true);
    expect(decisionComplete({ mode: 'reject', request: LUCIA, mensaje: '   ' })).toBe(false);
    expect(decisionComplete({ mode: 'reject', request: LUCIA, mensaje: REJECTION })).toBe(true);
    expect(decisionComplete({ mode: 'reject', request: LUCIA, mensaje: 'x'.repeat(1001) })).toBe(false);
  });

  it('refuses opening a decided request', async () => {
    const calls = controllablePromises();
    const a = createActor(provideCalls(accessRequestsMachine, calls)).start();
    calls.resolve('load', { ...LOADED, requests: { ...LOADED.requests, items: [{ ...LUCIA, status: 'aprobada' }] } });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().can({ type: 'approve', id: LUCIA.id })).toBe(false);
    expect(a.getSnapshot().can({ type: 'reject', id: LUCIA.id })).toBe(false);
  });
});
