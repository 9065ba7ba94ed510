// Pairing a gate device and starting a shift on it, model-based: every declared event offered from
// tests/models, every branch walked from both inputs (a new browser, a browser that is this device) against a real
// actor whose calls are controllable promises. Only a full code is sent, only a 4–6 digit PIN of someone with a
// PIN; the shift's token goes to the app-wide session, and a device that turns out unpaired asks for a code again.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { gatePairingMachine } from '../../src/machines/gatePairingMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CODE, gatePairingModel, PIN, SESSION } from '../models/gatePairingMachine.model';
import { STAFF, STORED_DEVICE } from '../support/gateDeviceFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof gatePairingMachine>;
const cover = coverModel(gatePairingModel);

describe('gatePairingMachine model', () => {
  beforeEach(() => SESSION.clear());
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends only a full code, and starts only a PIN of 4 to 6 digits of someone with a PIN', async () => {
    const calls = controllablePromises();
    const a = createActor(provideCalls(gatePairingMachine, calls), {
      input: { deviceId: 1, stored: null, session: SESSION.ref },
    }).start();
    for (const code of ['', '1234567', '123456789', 'abcdefgh'])
      expect(a.getSnapshot().can({ type: 'pair', code }), code).toBe(false);
    expect(a.getSnapshot().can({ type: 'pair', code: ` ${CODE} ` })).toBe(true);
    a.stop();
    const b = createActor(provideCalls(gatePairingMachine, calls), {
      input: { deviceId: 1, stored: STORED_DEVICE, session: SESSION.ref },
    }).start();
    calls.resolve('loadStaff', { kind: 'staff', items: STAFF });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = b.getSnapshot();
    expect(s.value).toBe('askingPin');
    expect(s.can({ type: 'start', membershipId: 15, pin: '123' })).toBe(false);
    expect(s.can({ type: 'start', membershipId: 15, pin: '1234567' })).toBe(false);
    expect(s.can({ type: 'start', membershipId: 11, pin: '1234' })).toBe(false);
    expect(s.can({ type: 'start', membershipId: 99, pin: '1234' })).toBe(false);
    expect(s.can({ type: 'start', membershipId: 16, pin: '123456' })).toBe(true);
    b.stop();
  });

  it('treats a browser paired as another device as not paired here', () => {
    const s = createActor(provideCalls(gatePairingMachine, controllablePromises()), {
      input: { deviceId: 2, stored: STORED_DEVICE, session: SESSION.ref },
    })
      .start()
      .getSnapshot();
    expect(s.value).toBe('askingCode');
    expect(s.context.otherDevice).toEqual(STORED_DEVICE);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof gatePairingMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    deciding: () => {
      throw new Error('deciding is left at once');
    },
    askingCode: (s) => {
      idle();
      expect(s.context.device).toBeNull();
      expect(can({ type: 'pair', code: CODE })).toBe(true);
      expect(SESSION.received).toEqual([]);
    },
    pairing: () => {
      expect(calls.pending()).toEqual(['pairDevice']);
      expect(calls.inputOf('pairDevice')).toEqual({ id: 1, code: CODE });
      expect(can({ type: 'pair', code: CODE })).toBe(false);
    },
    loadingStaff: (s) => {
      expect(calls.pending()).toEqual(['loadStaff']);
      expect(calls.inputOf('loadStaff')).toBe(STORED_DEVICE.token);
      expect(s.context.device).toEqual(STORED_DEVICE);
    },
    staffFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    askingPin: (s) => {
      idle();
      expect(s.context.staff).toEqual(STAFF);
      expect(can({ type: 'start', membershipId: 15, pin: PIN })).toBe(true);
      expect(SESSION.received).toEqual([]);
    },
    startingShift: () => {
      expect(calls.pending()).toEqual(['startShift']);
      expect(calls.inputOf('startShift')).toEqual({ token: STORED_DEVICE.token, membershipId: 15, pin: PIN });
    },
    onDuty: (s) => {
      expect(s.status).toBe('done');
      expect(SESSION.received).toEqual([{ type: 'signedIn', token: 'shift-token', rememberMe: true }]);
    },
  };

  const leadsTo = {
    'xstate.done.actor.pairDevice': () => {
      const s = actor.getSnapshot();
      if (s.matches('askingCode')) expect(['wrongCode', 'tooMany']).toContain(s.context.refusal);
    },
    'xstate.done.actor.loadStaff': () => {
      const s = actor.getSnapshot();
      if (s.matches('askingCode')) expect(s.context).toMatchObject({ device: null, refusal: 'unpaired' });
    },
    'xstate.done.actor.startShift': () => {
      const s = actor.getSnapshot();
      if (s.matches('askingPin')) expect(['wrongPin', 'tooMany']).toContain(s.context.refusal);
      if (s.matches('askingCode')) expect(s.context).toMatchObject({ device: null, refusal: 'unpaired' });
    },
  };

  walkModel(it, cover, gatePairingMachine, states, (input) => {
    SESSION.clear();
    calls = controllablePromises();
    actor = createActor(provideCalls(gatePairingMachine, calls), { input: input as never }).start();
    return { actor, calls, after: leadsTo };
  });
});
