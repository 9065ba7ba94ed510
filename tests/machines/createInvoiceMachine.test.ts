// Crear factura, model-based: every event the machine declares offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. Each state checks what is asked of the server
// (the draft previewed, the same draft and key stamped) and what can be done next.

import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { StampRequest } from '../../src/api/invoicing';
import {
  conceptOfCharge,
  createInvoiceMachine,
  draftOf,
  formaPagoFor,
  newDraftKey,
} from '../../src/machines/createInvoiceMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  CHARGES,
  CLEAN_PREVIEW,
  createInvoiceModel,
  DRAFT_KEY,
  FEE,
  FEE_PRODUCT,
  invoiceModelMachine,
  PAC_REFUSED,
  STAMPED,
} from '../models/createInvoiceMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof createInvoiceMachine>;
const cover = coverModel(createInvoiceModel);

describe('createInvoiceMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof createInvoiceMachine>;
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadStart']),
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    noIssuer: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.issuers).toEqual([]);
    },
    automatic: () => {
      expect(now().context.issuers.every((issuer) => issuer.modoInvoice === 'A')).toBe(true);
      expect(now().context.issuerId).toBeNull();
      expect(can({ type: 'addConcept', concept: FEE })).toBe(false);
    },
    concepts: () => {
      expect(now().context.issuerId).not.toBeNull();
      expect(now().context.preview).toBeNull();
      expect(now().context.draftKey).toBeNull();
      expect(can({ type: 'next' })).toBe(now().context.concepts.length > 0);
    },
    'concepts.editing': () => {
      expect(calls.pending()).toEqual([]);
      // An automatic issuer is never chosen for a hand-made invoice.
      expect(can({ type: 'chooseIssuer', issuerId: 3 })).toBe(false);
    },
    'concepts.loadingCharges': () => {
      expect(calls.pending()).toEqual(['loadCharges']);
      expect(calls.inputOf('loadCharges')).toEqual({ apartmentId: 7 });
    },
    receiver: () => {
      expect(now().context.concepts.length).toBeGreaterThan(0);
      expect(can({ type: 'review' })).toBe(now().context.clientId !== null);
    },
    'receiver.choosing': () => {
      expect(calls.pending()).toEqual([]);
      if (now().context.metodoPago === 'PPD') expect(now().context.formaPago).toBe('99');
    },
    'receiver.searching': () => {
      expect(calls.pending()).toEqual(['searchClients']);
      expect(calls.inputOf('searchClients')).toEqual({ q: 'lopez' });
    },
    previewing: () => {
      expect(calls.pending()).toEqual(['preview']);
      expect(calls.inputOf('preview')).toEqual(draftOf(now().context));
    },
    previewFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
    },
    review: () => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'stamp' })).toBe(now().context.preview!.problems.length === 0);
    },
    stamping: () => {
      expect(calls.pending()).toEqual(['stamp']);
      const input = calls.inputOf('stamp') as { draft: unknown; draftKey: string };
      expect(input).toEqual({ draft: draftOf(now().context), draftKey: DRAFT_KEY });
      expect(is(input, StampRequest)).toBe(true);
    },
    stampFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
      // The retry sends the key this draft already has.
      expect(now().context.draftKey).toBe(DRAFT_KEY);
    },
    refused: () => {
      expect(now().context.refusal).toEqual({
        reason: 'pacRefused',
        message: PAC_REFUSED.kind === 'refused' ? PAC_REFUSED.message : '',
      });
      expect(now().context.draftKey).toBe(DRAFT_KEY);
    },
    noStamps: () => {
      expect(now().context.refusal?.reason).toBe('noStamps');
      expect(can({ type: 'retry' })).toBe(true);
    },
    stamped: () => {
      expect(now().context.stamped).toEqual(STAMPED.kind === 'stamped' ? STAMPED.stamped : null);
      expect(can({ type: 'another' })).toBe(true);
    },
  };

  walkModel(it, cover, invoiceModelMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(invoiceModelMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('create invoice rules', () => {
  it('makes a key StampRequest accepts, new each time', () => {
    const key = newDraftKey();
    expect(key).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(newDraftKey()).not.toBe(key);
  });

  it('forces forma de pago 99 with PPD and refuses 99 with PUE', () => {
    expect(formaPagoFor('PPD', '03')).toBe('99');
    expect(formaPagoFor('PUE', '99')).toBe('03');
    expect(formaPagoFor('PUE', '01')).toBe('01');
  });

  it('turns a charge into a concept with the SAT keys of its product', () => {
    const concept = conceptOfCharge(CHARGES.charges[0]!, [FEE_PRODUCT]);
    expect(concept).toMatchObject({
      chargeId: 70,
      productId: 5,
      claveProdServ: '80131500',
      valorUnitarioCents: 120_000,
      cantidad: '1',
    });
    expect(conceptOfCharge(CHARGES.charges[0]!, [])).toBeNull();
  });

  it('has no draft until issuer, client and a concept are there', () => {
    const context = createActor(createInvoiceMachine).getSnapshot().context;
    expect(draftOf(context)).toBeNull();
    expect(draftOf({ ...context, issuerId: 1, clientId: 11, concepts: [FEE] })).toMatchObject({
      moneda: 'MXN',
      metodoPago: 'PUE',
    });
    expect(CLEAN_PREVIEW.problems).toEqual([]);
  });
});
