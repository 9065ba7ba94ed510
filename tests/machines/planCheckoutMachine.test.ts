// Contratar's machine, model-based: every event the machine declares offered from tests/models, every branch walked
// against an actor whose calls are controllable promises; and its rules: the request names the plan and the period
// only, a retry after a cut sends the same clientId, another plan a new one.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { planCheckoutMachine, type planCheckoutRequest } from '../../src/machines/planCheckoutMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { PLAN_CLIENT_ID, PLAN_REFUSED, planCheckoutModel, planCheckoutModelMachine } from '../models/planCheckoutMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { PLAN_CHECKOUTS } from '../support/planCheckoutFixtures';

type Snap = Snapshot<typeof planCheckoutMachine>;
const cover = coverModel(planCheckoutModel);

describe('planCheckoutMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof planCheckoutModelMachine>;
  const s = () => actor.getSnapshot() as Snap;
  const states: StateChecks<Snap> = {
    ready: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().can({ type: 'contract', plan: 'basico', period: 'mensual' })).toBe(true);
    },
    'ready.choosing': () => {
      expect(s().context.refusal).toBeNull();
      expect(s().context.failure).toBeNull();
    },
    'ready.refused': () => {
      expect(s().context.refusal).toBe(PLAN_REFUSED.kind === 'refused' ? PLAN_REFUSED.message : null);
      // A refusal ends the attempt: the next press is a new one.
      expect(s().context.clientId).toBeNull();
    },
    'ready.failed': () => {
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().context.clientId).toBe(PLAN_CLIENT_ID);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    opening: () => {
      expect(calls.pending()).toEqual(['open']);
      expect(calls.inputOf('open')).toEqual({ request: { plan: 'profesional', period: 'anual', clientId: PLAN_CLIENT_ID } });
      expect(s().can({ type: 'contract', plan: 'basico', period: 'mensual' })).toBe(false);
    },
    leaving: () => {
      expect(s().status).toBe('done');
      expect(s().context.checkout).toEqual(PLAN_CHECKOUTS.created);
    },
  };

  walkModel(it, cover, planCheckoutModelMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(planCheckoutModelMachine, calls)).start();
    return { actor, calls };
  });
});

describe('planCheckoutMachine rules', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('makes a clientId for an attempt, keeps it on retry and for the same plan again, and makes a new one for another', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(planCheckoutMachine, calls)).start();
    const request = () => (calls.inputOf('open') as { request: ReturnType<typeof planCheckoutRequest> }).request;
    actor.send({ type: 'contract', plan: 'basico', period: 'mensual' });
    const first = request();
    expect(Object.keys(first).sort()).toEqual(['clientId', 'period', 'plan']);
    expect(first).toMatchObject({ plan: 'basico', period: 'mensual' });
    expect(first.clientId).toMatch(/^[0-9a-f-]{36}$/);
    calls.reject('open', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect(request().clientId).toBe(first.clientId);
    calls.reject('open', new Error('offline'));
    await settle();
    actor.send({ type: 'contract', plan: 'basico', period: 'mensual' });
    expect(request().clientId).toBe(first.clientId);
    calls.reject('open', new Error('offline'));
    await settle();
    actor.send({ type: 'contract', plan: 'basico', period: 'anual' });
    expect(request()).toMatchObject({ plan: 'basico', period: 'anual' });
    expect(request().clientId).not.toBe(first.clientId);
  });

  it('does not leave for a checkout the provider gave no page for', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(planCheckoutMachine, calls)).start();
    actor.send({ type: 'contract', plan: 'basico', period: 'mensual' });
    calls.resolve('open', { kind: 'opened', checkout: PLAN_CHECKOUTS.paid });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'refused' })).toBe(true);
  });
});
