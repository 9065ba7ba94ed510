// The book of minutes, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A check is kept per entry; an addendum replaces its entry; a
// failure keeps the book shown.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyMinutesBookMachine } from '../../src/machines/assemblyMinutesBookMachine';
import { assemblyMinutesBookModel } from '../models/assemblyMinutesBookMachine.model';
import { ENTRY, WITH_ADDENDUM } from '../support/assemblyMinutesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyMinutesBookMachine>;
const cover = coverModel(assemblyMinutesBookModel);

describe('assemblyMinutesBookMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyMinutesBookMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['load']),
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'refused', status: 403 });
      expect(s.context.book).toBeNull();
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.book?.items).toHaveLength(1);
      expect([ENTRY, WITH_ADDENDUM]).toContainEqual(s.context.book!.items[0]);
      expect(s.context.added).toBe(s.context.book!.items[0]!.addenda.length === 1);
      // An unknown entry is never checked.
      expect(actor.getSnapshot().can({ type: 'check', minutesId: 99 })).toBe(false);
    },
    checking: (s) => {
      expect(calls.pending()).toEqual(['check']);
      expect(calls.inputOf('check')).toBe(ENTRY.id);
      expect(s.context.book).not.toBeNull();
    },
    adding: () => {
      expect(calls.pending()).toEqual(['add']);
      expect(calls.inputOf('add')).toEqual({
        minutesId: ENTRY.id,
        request: { text: 'Se corrige el nombre del secretario.', file: null },
      });
    },
  };

  walkModel(it, cover, assemblyMinutesBookMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyMinutesBookMachine, calls)).start();
    return { actor, calls };
  });
});
