// The timeline machine (welcome), model-based: every state and transition walked against a real actor
// whose page calls are controllable promises answered like the server (newest first, pages of
// TIMELINE_PAGE_SIZE until the total). Plus paging when the list moves underneath.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { TIMELINE_PAGE_SIZE, type TimelineAnswer, type TimelineItem } from '../../src/api/timeline';
import { appendPage, timelineMachine } from '../../src/machines/timelineMachine';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

const item = (id: number): TimelineItem => ({
  id,
  kind: id % 2 ? 'member.joined' : 'section.created',
  subject: `Sujeto ${id}`,
  detail: null,
  actorName: null,
  at: new Date(Date.UTC(2026, 10, 21) - id * 3_600_000).toISOString(),
});

/** The condominium's history, newest first: 45 items, so three pages. */
const HISTORY = Array.from({ length: 45 }, (_, i) => item(45 - i));
const page = (offset: number, history = HISTORY): TimelineAnswer => ({
  success: true,
  items: history.slice(offset, offset + TIMELINE_PAGE_SIZE),
  total: history.length,
});

type Snap = Snapshot<typeof timelineMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.firstPage', output: page(0) },
      { type: 'xstate.done.actor.firstPage', output: page(0, []) },
      { type: 'xstate.error.actor.firstPage', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ shown: 'loadingMore' })) {
    return [
      { type: 'xstate.done.actor.nextPage', output: page(snapshot.context.items.length) },
      { type: 'xstate.error.actor.nextPage', error: new Error('Failed to fetch') },
    ];
  }
  return [{ type: 'retry' }, { type: 'loadMore' }];
}

const { paths, gaps } = coveredModel(timelineMachine, { events: eventsFor });

describe('timelineMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof timelineMachine>;
  const ids = () => actor.getSnapshot().context.items.map((i) => i.id);
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('fetchPage')).toEqual({ limit: TIMELINE_PAGE_SIZE, offset: 0 }),
    failed: () => expect(actor.getSnapshot().context.items).toEqual([]),
    empty: () => {
      expect(actor.getSnapshot().context).toMatchObject({ items: [], total: 0 });
      expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false);
    },
    shown: () => {
      // Newest first, each item once, in the server's order.
      expect(ids()).toEqual(HISTORY.slice(0, ids().length).map((i) => i.id));
      expect(ids().length).toBeGreaterThan(0);
    },
    'shown.idle': () =>
      expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(ids().length < actor.getSnapshot().context.total),
    'shown.loadingMore': () => expect(calls.inputOf('fetchPage')).toEqual({ limit: TIMELINE_PAGE_SIZE, offset: ids().length }),
  };

  walkEveryPath(it, timelineMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(timelineMachine, calls, ['fetchPage'])).start();
    return {
      actor,
      calls,
      send: ['retry', 'loadMore'],
      // Both the first page and the next ones run the fetchPage service.
      invoked: { firstPage: 'fetchPage', nextPage: 'fetchPage' },
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
