// mi-perfil's directory choices, model-based: every declared event offered from tests/models, every branch
// walked against a real actor with controllable calls; plus the phone rule (10 digits or + and the country).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { normalizePhone } from '../../src/api/directory';
import { directoryContactMachine, phoneAccepted } from '../../src/machines/directoryContactMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { directoryContactModel, SHOWN } from '../models/directoryContactMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof directoryContactMachine>;
const cover = coverModel(directoryContactModel);

describe('directoryContactMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof directoryContactMachine>;

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadContact']),
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.saved).toBeNull();
    },
    editing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved).not.toBeNull();
      if (s.context.phoneProblem) expect(phoneAccepted(s.context.draft.phone)).toBe(false);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveContact']);
      expect(calls.inputOf('saveContact')).toEqual(s.context.draft);
      expect(phoneAccepted(s.context.draft.phone)).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    },
    saved: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.saved).toEqual(SHOWN);
      expect(s.context.draft).toEqual(SHOWN);
    },
  };

  walkModel(it, cover, directoryContactMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(directoryContactMachine, calls)).start();
    return { actor, calls };
  });
});

describe('the personal phone rule', () => {
  it('takes 10 digits or + with the country code, dropping what people type between digits', () => {
    expect(normalizePhone('33 1234 5678')).toBe('3312345678');
    expect(normalizePhone('(33) 1234-5678')).toBe('3312345678');
    expect(normalizePhone('+52 33 1234 5678')).toBe('+523312345678');
    expect(normalizePhone('+1 415.555.0100')).toBe('+14155550100');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('331234567')).toBeNull();
    expect(normalizePhone('+0 123 456 789')).toBeNull();
    expect(normalizePhone('tel: 3312345678')).toBeNull();
    expect(normalizePhone('+52 33 1234 5678 9012 345')).toBeNull();
  });
});
