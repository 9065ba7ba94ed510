// The guard's shift PIN (employee panel), model-based: every declared event offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Plus its rules: a PIN of 4 to 6
// digits typed twice and the current password, or nothing is sent; a wrong password or too many tries keep the
// form and say so; a 403 ends the card; nothing secret stays once saved or cancelled.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { gatePinMachine, pinFormErrors } from '../../src/machines/gatePinMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import type { PinResult } from '../../src/services/gateDevicesService';
import { FORBIDDEN, gatePinModel, NEW_PIN, PASSWORD } from '../models/gatePinMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof gatePinMachine>;
const cover = coverModel(gatePinModel);
const EMPTY = { pin: '', confirmation: '', password: '' };
const formOf = (s: Snap) => ({ pin: s.context.pin, confirmation: s.context.confirmation, password: s.context.password });
const formIsValid = (s: Snap) => Object.keys(pinFormErrors(s.context)).length === 0;

describe('gatePinMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof gatePinMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadPinStatus']);
      expect(can({ type: 'edit' })).toBe(false);
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'edit' })).toBe(false);
    },
    ready: (s) => {
      idle();
      expect(formOf(s)).toEqual(EMPTY);
      expect(s.context.refusal).toBeNull();
      expect(can({ type: 'edit' })).toBe(true);
      expect(can({ type: 'submit' })).toBe(false);
    },
    editing: (s) => {
      idle();
      // Sending is offered exactly when the rules pass.
      expect(can({ type: 'submit' })).toBe(formIsValid(s));
      expect(can({ type: 'cancel' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['savePin']);
      expect(calls.inputOf('savePin')).toEqual({ password: PASSWORD, pin: NEW_PIN });
      expect(s.context).toMatchObject({ refusal: null, failure: null });
      expect(can({ type: 'submit' })).toBe(false);
      expect(can({ type: 'cancel' })).toBe(false);
    },
    saved: (s) => {
      idle();
      expect(s.context.hasPin).toBe(true);
      expect(formOf(s)).toEqual(EMPTY);
      expect(can({ type: 'edit' })).toBe(true);
    },
    failed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      // The form is kept, to send again as it is.
      expect(formOf(s)).toEqual({ pin: NEW_PIN, confirmation: NEW_PIN, password: PASSWORD });
      expect(can({ type: 'retry' })).toBe(true);
    },
    refused: (s) => {
      idle();
      expect(s.status).toBe('done');
      expect(s.context.failure).toEqual(callFailure(FORBIDDEN));
      expect(formOf(s)).toEqual(EMPTY);
    },
  };

  const leadsTo = {
    'xstate.done.actor.savePin': () => {
      const s = actor.getSnapshot();
      if (s.matches('editing')) {
        expect(['wrongPassword', 'tooMany']).toContain(s.context.refusal);
        // The guard fixes what was wrong: nothing typed is lost.
        expect(formOf(s)).toEqual({ pin: NEW_PIN, confirmation: NEW_PIN, password: PASSWORD });
      }
    },
    'xstate.done.actor.loadPinStatus': () => {
      const s = actor.getSnapshot();
      expect(s.value).toBe('ready');
    },
  };

  walkModel(it, cover, gatePinMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(gatePinMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('gatePinMachine rules', () => {
  it('wants 4 to 6 digits, typed twice, and the current password', () => {
    expect(pinFormErrors(EMPTY)).toEqual({ pin: 'gateDevices.pin.pinInvalid', password: 'gateDevices.pin.passwordRequired' });
    for (const pin of ['123', '1234567', '12a4', ' 1234', '١٢٣٤'])
      expect(pinFormErrors({ pin, confirmation: pin, password: 'x' }), pin).toEqual({ pin: 'gateDevices.pin.pinInvalid' });
    expect(pinFormErrors({ pin: '1234', confirmation: '1243', password: 'x' })).toEqual({
      confirmation: 'gateDevices.pin.mismatch',
    });
    expect(pinFormErrors({ pin: '1234', confirmation: '1234', password: 'x' })).toEqual({});
    expect(pinFormErrors({ pin: '123456', confirmation: '123456', password: 'x' })).toEqual({});
  });

  const answering = (hasPin: boolean, result: PinResult) =>
    createActor(
      gatePinMachine.provide({
        actors: { loadPinStatus: fromPromise(async () => hasPin), savePin: fromPromise(async () => result) },
      }),
    ).start();

  const fill = (actor: ReturnType<typeof answering>, pin = NEW_PIN) => {
    actor.send({ type: 'edit' });
    actor.send({ type: 'change', field: 'pin', value: pin });
    actor.send({ type: 'change', field: 'confirmation', value: pin });
    actor.send({ type: 'change', field: 'password', value: PASSWORD });
  };

  it('says whether the guard has a PIN, and that they have one once saved', async () => {
    const actor = answering(false, { kind: 'saved' });
    await settle();
    expect(actor.getSnapshot().context.hasPin).toBe(false);
    fill(actor);
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context).toMatchObject({ hasPin: true, ...EMPTY });
  });

  it('does not send a PIN that does not match its confirmation', async () => {
    const actor = answering(true, { kind: 'saved' });
    await settle();
    fill(actor);
    actor.send({ type: 'change', field: 'confirmation', value: '2469' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps a wrong password on the form until something is typed', async () => {
    const actor = answering(true, { kind: 'wrongPassword' });
    await settle();
    fill(actor);
    actor.send({ type: 'submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.refusal).toBe('wrongPassword');
    actor.send({ type: 'change', field: 'password', value: 'Otra1234!' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('forgets what was typed when cancelled', async () => {
    const actor = answering(true, { kind: 'saved' });
    await settle();
    fill(actor);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(formOf(actor.getSnapshot())).toEqual(EMPTY);
  });
});
