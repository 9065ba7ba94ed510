// The notifications panel's machine, model-based: every state and transition walked against a real actor
// whose calls are controllable promises answered like the server (the newest six with the unread total,
// then pages of 20). Opening an unread one marks it read and navigates; an opened one only navigates.
import { describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import {
  type LatestNotificationsAnswer,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PANEL_SIZE,
  type NotificationItem,
  type NotificationsPageAnswer,
} from '../../src/api/notifications';
import { appendNotifications, notificationsMachine } from '../../src/machines/notificationsMachine';
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

const item = (id: number, abierto: 0 | 1 = 0): NotificationItem => ({
  id,
  Titulo: `Aviso ${id}`,
  TextoApp: `Texto ${id}`,
  foto: null,
  FechaCreada: '2026-11-21',
  HoraCreada: '10:00',
  abierto,
  Modulo: 'publicacion',
  Props: JSON.stringify({ postID: id }),
});

/** 30 notifications, newest first, the first two unread. */
const ALL = Array.from({ length: 30 }, (_, i) => item(30 - i, i < 2 ? 0 : 1));
const latest = (all = ALL): LatestNotificationsAnswer => ({
  success: true,
  items: all.slice(0, NOTIFICATIONS_PANEL_SIZE),
  unread: all.filter((i) => i.abierto === 0).length,
});
const page = (offset: number): NotificationsPageAnswer => ({
  success: true,
  items: ALL.slice(offset, offset + NOTIFICATIONS_PAGE_SIZE),
  total: ALL.length,
  unread: 2,
});

type Snap = Snapshot<typeof notificationsMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loading') || snapshot.matches({ shown: 'refreshing' })) {
    return [
      { type: 'xstate.done.actor.latest', output: latest() },
      { type: 'xstate.error.actor.latest', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ shown: 'loadingMore' })) {
    return [
      { type: 'xstate.done.actor.nextPage', output: page(snapshot.context.items.length) },
      { type: 'xstate.error.actor.nextPage', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ shown: 'marking' })) {
    return [{ type: 'xstate.done.actor.markOpened' }, { type: 'xstate.error.actor.markOpened', error: new Error('x') }];
  }
  const events: ModelEvent[] = [{ type: 'retry' }, { type: 'refresh' }, { type: 'loadMore' }];
  // The first item: unread until opened; and a read one.
  const first = snapshot.context.items[0];
  if (first && first.abierto === 0 && snapshot.matches({ shown: 'idle' })) events.push({ type: 'open', item: first });
  return events;
}

const { paths, gaps } = coveredModel(notificationsMachine, { events: eventsFor });

describe('notificationsMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof notificationsMachine>;
  let navigated: NotificationItem[] = [];
  const ctx = () => actor.getSnapshot().context;
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.inputOf('fetchLatest')).toBeUndefined(),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    shown: () => {
      expect(ctx().items.length).toBeGreaterThanOrEqual(NOTIFICATIONS_PANEL_SIZE);
      // The unread total counts what is not shown yet too.
      expect(ctx().unread).toBeGreaterThanOrEqual(ctx().items.filter((i) => i.abierto === 0).length);
    },
    'shown.idle': () => expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(ctx().items.length < ALL.length),
    'shown.refreshing': () => expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false),
    'shown.loadingMore': () =>
      expect(calls.inputOf('fetchPage')).toEqual({ limit: NOTIFICATIONS_PAGE_SIZE, offset: ctx().items.length }),
    'shown.marking': () => {
      const opened = navigated.at(-1)!;
      expect(calls.inputOf('markOpened')).toEqual({ id: opened.id });
      expect(ctx().items.find((i) => i.id === opened.id)?.abierto).toBe(1);
    },
  };

  walkEveryPath(it, notificationsMachine, paths, states, () => {
    calls = controllablePromises();
    navigated = [];
    const machine = providePromises(notificationsMachine, calls, ['fetchLatest', 'fetchPage', 'markOpened']).provide({
      actions: { navigate: (_, { item }) => navigated.push(item) },
    });
    actor = createActor(machine).start();
    return {
      actor,
      calls,
      send: ['retry', 'refresh', 'loadMore'],
      invoked: { latest: 'fetchLatest', nextPage: 'fetchPage', markOpened: 'markOpened' },
      special: {
        open: (step) => {
          const before = navigated.length;
          actor.send(step.event as never);
          // Every open navigates, read or not.
          expect(navigated).toHaveLength(before + 1);
        },
      },
    };
  });
});

describe('notificationsMachine details', () => {
  it('offers no more when the first load was short', async () => {
    const few = ALL.slice(0, 3);
    const actor = createActor(
      notificationsMachine.provide({ actors: { fetchLatest: fromPromise(async () => latest(few)) } }),
    ).start();
    await settle();
    expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false);
  });

  it('opening a read one navigates without marking', async () => {
    const navigate = vi.fn();
    const mark = vi.fn(async () => {});
    const actor = createActor(
      notificationsMachine.provide({
        actors: { fetchLatest: fromPromise(async () => latest()), markOpened: fromPromise(mark) },
        actions: { navigate },
      }),
    ).start();
    await settle();
    actor.send({ type: 'open', item: ALL[3]! });
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(mark).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.unread).toBe(2);
  });

  it('appends without duplicates', () => {
    expect(appendNotifications([item(3), item(2)], [item(2), item(1)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
