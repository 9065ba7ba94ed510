// The invoicing issuers, model-based: every declared event offered, every branch walked against a real actor.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { issuersMachine, modoInvoiceOf } from '../../src/machines/issuersMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { DRAFT, ISSUER, issuersModel, RFC_TAKEN } from '../models/issuersMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof issuersMachine>;
const cover = coverModel(issuersModel);

describe('issuersMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof issuersMachine>;
  const now = () => actor.getSnapshot();

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.loadFailure).toEqual(NETWORK_FAILURE);
    },
    ready: () => {
      expect(calls.pending()).toEqual([]);
      const { savedId, saveFailure } = now().context;
      if (saveFailure !== null) expect(saveFailure).toMatchObject({ kind: 'refused', message: RFC_TAKEN.message });
      if (savedId !== null) expect(now().context.issuers.map((i) => i.id)).toContain(savedId);
    },
    saving: () => {
      expect(calls.pending()).toEqual(['save']);
      expect(calls.inputOf('save')).toEqual(DRAFT);
    },
  };

  walkModel(it, cover, issuersMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(issuersMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('invoicing mode', () => {
  it('is M while some issuer invoices by hand, A when all are automatic, null without issuers', () => {
    expect(modoInvoiceOf([])).toBeNull();
    expect(modoInvoiceOf([{ ...ISSUER, modoInvoice: 'A' }])).toBe('A');
    expect(modoInvoiceOf([{ ...ISSUER, modoInvoice: 'A' }, ISSUER])).toBe('M');
  });
});
