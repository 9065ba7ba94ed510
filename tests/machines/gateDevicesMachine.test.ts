// The administrator's gate devices, model-based: every declared event offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises. A code is shown once; a revoked device
// takes no new code, rename or revoke; a failed call keeps the list and says why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { gateDevicesMachine } from '../../src/machines/gateDevicesMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { gateDevicesModel } from '../models/gateDevicesMachine.model';
import { DEVICES, ISSUED, NEW_DEVICE_DRAFT, PAIRED, WAITING } from '../support/gateDeviceFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof gateDevicesMachine>;
const cover = coverModel(gateDevicesModel);

describe('gateDevicesMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('registers only a filled draft, and acts only on live devices of the list', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(gateDevicesMachine, calls)).start();
    calls.resolve('listDevices', [PAIRED, { ...WAITING, state: 'revoked', revokedAt: '2026-03-02T16:00:00.000Z' }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    {
      const s = live.getSnapshot();
      expect(s.value).toBe('ready');
      expect(s.can({ type: 'register', draft: { name: ' ', accessPoint: 'x' } })).toBe(false);
      expect(s.can({ type: 'register', draft: NEW_DEVICE_DRAFT })).toBe(true);
      expect(s.can({ type: 'revoke', id: WAITING.id })).toBe(false);
      expect(s.can({ type: 'newCode', id: WAITING.id })).toBe(false);
      expect(s.can({ type: 'revoke', id: 999 })).toBe(false);
      expect(s.can({ type: 'revoke', id: PAIRED.id })).toBe(true);
      live.stop();
    }
  });

  let calls = controllablePromises();
  let actor: Actor<typeof gateDevicesMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['listDevices']);
      expect(s.context.devices).toEqual([]);
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      idle();
      expect(s.context.issued).toBeNull();
      expect(s.context.busyId).toBeNull();
      expect(s.context.devices.length).toBeGreaterThanOrEqual(2);
      expect(can({ type: 'register', draft: NEW_DEVICE_DRAFT })).toBe(true);
    },
    registering: (s) => {
      expect(calls.pending()).toEqual(['registerDevice']);
      expect(calls.inputOf('registerDevice')).toEqual(NEW_DEVICE_DRAFT);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'register', draft: NEW_DEVICE_DRAFT })).toBe(false);
    },
    updating: (s) => {
      expect(calls.pending()).toEqual(['updateDevice']);
      expect(calls.inputOf('updateDevice')).toEqual({ id: PAIRED.id, draft: { name: 'Caseta norte', accessPoint: 'Norte' } });
      expect(s.context.busyId).toBe(PAIRED.id);
    },
    issuing: (s) => {
      expect(calls.pending()).toEqual(['newCode']);
      expect(calls.inputOf('newCode')).toBe(PAIRED.id);
      expect(s.context.busyId).toBe(PAIRED.id);
    },
    revoking: (s) => {
      expect(calls.pending()).toEqual(['revokeDevice']);
      expect(calls.inputOf('revokeDevice')).toBe(PAIRED.id);
      expect(s.context.busyId).toBe(PAIRED.id);
    },
    codeShown: (s) => {
      idle();
      expect(s.context.issued?.code).toBe(ISSUED.code);
      expect(can({ type: 'register', draft: NEW_DEVICE_DRAFT })).toBe(false);
      expect(can({ type: 'closeCode' })).toBe(true);
    },
  };

  const leadsTo = {
    closeCode: () => expect(actor.getSnapshot().context.issued).toBeNull(),
    'xstate.done.actor.listDevices': () => expect(actor.getSnapshot().context.devices).toEqual(DEVICES),
    // The new device joins the live ones, by name, before any revoked one.
    'xstate.done.actor.registerDevice': () => {
      const { devices } = actor.getSnapshot().context;
      expect(devices).toContainEqual(ISSUED.device);
      const states = devices.map((d) => d.state);
      expect(states.lastIndexOf('paired') < states.indexOf('revoked') || !states.includes('revoked')).toBe(true);
      expect(states.lastIndexOf('waiting') < states.indexOf('revoked') || !states.includes('revoked')).toBe(true);
      const live = devices.filter((d) => d.state !== 'revoked').map((d) => d.name);
      expect(live).toEqual([...live].sort((a, b) => a.localeCompare(b, 'es')));
    },
    'xstate.done.actor.updateDevice': () =>
      expect(actor.getSnapshot().context.devices.find((d) => d.id === PAIRED.id)?.name).toBe('Caseta norte'),
    // A revoked device goes to the end of the list.
    'xstate.done.actor.revokeDevice': () =>
      expect(actor.getSnapshot().context.devices.at(-1)).toMatchObject({ id: PAIRED.id, state: 'revoked' }),
    'xstate.error.actor.revokeDevice': () => expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE),
  };

  walkModel(it, cover, gateDevicesMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(gateDevicesMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
