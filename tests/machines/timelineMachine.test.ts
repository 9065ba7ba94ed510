// The timeline machine (welcome), model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose page calls are controllable promises answered like the
// server (newest first, pages of TIMELINE_PAGE_SIZE until the total). Plus paging when the list moves
// underneath.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { TIMELINE_PAGE_SIZE } from '../../src/api/timeline';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { appendPage, timelineMachine } from '../../src/machines/timelineMachine';
import { HISTORY, item, page, timelineModel } from '../models/timelineMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof timelineMachine>;
const cover = coverModel(timelineModel);

describe('timelineMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof timelineMachine>;
  /** What the walk knows without the machine: how many items the pages brought, and the last one failed. */
  let shownCount = 0;
  let moreFailed = false;
  const ctx = () => actor.getSnapshot().context;
  const ids = () => ctx().items.map((i) => i.id);
  const can = (type: 'retry' | 'loadMore') => actor.getSnapshot().can({ type });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({ limit: TIMELINE_PAGE_SIZE, offset: 0 });
      expect(ctx().items).toEqual([]);
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx().items).toEqual([]);
      expect(ctx().failure).toEqual(NETWORK_FAILURE);
      expect(can('retry')).toBe(true);
    },
    empty: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx()).toMatchObject({ items: [], total: 0 });
      expect(can('loadMore')).toBe(false);
      expect(can('retry')).toBe(false);
    },
    shown: () => {
      // Newest first, each item once, in the server's order, as many as the pages brought.
      expect(ids()).toEqual(HISTORY.slice(0, shownCount).map((i) => i.id));
      expect(ctx().total).toBe(HISTORY.length);
      expect(can('retry')).toBe(false);
    },
    'shown.idle': () => {
      expect(calls.pending()).toEqual([]);
      expect(can('loadMore')).toBe(shownCount < HISTORY.length);
      expect(ctx().moreFailed).toBe(moreFailed);
    },
    'shown.loadingMore': () => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({ limit: TIMELINE_PAGE_SIZE, offset: shownCount });
      expect(can('loadMore')).toBe(false);
    },
  };

  walkModel(it, cover, timelineMachine, states, () => {
    calls = controllablePromises();
    shownCount = 0;
    moreFailed = false;
    actor = createActor(provideCalls(timelineMachine, calls)).start();
    return {
      actor,
      calls,
      after: {
        'xstate.done.actor.firstPage': () => {
          shownCount = Math.min(TIMELINE_PAGE_SIZE, HISTORY.length);
        },
        'xstate.done.actor.nextPage': () => {
          shownCount = Math.min(shownCount + TIMELINE_PAGE_SIZE, HISTORY.length);
          moreFailed = false;
        },
        'xstate.error.actor.nextPage': () => {
          moreFailed = true;
        },
      },
    };
  });
});

describe('timelineMachine paging', () => {
  it('shows an item once when new ones pushed the list down between pages', async () => {
    const moved = [item(47), item(46), ...HISTORY];
    const answers = [page(0), page(TIMELINE_PAGE_SIZE, moved)];
    const actor = createActor(
      timelineMachine.provide({ actors: { fetchPage: fromPromise(async () => answers.shift()!) } }),
    ).start();
    await settle();
    actor.send({ type: 'loadMore' });
    await settle();
    const ids = actor.getSnapshot().context.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(HISTORY.slice(0, 38).map((i) => i.id));
    expect(actor.getSnapshot().context.total).toBe(47);
  });

  it('stops offering more once a page comes back short, whatever the total said', async () => {
    const answers = [page(0), { success: true as const, items: [], total: 45 }];
    const actor = createActor(
      timelineMachine.provide({ actors: { fetchPage: fromPromise(async () => answers.shift()!) } }),
    ).start();
    await settle();
    actor.send({ type: 'loadMore' });
    await settle();
    expect(actor.getSnapshot().context.total).toBe(TIMELINE_PAGE_SIZE);
    expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false);
  });

  it('appends without duplicates', () => {
    expect(appendPage([item(3), item(2)], [item(2), item(1)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
