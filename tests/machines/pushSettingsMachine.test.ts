// mi-perfil's Web Push card, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls (the first look, turning on and off, saving a kind) are controllable promises.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { pushSettingsMachine } from '../../src/machines/pushSettingsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { pushSettingsModel } from '../models/pushSettingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { ALL_KINDS_ON, PUSH_PUBLIC_KEY } from '../support/pushFixtures';

type Snap = Snapshot<typeof pushSettingsMachine>;
const cover = coverModel(pushSettingsModel);

describe('pushSettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof pushSettingsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  /** Only the kind the model switches ever differs from the server's first answer. */
  const othersAsLoaded = (s: Snap) =>
    expect(s.context.kinds.filter((k) => k.kind !== 'mensaje')).toEqual(ALL_KINDS_ON.filter((k) => k.kind !== 'mensaje'));

  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadPush']),
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(s.context.publicKey).toBe(PUSH_PUBLIC_KEY);
      expect(s.context.kinds).toHaveLength(ALL_KINDS_ON.length);
      othersAsLoaded(s);
    },
    'ready.device': () => expect(calls.pending()).not.toContain('loadPush'),
    'ready.device.unsupported': () => {
      expect(can({ type: 'turnOn' })).toBe(false);
      expect(can({ type: 'turnOff' })).toBe(false);
    },
    'ready.device.blocked': () => {
      expect(can({ type: 'turnOn' })).toBe(false);
      expect(can({ type: 'checkAgain' })).toBe(true);
    },
    'ready.device.off': () => {
      expect(calls.pending()).not.toContain('turnOn');
      expect(calls.pending()).not.toContain('turnOff');
      expect(can({ type: 'turnOn' })).toBe(true);
      expect(can({ type: 'turnOff' })).toBe(false);
    },
    'ready.device.turningOn': (s) => {
      expect(calls.pending()).toContain('turnOn');
      expect(calls.inputOf('turnOn')).toEqual({ publicKey: PUSH_PUBLIC_KEY });
      expect(s.context.failure).toBeNull();
      expect(s.context.dismissed).toBe(false);
      expect(can({ type: 'turnOn' })).toBe(false);
    },
    'ready.device.on': () => {
      expect(calls.pending()).not.toContain('turnOn');
      expect(can({ type: 'turnOff' })).toBe(true);
      expect(can({ type: 'turnOn' })).toBe(false);
    },
    'ready.device.turningOff': () => expect(calls.pending()).toContain('turnOff'),
    'ready.device.failed': (s) => {
      expect(calls.pending()).not.toContain('turnOn');
      expect(calls.pending()).not.toContain('turnOff');
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    'ready.kinds': (s) => expect(s.context.saving === null).toBe(!s.matches({ ready: { kinds: 'saving' } })),
    'ready.kinds.idle': (s) => {
      expect(calls.pending()).not.toContain('saveKind');
      // A failed save put the switch back where the server has it: on, as loaded.
      if (s.context.kindFailure) {
        expect(s.context.kindFailure).toEqual(NETWORK_FAILURE);
      }
    },
    'ready.kinds.saving': (s) => {
      expect(calls.pending()).toContain('saveKind');
      expect(calls.inputOf('saveKind')).toEqual(s.context.saving);
      // The switch shows what is being saved.
      expect(s.context.kinds.find((k) => k.kind === 'mensaje')?.enabled).toBe(s.context.saving?.enabled);
      expect(s.context.kindFailure).toBeNull();
      expect(can({ type: 'setKind', kind: 'pago', enabled: false })).toBe(false);
    },
  };

  walkModel(it, cover, pushSettingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(pushSettingsMachine, calls)).start();
    return { actor, calls };
  });
});
