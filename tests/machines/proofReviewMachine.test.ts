// Comprobantes de pago's list, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. Tabs only for reviewers; only what the proof's actions
// allow is offered (accepting into one of the condominium's accounts, rejecting with a reason of 3–500 characters,
// withdrawing one's own); a decision taken meanwhile (409) reloads the list and says so; a notification's proof
// opens once the list is shown.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { proofReviewMachine } from '../../src/machines/proofReviewMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { proofReviewModel } from '../models/proofReviewMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { LONG_QUEUE, PROOF, QUEUE_PAGE, RESIDENT_OPTIONS, REVIEWER_OPTIONS } from '../support/proofsFixtures';

type Snap = Snapshot<typeof proofReviewMachine>;
const cover = coverModel(proofReviewModel);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('proofReviewMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('offers a resident no tabs, and a reviewer only what each proof allows', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(proofReviewMachine, calls), { input: { opening: null } }).start();
    calls.resolve('loadOptions', RESIDENT_OPTIONS);
    await settle();
    expect(calls.inputOf('listProofs')).toEqual({ tab: null, page: 1 });
    calls.resolve('listProofs', QUEUE_PAGE);
    await settle();
    expect(live.getSnapshot().can({ type: 'tab', tab: 'aceptados' })).toBe(false);
    expect(live.getSnapshot().can({ type: 'page', page: 2 })).toBe(false);
    live.send({ type: 'view', id: PROOF.id });
    expect(live.getSnapshot().can({ type: 'accept', accountId: 3 })).toBe(false);
    live.stop();

    const calls2 = controllablePromises();
    const admin = createActor(provideCalls(proofReviewMachine, calls2), { input: { opening: null } }).start();
    calls2.resolve('loadOptions', REVIEWER_OPTIONS);
    await settle();
    expect(calls2.inputOf('listProofs')).toEqual({ tab: 'pendientes', page: 1 });
    calls2.resolve('listProofs', LONG_QUEUE);
    await settle();
    admin.send({ type: 'view', id: PROOF.id });
    const s = admin.getSnapshot();
    expect(s.can({ type: 'accept', accountId: 999 })).toBe(false);
    expect(s.can({ type: 'accept', accountId: 3 })).toBe(true);
    expect(s.can({ type: 'reject', reason: ' no ' })).toBe(false);
    expect(s.can({ type: 'reject', reason: 'No coincide' })).toBe(true);
    expect(s.can({ type: 'withdraw' })).toBe(false);
    admin.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof proofReviewMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    starting: () => expect(calls.pending()).toEqual(['loadOptions']),
    startFailed: (s) => {
      idle();
      expect(s.context.options).toBeNull();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    loading: (s) => {
      expect(calls.pending()).toEqual(['listProofs']);
      expect(calls.inputOf('listProofs')).toEqual({ tab: s.context.tab, page: s.context.page });
      expect(s.context.current).toBeNull();
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.options).toEqual(REVIEWER_OPTIONS);
    },
    list: (s) => {
      idle();
      expect(s.context.current).toBeNull();
      expect(s.context.opening).toBeNull();
      expect(s.context.total).toBe(LONG_QUEUE.total);
    },
    viewing: (s) => {
      idle();
      expect(s.context.current?.estado).toBe('enviado');
      expect(s.can({ type: 'close' })).toBe(true);
    },
    accepting: (s) => {
      expect(calls.pending()).toEqual(['decide']);
      expect(calls.inputOf('decide')).toEqual({ id: s.context.current!.id, action: 'aceptar', accountId: 3 });
    },
    rejecting: (s) => {
      expect(calls.pending()).toEqual(['decide']);
      expect(calls.inputOf('decide')).toEqual({ id: s.context.current!.id, action: 'rechazar', reason: 'El monto no coincide' });
    },
    withdrawing: (s) => {
      expect(calls.pending()).toEqual(['decide']);
      expect(calls.inputOf('decide')).toEqual({ id: s.context.current!.id, action: 'retirar' });
      expect(s.context.current?.actions).toContain('retirar');
    },
    done: (s) => {
      idle();
      expect(s.context.current?.estado).toBe(s.context.outcome);
      expect(s.context.items.find((p) => p.id === s.context.current?.id)).toEqual(s.context.current);
    },
  };

  const leadsTo = {
    'xstate.error.actor.accept': () => {
      const s = actor.getSnapshot();
      if (s.matches('loading')) expect(s.context.outcome).toBe('stale');
      else expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, proofReviewMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(proofReviewMachine, calls), { input: input as { opening: number | null } }).start();
    return { actor, calls, after: leadsTo };
  });
});
