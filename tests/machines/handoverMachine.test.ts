// The shift handover, model-based: every declared event offered from tests/models, every branch walked against a real
// actor whose calls are controllable promises. Blank notes and one's own or read handovers are never sent.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { canMarkRead, handoverMachine } from '../../src/machines/handoverMachine';
import { handoverModel } from '../models/handoverMachine.model';
import { READ_HANDOVER, UNREAD_HANDOVER } from '../support/incidentsFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof handoverMachine>;
const cover = coverModel(handoverModel);

describe('handoverMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('lets only someone else mark an unread handover read', () => {
    expect(canMarkRead(UNREAD_HANDOVER)).toBe(true);
    expect(canMarkRead(READ_HANDOVER)).toBe(false);
    expect(canMarkRead({ ...UNREAD_HANDOVER, writtenByMe: true })).toBe(false);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof handoverMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['load']);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'write', notes: ' ' })).toBe(false);
      expect(can({ type: 'markRead', handoverId: 999 })).toBe(false);
      expect(can({ type: 'markRead', handoverId: UNREAD_HANDOVER.id })).toBe(s.context.items.some(canMarkRead));
    },
    writing: (s) => {
      expect(calls.pending()).toEqual(['write']);
      expect(calls.inputOf('write')).toBe('Portón 2 no cierra bien.');
      expect(s.context.notes).toBe('Portón 2 no cierra bien.');
    },
    marking: () => {
      expect(calls.pending()).toEqual(['markRead']);
      expect(calls.inputOf('markRead')).toBe(UNREAD_HANDOVER.id);
    },
  };

  walkModel(it, cover, handoverMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(handoverMachine, calls)).start();
    return { actor, calls };
  });
});
