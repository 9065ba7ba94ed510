// An official notice on its post page, model-based (issue 30): every declared event offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Enterado is offered to a member on an
// important notice until it is recorded, never again after; the importance only to an administrator, and only as a
// change; a refusal or a breakdown keeps everything and says why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { noticeAckMachine } from '../../src/machines/noticeAckMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { NOT_IMPORTANT, noticeAckModel } from '../models/noticeAckMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { ACKNOWLEDGED_AT, MEMBER_NOTICE, NOTICE_ID } from '../support/noticeReadsFixtures';

type Snap = Snapshot<typeof noticeAckMachine>;
const cover = coverModel(noticeAckModel);

describe('noticeAckMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof noticeAckMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const states: StateChecks<Snap> = {
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      const { canAcknowledge, canMarkImportant, acknowledgedAt, important, failure } = s.context;
      // Enterado once, and only where the server offered it; the importance only to its administrator.
      expect(can({ type: 'acknowledge' })).toBe(canAcknowledge && acknowledgedAt === null);
      expect(can({ type: 'setImportant', important: !important })).toBe(canMarkImportant);
      expect(can({ type: 'setImportant', important })).toBe(false);
      expect([null, NETWORK_FAILURE, callFailure(NOT_IMPORTANT)]).toContainEqual(failure);
    },
    acknowledging: (s) => {
      expect(calls.pending()).toEqual(['acknowledge']);
      expect(calls.inputOf('acknowledge')).toBe(NOTICE_ID);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'acknowledge' })).toBe(false);
    },
    savingImportance: (s) => {
      expect(calls.pending()).toEqual(['saveImportance']);
      expect(calls.inputOf('saveImportance')).toEqual({ postId: NOTICE_ID, important: !s.context.important });
      expect(can({ type: 'setImportant', important: true })).toBe(false);
    },
  };

  walkModel(it, cover, noticeAckMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(noticeAckMachine, calls), {
      input: input as { postId: number; notice: typeof MEMBER_NOTICE },
    }).start();
    return {
      actor,
      calls,
      after: {
        // Recorded: the button says it is done, with the server's time, and is not offered again.
        'xstate.done.actor.acknowledge': () => {
          expect(actor.getSnapshot().context.acknowledgedAt).toBe(ACKNOWLEDGED_AT);
          expect(can({ type: 'acknowledge' })).toBe(false);
        },
        'xstate.error.actor.acknowledge': () => expect(actor.getSnapshot().context.acknowledgedAt).toBeNull(),
      },
    };
  });
});

describe('noticeAckMachine rules', () => {
  it('offers nothing on a notice that is not important, nor to a reader who acknowledged it already', () => {
    const plain = createActor(noticeAckMachine, {
      input: { postId: 1, notice: { ...MEMBER_NOTICE, important: false, canAcknowledge: false } },
    }).start();
    expect(plain.getSnapshot().can({ type: 'acknowledge' })).toBe(false);
    expect(plain.getSnapshot().can({ type: 'setImportant', important: true })).toBe(false);
    const done = createActor(noticeAckMachine, {
      input: { postId: 1, notice: { ...MEMBER_NOTICE, acknowledgedAt: ACKNOWLEDGED_AT } },
    }).start();
    expect(done.getSnapshot().can({ type: 'acknowledge' })).toBe(false);
  });
});
