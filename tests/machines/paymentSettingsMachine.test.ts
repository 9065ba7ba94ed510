// Pagos en línea's settings, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. A draft is sent only when the contract takes it
// (commissions in range), its provider is one this deployment offers, its account is one of the list, and payments
// on come with an account; a failed save keeps the settings as they were and says why; editing clears the notice.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { FEE_MAX_BP, FEE_MAX_FIXED_CENTS } from '../../src/api/checkout';
import { draftIsSendable, paymentSettingsMachine } from '../../src/machines/paymentSettingsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { paymentSettingsModel } from '../models/paymentSettingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { CHANGED, CHANGED_VIEW, DRAFT, VIEW } from '../support/paymentSettingsFixtures';

type Snap = Snapshot<typeof paymentSettingsMachine>;
const cover = coverModel(paymentSettingsModel);

describe('paymentSettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends only a draft the contract takes, with a provider offered and an account of the list', () => {
    const fee = (bp: number, fixedCents: number) => ({ ...DRAFT, fees: { ...DRAFT.fees, tarjeta: { bp, fixedCents } } });
    expect(draftIsSendable(null, DRAFT)).toBe(false);
    expect(draftIsSendable(VIEW, DRAFT)).toBe(true);
    expect(draftIsSendable(VIEW, fee(FEE_MAX_BP, FEE_MAX_FIXED_CENTS))).toBe(true);
    expect(draftIsSendable(VIEW, fee(FEE_MAX_BP + 1, 0))).toBe(false);
    expect(draftIsSendable(VIEW, fee(0, FEE_MAX_FIXED_CENTS + 1))).toBe(false);
    expect(draftIsSendable(VIEW, fee(-1, 0))).toBe(false);
    expect(draftIsSendable(VIEW, fee(1.5, 0))).toBe(false);
    expect(draftIsSendable(VIEW, { ...DRAFT, accountId: 999 })).toBe(false);
    expect(draftIsSendable(VIEW, { ...DRAFT, accountId: null })).toBe(false);
    expect(draftIsSendable(VIEW, { ...DRAFT, enabled: false, accountId: null })).toBe(true);
    expect(draftIsSendable({ ...VIEW, providers: [] }, DRAFT)).toBe(false);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof paymentSettingsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadSettings']);
      expect(s.context.view).toBeNull();
      expect(can({ type: 'save', draft: DRAFT })).toBe(false);
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'save', draft: DRAFT })).toBe(false);
    },
    editing: (s) => {
      idle();
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'save', draft: DRAFT })).toBe(true);
      expect(can({ type: 'save', draft: { ...DRAFT, accountId: null } })).toBe(false);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveSettings']);
      expect(calls.inputOf('saveSettings')).toEqual(CHANGED);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'save', draft: DRAFT })).toBe(false);
    },
    saved: (s) => {
      idle();
      expect(s.context.view).toEqual(CHANGED_VIEW);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'save', draft: DRAFT })).toBe(true);
    },
    failed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.view).not.toBeNull();
      expect(can({ type: 'save', draft: DRAFT })).toBe(true);
    },
  };

  const leadsTo = {
    'xstate.done.actor.saveSettings': () => expect(actor.getSnapshot().context.view?.settings).toEqual(CHANGED),
    edit: () => expect(actor.getSnapshot().context.failure).toBeNull(),
  };

  walkModel(it, cover, paymentSettingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(paymentSettingsMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
