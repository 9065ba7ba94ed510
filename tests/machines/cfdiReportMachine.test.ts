// listado-cfdis, model-based: every declared event offered, every branch walked against a real actor; each
// state checks what is asked of the server (the filtered page, the CFDI, the cancel request, the payment, the
// global invoice) and what can be done (no payment without a PPD balance, no cancelling a cancelled CFDI).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { canCancel, canPay, cfdiReportMachine, queryOf } from '../../src/machines/cfdiReportMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import {
  CANCEL,
  CANCELLED,
  COMPLEMENT,
  cfdiReportModel,
  GLOBAL,
  GLOBAL_DRAFT,
  NO_STAMPS,
  OVER_BALANCE,
  PAC_REFUSED,
  PAYMENT,
  PPD_INVOICE,
} from '../models/cfdiReportMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof cfdiReportMachine>;
const cover = coverModel(cfdiReportModel);

describe('cfdiReportMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof cfdiReportMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadList']);
      expect(calls.inputOf('loadList')).toEqual({ ...s.context.filters, limit: 25, offset: s.context.offset });
    },
    failed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.list).toBeNull();
    },
    empty: (s) => {
      idle();
      expect(s.context.list?.total).toBe(0);
    },
    list: (s) => {
      idle();
      expect(s.context.list?.items).toHaveLength(1);
    },
    detail: (s) => expect(s.context.detailId).toBe(7),
    global: (s) => expect(s.context.detailId).toBeNull(),
    'detail.loading': () => {
      expect(calls.pending()).toEqual(['loadDetail']);
      expect(calls.inputOf('loadDetail')).toEqual({ id: 7 });
    },
    'detail.failed': (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.detailId).toBe(7);
    },
    'detail.showing': (s) => {
      idle();
      expect([PPD_INVOICE, CANCELLED]).toContainEqual(s.context.detail);
      if (s.context.failure) expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    'detail.confirming': () => idle(),
    'detail.cancelling': () => {
      expect(calls.pending()).toEqual(['cancelCfdi']);
      expect(calls.inputOf('cancelCfdi')).toEqual({ id: 7, request: CANCEL });
    },
    'detail.done': (s) => {
      idle();
      expect(s.context.detail).toEqual(CANCELLED);
      expect(actor.getSnapshot().can({ type: 'startPayment' })).toBe(false);
    },
    'detail.refused': (s) => {
      idle();
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: PAC_REFUSED.message });
    },
    'detail.preparingPayment': () => expect(calls.pending()).toEqual(['loadBanks']),
    'detail.paying': (s) => {
      idle();
      expect(s.context.banks).toHaveLength(1);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: OVER_BALANCE.message });
    },
    'detail.recordingPayment': () => {
      expect(calls.pending()).toEqual(['payCfdi']);
      expect(calls.inputOf('payCfdi')).toEqual({ id: 7, draft: PAYMENT });
    },
    'detail.paid': (s) => {
      idle();
      expect(s.context.stamped).toEqual(COMPLEMENT);
    },
    'global.preparing': () => expect(calls.pending()).toEqual(['loadGlobalChoices']),
    'global.failed': (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.stamped).toBeNull();
    },
    'global.editing': (s) => {
      idle();
      expect(s.context.choices?.issuers).toHaveLength(1);
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: NO_STAMPS.message });
    },
    'global.stamping': () => {
      expect(calls.pending()).toEqual(['stampGlobal']);
      expect(calls.inputOf('stampGlobal')).toEqual({ draft: GLOBAL_DRAFT });
    },
    'global.stamped': (s) => {
      idle();
      expect(s.context.stamped).toEqual(GLOBAL);
    },
  };

  walkModel(it, cover, cfdiReportMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(cfdiReportMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('cfdi report rules', () => {
  it('pays only a vigente PPD Ingreso with a balance, cancels only a vigente CFDI', () => {
    expect(canPay(PPD_INVOICE)).toBe(true);
    expect(canPay({ ...PPD_INVOICE, balanceCents: 0 })).toBe(false);
    expect(canPay({ ...PPD_INVOICE, metodoPago: 'PUE' })).toBe(false);
    expect(canPay(CANCELLED)).toBe(false);
    expect(canPay(COMPLEMENT)).toBe(false);
    expect(canPay(null)).toBe(false);
    expect(canCancel(PPD_INVOICE)).toBe(true);
    expect(canCancel(CANCELLED)).toBe(false);
  });
  it('asks the whole filtered set without paging for the ZIP and the CSV', () => {
    expect(queryOf({ type: 'I' })).toEqual({ type: 'I' });
    expect(queryOf({ type: 'I' }, 25)).toEqual({ type: 'I', limit: 25, offset: 25 });
  });
});
