// Importing a bank statement, model-based: every declared event offered from tests/models, every branch walked
// against a real actor whose calls are controllable promises. A known bank goes straight to confirming; an unknown
// one to mapping its columns and back to the preview with the mapping; the account must be one of the preview's;
// the server's refusals end in refused, a lost connection in failed, whose Reintentar redoes what failed.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { reconciliationImportMachine } from '../../src/machines/reconciliationImportMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { reconciliationImportModel } from '../models/reconciliationImportMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { FILE, IMPORTED, MAPPING, MAPPING_DRAFT, PREVIEW } from '../support/reconciliationFixtures';

type Snap = Snapshot<typeof reconciliationImportMachine>;
const cover = coverModel(reconciliationImportModel);

describe('reconciliationImportMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('imports only into an account of the preview', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(reconciliationImportMachine, calls)).start();
    calls.resolve('loadRecent', { items: [IMPORTED], exampleStatement: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.getSnapshot().context.recent).toEqual([IMPORTED]);
    expect(live.getSnapshot().can({ type: 'downloadExample' })).toBe(false);
    live.send({ type: 'choose', file: FILE });
    expect(calls.inputOf('preview')).toEqual({ file: FILE, mapeoId: null });
    calls.resolve('preview', PREVIEW);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.getSnapshot().value).toBe('confirming');
    expect(live.getSnapshot().can({ type: 'confirm', cuentaId: 999 })).toBe(false);
    live.send({ type: 'confirm', cuentaId: 4 });
    expect(calls.inputOf('importStatement')).toEqual({ file: FILE, mapeoId: null, huella: PREVIEW.huella, cuentaId: 4 });
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof reconciliationImportMachine>;
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    choosing: (s) => {
      expect(s.context.file).toBeNull();
      expect(s.context.preview).toBeNull();
    },
    'choosing.loading': () => expect(calls.pending()).toEqual(['loadRecent']),
    'choosing.ready': (s) => {
      idle();
      expect(s.context.file).toBeNull();
    },
    'choosing.downloading': (s) => {
      expect(calls.pending()).toEqual(['downloadExample']);
      expect(s.context.example).toBe(true);
    },
    previewing: (s) => {
      expect(calls.pending()).toEqual(['preview']);
      expect(calls.inputOf('preview')).toEqual({ file: FILE, mapeoId: s.context.mapeoId });
    },
    mappingColumns: (s) => expect(s.context.preview?.bank).toBeNull(),
    'mappingColumns.loading': () => expect(calls.pending()).toEqual(['loadMappings']),
    'mappingColumns.choosingMapping': () => idle(),
    'mappingColumns.saving': () => {
      expect(calls.pending()).toEqual(['saveMapping']);
      expect(calls.inputOf('saveMapping')).toEqual(MAPPING_DRAFT);
    },
    confirming: (s) => {
      idle();
      expect(s.context.preview?.bank).not.toBeNull();
    },
    importing: (s) => {
      expect(calls.pending()).toEqual(['importStatement']);
      expect(calls.inputOf('importStatement')).toEqual({
        file: FILE,
        mapeoId: s.context.mapeoId,
        huella: PREVIEW.huella,
        cuentaId: PREVIEW.accounts[0]!.id,
      });
    },
    done: (s) => {
      idle();
      expect(s.context.result).toEqual(IMPORTED);
    },
    refused: (s) => {
      idle();
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 400 });
    },
    failed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
  };

  const leadsTo = {
    useMapping: () => expect(actor.getSnapshot().context.mapeoId).toBe(MAPPING.id),
    'xstate.done.actor.saveMapping': () => {
      expect(actor.getSnapshot().context.mapeoId).toBe(MAPPING.id);
      expect(actor.getSnapshot().context.mappings).toContainEqual(MAPPING);
    },
    'xstate.error.actor.saveMapping': () => expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE),
    'xstate.error.actor.downloadExample': () => expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE),
    'xstate.done.actor.loadRecent': () =>
      expect(actor.getSnapshot().can({ type: 'downloadExample' })).toBe(actor.getSnapshot().context.example),
  };

  walkModel(it, cover, reconciliationImportMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reconciliationImportMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
