// The document library, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A load asks for the query the reader chose (first page after a
// folder, a search or the archive); archiving sends the opened document; a blank folder name is never sent; only an
// administrator archives, sees the archive or adds folders.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { documentLibraryMachine } from '../../src/machines/documentLibraryMachine';
import { documentLibraryModel, LOADED } from '../models/documentLibraryMachine.model';
import { RULES, RULES_OPEN } from '../support/documentsFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof documentLibraryMachine>;
const cover = coverModel(documentLibraryModel);

describe('documentLibraryMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('lets a reader who does not manage neither archive, see the archive, add folders nor take an upload', () => {
    const ready = documentLibraryMachine.resolveState({
      value: 'ready',
      context: {
        manage: false,
        query: { folder: null, q: '', archived: false, offset: 0 },
        folders: [],
        items: [RULES],
        total: 1,
        open: RULES_OPEN,
        pending: null,
        notice: null,
        failure: null,
      },
    });
    expect(ready.can({ type: 'archive', id: RULES.id, archived: true })).toBe(false);
    expect(ready.can({ type: 'showArchived', archived: true })).toBe(false);
    expect(ready.can({ type: 'addFolder', name: 'Proveedores' })).toBe(false);
    expect(ready.can({ type: 'saved', document: RULES, version: false })).toBe(false);
    expect(ready.can({ type: 'open', id: RULES.id })).toBe(true);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof documentLibraryMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(calls.inputOf('load')).toEqual(s.context.query);
      expect(s.context.pending).toBeNull();
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'open', id: RULES.id })).toBe(false);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.folders).toEqual(LOADED.folders);
      expect(s.context.items).toEqual(LOADED.page.items);
      expect(s.context.pending).toBeNull();
      expect(can({ type: 'addFolder', name: '   ' })).toBe(false);
      expect(can({ type: 'addFolder', name: 'Proveedores' })).toBe(true);
      // A query that changed asks from the first page, but for the page itself.
      if (s.context.query.offset !== 0) expect(s.context.query).toMatchObject({ folder: null, q: '', offset: 20 });
    },
    opening: () => {
      expect(calls.pending()).toEqual(['detail']);
      expect(calls.inputOf('detail')).toBe(RULES.id);
    },
    archiving: (s) => {
      expect(calls.pending()).toEqual(['archive']);
      expect(calls.inputOf('archive')).toEqual({ id: RULES.id, archived: true });
      expect(s.context.open?.id).toBe(RULES.id);
      expect(can({ type: 'refresh' })).toBe(false);
    },
    addingFolder: () => {
      expect(calls.pending()).toEqual(['addFolder']);
      expect(calls.inputOf('addFolder')).toBe('Proveedores');
    },
  };

  walkModel(it, cover, documentLibraryMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(documentLibraryMachine, calls), { input: { manage: true } }).start();
    return { actor, calls };
  });
});
