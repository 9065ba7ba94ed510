// How far an official notice reached, model-based (issue 30): every declared event offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. The counts and first pages load together
// (the readers only for an administrator); pages and the filter are asked one at a time and only within the list;
// resending is confirmed first, only while someone has not read it, and says how many were told; a failure keeps what
// was shown and says why. The board never asks who read it.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { noticeReadsMachine } from '../../src/machines/noticeReadsMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { NO_CONNECTION, noticeReadsModel, RESENT_RECENTLY } from '../models/noticeReadsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { NOTICE_ID, REACH, REACH_ALL_READ, READERS_PAGE, RESENT } from '../support/noticeReadsFixtures';

type Snap = Snapshot<typeof noticeReadsMachine>;
const cover = coverModel(noticeReadsModel);

describe('noticeReadsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof noticeReadsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const failures = [null, NETWORK_FAILURE, callFailure(RESENT_RECENTLY)];
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadAll']);
      expect(calls.inputOf('loadAll')).toEqual({ postId: NOTICE_ID, canSeeReaders: s.context.canSeeReaders });
      expect(can({ type: 'resend' })).toBe(false);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.reach?.postId).toBe(NOTICE_ID);
      expect(failures).toContainEqual(s.context.failure);
      // Who read it and resending: administrators only; the board has nothing of the kind to ask.
      const admin = s.context.canSeeReaders;
      expect(can({ type: 'resend' })).toBe(admin);
      expect(can({ type: 'filter', filter: s.context.filter === 'all' ? 'acknowledged' : 'all' })).toBe(admin);
      if (!admin) expect(s.context.readers).toEqual([]);
      expect(can({ type: 'towerPage', page: s.context.towerPage === 1 ? 2 : 1 })).toBe(true);
      expect(can({ type: 'towerPage', page: 3 })).toBe(false);
    },
    confirming: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toBeNull();
      expect([can({ type: 'confirm' }), can({ type: 'cancel' }), can({ type: 'towerPage', page: 2 })]).toEqual([
        true,
        true,
        false,
      ]);
    },
    pagingTowers: () => {
      expect(calls.pending()).toEqual(['listTowers']);
      expect(calls.inputOf('listTowers')).toEqual({ postId: NOTICE_ID, page: 2 });
    },
    pagingReaders: (s) => {
      expect(calls.pending()).toEqual(['listReaders']);
      expect([
        { postId: NOTICE_ID, page: 3, filter: 'all' },
        { postId: NOTICE_ID, page: 1, filter: 'acknowledged' },
      ]).toContainEqual(calls.inputOf('listReaders'));
      expect(s.context.canSeeReaders).toBe(true);
    },
    resending: () => {
      expect(calls.pending()).toEqual(['resend']);
      expect(calls.inputOf('resend')).toBe(NOTICE_ID);
    },
  };

  walkModel(it, cover, noticeReadsMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(noticeReadsMachine, calls), {
      input: input as { postId: number; canSeeReaders: boolean },
    }).start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.resend': () => {
          expect(actor.getSnapshot().context.resent).toEqual(RESENT);
          expect(actor.getSnapshot().context.reach?.lastResendAt).toBe(RESENT.sentAt);
        },
        'xstate.error.actor.resend': () => {
          expect(actor.getSnapshot().context.resent).toBeNull();
          expect(actor.getSnapshot().context.failure).toMatchObject({ kind: 'refused', message: RESENT_RECENTLY.message });
        },
      },
    };
  });
});

describe('noticeReadsMachine rules', () => {
  it('offers no resend when everyone it is for has read it, and pages only within the list', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(noticeReadsMachine, calls), { input: { postId: 1, canSeeReaders: true } }).start();
    calls.resolve('loadAll', { reach: REACH_ALL_READ, readers: { ...READERS_PAGE, page: 1, filter: 'all' } });
    await settle();
    const s = live.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.can({ type: 'resend' })).toBe(false);
    // 55 readers, 20 a page: three pages.
    expect(s.can({ type: 'readerPage', page: 3 })).toBe(true);
    expect(s.can({ type: 'readerPage', page: 4 })).toBe(false);
    expect(s.can({ type: 'readerPage', page: 0 })).toBe(false);
    expect(s.can({ type: 'filter', filter: 'all' })).toBe(false);
    live.stop();
  });

  it('keeps the readers shown when another page fails, and loads everything again on Actualizar', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(noticeReadsMachine, calls), { input: { postId: 1, canSeeReaders: true } }).start();
    calls.resolve('loadAll', { reach: REACH, readers: { ...READERS_PAGE, page: 1, filter: 'all' } });
    await settle();
    live.send({ type: 'readerPage', page: 2 });
    calls.reject('listReaders', NO_CONNECTION);
    await settle();
    expect(live.getSnapshot().context).toMatchObject({ readers: READERS_PAGE.readers, readerPage: 1, failure: NETWORK_FAILURE });
    live.send({ type: 'reload' });
    expect(live.getSnapshot().value).toBe('loading');
    expect(live.getSnapshot().context.failure).toBeNull();
    live.stop();
  });
});
