// Who runs the open assembly, controlling its voted items, model-based: every declared event offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises. An item opens only
// when it is pending and none is open, closes only while open; a show of hands only for a seat of the open item that
// has not voted; a refusal reads the items again and keeps the server's words.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { assemblyItemControlMachine } from '../../src/machines/assemblyItemControlMachine';
import { assemblyItemControlModel } from '../models/assemblyItemControlMachine.model';
import { M_CLOSED, M_OPEN, M_PENDING } from '../support/assemblyVotesFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof assemblyItemControlMachine>;
const cover = coverModel(assemblyItemControlModel);

describe('assemblyItemControlMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof assemblyItemControlMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['load']);
      expect(s.context.voting).toBeNull();
    },
    loadFailed: (s) => {
      expect(s.context.failure).toMatchObject({ kind: 'network' });
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      const voting = s.context.voting!;
      expect([M_PENDING, M_OPEN, M_CLOSED]).toContain(voting);
      const first = voting.items[0]!;
      expect(can({ type: 'open', itemId: 1, secret: false })).toBe(first.state === 'pending');
      // One at a time: the second stays closed to opening while the first is open.
      expect(can({ type: 'open', itemId: 2, secret: false })).toBe(first.state !== 'open');
      expect(can({ type: 'close', itemId: 1 })).toBe(first.state === 'open');
      // A seat that voted takes no show of hands.
      expect(can({ type: 'record', itemId: 1, apartmentId: 11, choice: 'no' })).toBe(false);
      expect(can({ type: 'record', itemId: 1, apartmentId: 12, choice: 'no' })).toBe(voting === M_OPEN);
      if (s.context.failure?.kind === 'refused')
        expect(s.context.failure.message).toBe('Otro punto está en votación; ciérralo primero.');
    },
    reloading: (s) => {
      expect(calls.pending()).toEqual(['reload']);
      expect(s.context.voting).not.toBeNull();
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['send']);
      expect((calls.inputOf('send') as { request: unknown }).request).toEqual(s.context.request);
      expect(s.context.failure).toBeNull();
    },
  };

  walkModel(it, cover, assemblyItemControlMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(assemblyItemControlMachine, calls), { input: { assemblyId: 7 } }).start();
    return { actor, calls };
  });
});
