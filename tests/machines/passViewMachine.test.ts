// The visitor pass machine, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose call is a controllable promise: found, not found (unknown or
// revoked), and an unreachable server that can be retried.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type PassViewInput, passViewMachine } from '../../src/machines/passViewMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { PASS, passViewModel } from '../models/passViewMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof passViewMachine>;
const cover = coverModel(passViewModel);

describe('passViewMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof passViewMachine>;
  const canRetry = () => actor.getSnapshot().can({ type: 'retry' });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(actor.getSnapshot().context.preloaded).toBeNull();
      expect(calls.pending()).toEqual(['loadPass']);
      expect(calls.inputOf('loadPass')).toEqual({ condoId: '1', qr: 'DEMO-PASE-001' });
      expect(canRetry()).toBe(false);
    },
    found: () => {
      expect(calls.pending()).toEqual([]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.pass).toEqual(PASS);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.pass).toBeNull();
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(actor.getSnapshot().status).toBe('active');
      expect(canRetry()).toBe(true);
      expect(actor.getSnapshot().context.pass).toBeNull();
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  walkModel(it, cover, passViewMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(passViewMachine, calls), { input: input as PassViewInput }).start();
    return { actor, calls };
  });
});
