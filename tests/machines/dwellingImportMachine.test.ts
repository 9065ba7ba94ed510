// The dwellings import, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises. Each state checks what is asked of the
// server (the chosen file previewed, the previewed bytes confirmed with the preview's huella) and what can be
// done next (no confirming a preview with a problem).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { canConfirm, dwellingImportMachine } from '../../src/machines/dwellingImportMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { CLEAN, dwellingImportModel, REFUSED, STALE, WITH_PROBLEM } from '../models/dwellingImportMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof dwellingImportMachine>;
const cover = coverModel(dwellingImportModel);

describe('dwellingImportMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof dwellingImportMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    idle: () => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'open' })).toBe(true);
    },
    choosing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.preview).toBeNull();
      if (s.context.failure) expect(s.context.failure).toMatchObject({ kind: 'refused', message: REFUSED.message });
    },
    uploading: (s) => {
      expect(calls.pending()).toEqual(['previewFile']);
      expect(calls.inputOf('previewFile')).toEqual({ source: s.context.source });
    },
    preview: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.preview).not.toBeNull();
      expect(can({ type: 'confirm' })).toBe(s.context.preview!.resumen.problemas === 0);
      expect(s.context.file?.nombre).toBe(s.context.source?.name);
    },
    confirming: (s) => {
      expect(calls.pending()).toEqual(['confirmFile']);
      expect(calls.inputOf('confirmFile')).toEqual({ file: s.context.file, huella: CLEAN.huella });
    },
    stale: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'refused', message: STALE.message });
      expect(can({ type: 'review' })).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.failedStep).not.toBeNull();
    },
    done: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.result).toEqual(CLEAN.resumen);
    },
  };

  walkModel(it, cover, dwellingImportMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(dwellingImportMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('dwelling import rules', () => {
  it('confirms only a preview without problems that writes something', () => {
    expect(canConfirm(null)).toBe(false);
    expect(canConfirm(WITH_PROBLEM)).toBe(false);
    expect(canConfirm(CLEAN)).toBe(true);
    expect(canConfirm({ ...CLEAN, resumen: { ...CLEAN.resumen, nuevas: 0, iguales: 2 } })).toBe(false);
  });
});
