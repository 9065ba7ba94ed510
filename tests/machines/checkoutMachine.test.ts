// Pagar's machine, model-based: every event the machine declares offered from tests/models, every branch walked
// against an actor whose calls are controllable promises; and its rules: the preview is the server's commission,
// the request names what was chosen, and a retry after a cut sends the same clientId.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { checkoutFee } from '../../src/api/checkout';
import { checkoutMachine, checkoutRequest, preview } from '../../src/machines/checkoutMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  CHECKOUT_CLIENT_ID,
  CHECKOUT_INPUT,
  checkoutModel,
  checkoutModelMachine,
  REFUSED,
  SAVE_LIMIT_TYPED,
} from '../models/checkoutMachine.model';
import { CHECKOUTS, OPTIONS } from '../support/checkoutFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof checkoutMachine>;
const cover = coverModel(checkoutModel);

describe('checkoutMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof checkoutModelMachine>;
  const s = () => actor.getSnapshot() as Snap;
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadOptions']);
      expect(calls.inputOf('loadOptions')).toEqual(CHECKOUT_INPUT);
    },
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().can({ type: 'retry' })).toBe(true);
    },
    disabled: () => {
      expect(s().status).toBe('done');
      expect(s().context.options?.enabled).toBe(false);
    },
    choosing: () => {
      expect(calls.pending()).toEqual([]);
      const { context } = s();
      expect(context.options?.enabled).toBe(true);
      // Pagar is offered exactly when the preview has a total and, keeping the card by card, its limit is above 0.
      const keeps = context.saveCard && context.method === 'tarjeta' && !!context.options?.saveCard;
      expect(s().can({ type: 'submit' })).toBe(preview(context) !== null && (!keeps || context.saveLimitText !== '0'));
      // Keeping the card is offered by card, where the options offer it.
      expect(s().can({ type: 'toggleSaveCard' })).toBe(context.method === 'tarjeta' && !!context.options?.saveCard);
      if (context.mode === 'cargos') expect(context.chargeIds.length).toBeGreaterThan(0);
    },
    opening: () => {
      expect(calls.pending()).toEqual(['open']);
      expect(calls.inputOf('open')).toEqual({ request: checkoutRequest(s().context) });
      expect(s().context.clientId).toBe(CHECKOUT_CLIENT_ID);
      expect(s().can({ type: 'setMethod', method: 'spei' })).toBe(false);
    },
    refused: () => {
      expect(s().context.refusal).toBe(REFUSED.kind === 'refused' ? REFUSED.message : null);
      expect(s().can({ type: 'back' })).toBe(true);
    },
    openFailed: () => {
      expect(s().context.failure).toEqual(NETWORK_FAILURE);
      expect(s().context.clientId).toBe(CHECKOUT_CLIENT_ID);
    },
    opened: () => {
      expect(s().status).toBe('done');
      expect(s().context.checkout).toEqual(CHECKOUTS.created);
    },
  };

  walkModel(it, cover, checkoutModelMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(checkoutModelMachine, calls), { input: CHECKOUT_INPUT }).start();
    return { actor, calls };
  });
});

describe('checkoutMachine rules', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('previews the commission the server computes, on the open charges chosen', () => {
    const context = { options: OPTIONS, mode: 'cargos' as const, chargeIds: [501], amountText: '', method: 'tarjeta' as const };
    const fee = checkoutFee(OPTIONS.methods[0]!, 185_000, 'residente');
    expect(preview(context)).toEqual({ amountCents: 185_000, feeCents: fee, totalCents: 185_000 + fee });
    expect(preview({ ...context, chargeIds: [] })).toBeNull();
    expect(preview({ ...context, mode: 'monto', amountText: '9.99' })).toBeNull();
    expect(preview({ ...context, mode: 'monto', amountText: '1500,50' })?.amountCents).toBe(150_050);
  });

  it('sends the kept card with its limit by card only, the options’ limit by default', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(checkoutMachine, calls), { input: CHECKOUT_INPUT }).start();
    calls.resolve('loadOptions', OPTIONS);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ saveCard: false, saveLimitText: '1850.00' });
    actor.send({ type: 'toggleSaveCard' });
    const request = (ctx = actor.getSnapshot().context) => checkoutRequest({ ...ctx, clientId: 'x' });
    expect(request().saveCard).toEqual({ monto: '1850.00' });
    actor.send({ type: 'setSaveLimit', text: '12.345' });
    actor.send({ type: 'setSaveLimit', text: SAVE_LIMIT_TYPED });
    expect(request().saveCard).toEqual({ monto: '1200.50' });
    actor.send({ type: 'setSaveLimit', text: '0' });
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    actor.send({ type: 'setSaveLimit', text: '900' });
    actor.send({ type: 'setMethod', method: 'oxxo' });
    expect(request().saveCard).toBeUndefined();
    expect(actor.getSnapshot().can({ type: 'toggleSaveCard' })).toBe(false);
    actor.send({ type: 'setMethod', method: 'tarjeta' });
    actor.send({ type: 'submit' });
    expect((calls.inputOf('open') as { request: { saveCard?: unknown } }).request.saveCard).toEqual({ monto: '900.00' });
    // Not offered where the options do not offer it.
    const other = createActor(provideCalls(checkoutMachine, controllablePromises()), { input: CHECKOUT_INPUT }).start();
    expect(other.getSnapshot().can({ type: 'toggleSaveCard' })).toBe(false);
  });

  it('makes a clientId for an attempt, keeps it on retry, and makes a new one once the choice changes', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(checkoutMachine, calls), { input: CHECKOUT_INPUT }).start();
    calls.resolve('loadOptions', OPTIONS);
    await settle();
    actor.send({ type: 'submit' });
    const first = (calls.inputOf('open') as { request: { clientId: string; chargeIds: number[] } }).request;
    expect(first.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.chargeIds).toEqual([501, 502]);
    calls.reject('open', new Error('offline'));
    await settle();
    actor.send({ type: 'retry' });
    expect((calls.inputOf('open') as { request: { clientId: string } }).request.clientId).toBe(first.clientId);
    calls.reject('open', new Error('offline'));
    await settle();
    actor.send({ type: 'back' });
    actor.send({ type: 'toggleCharge', chargeId: 502 });
    actor.send({ type: 'submit' });
    const second = (calls.inputOf('open') as { request: { clientId: string; chargeIds: number[] } }).request;
    expect(second.chargeIds).toEqual([501]);
    expect(second.clientId).not.toBe(first.clientId);
  });
});
