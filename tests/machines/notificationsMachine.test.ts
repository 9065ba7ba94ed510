// The notifications panel's machine, model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises answered like
// the server (the newest six with the unread total, then pages of 20). Opening an unread one marks it read
// and navigates; a read one only navigates.
import { describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PANEL_SIZE, type NotificationItem } from '../../src/api/notifications';
import { appendNotifications, notificationsMachine } from '../../src/machines/notificationsMachine';
import { ALL, item, latest, notificationsModel } from '../models/notificationsMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof notificationsMachine>;
const cover = coverModel(notificationsModel);
const ids = (items: NotificationItem[]) => items.map((i) => i.id);

describe('notificationsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof notificationsMachine>;
  let navigated: NotificationItem[] = [];
  const now = () => actor.getSnapshot();
  const can = (type: 'retry' | 'refresh' | 'loadMore') => now().can({ type });
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchLatest']);
      expect(s.context.items).toEqual([]);
      expect(can('loadMore')).toBe(false);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.items).toEqual([]);
      expect(can('retry')).toBe(true);
      expect(can('refresh')).toBe(true);
    },
    shown: (s) => {
      // The newest first, as the server has them, never one twice.
      expect(ids(s.context.items)).toEqual(ids(ALL).slice(0, s.context.items.length));
      expect(s.context.items.length).toBeGreaterThanOrEqual(NOTIFICATIONS_PANEL_SIZE);
      // The unread total counts what is not shown yet too.
      expect(s.context.unread).toBeGreaterThanOrEqual(s.context.items.filter((i) => i.abierto === 0).length);
      expect(can('retry')).toBe(false);
    },
    'shown.idle': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(can('loadMore')).toBe(s.context.items.length < ALL.length);
    },
    'shown.refreshing': () => {
      expect(calls.pending()).toEqual(['fetchLatest']);
      expect(can('loadMore')).toBe(false);
    },
    'shown.loadingMore': (s) => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({ limit: NOTIFICATIONS_PAGE_SIZE, offset: s.context.items.length });
      expect(can('loadMore')).toBe(false);
    },
    'shown.marking': (s) => {
      const opened = navigated.at(-1)!;
      expect(calls.pending()).toEqual(['markOpened']);
      expect(calls.inputOf('markOpened')).toEqual({ id: opened.id });
      expect(s.context.items.find((i) => i.id === opened.id)?.abierto).toBe(1);
    },
  };

  const leadsTo = {
    // The next page after the shown ones; the last is short, and then there is no more.
    'xstate.done.actor.nextPage': () => {
      const shown = now().context.items.length;
      expect([NOTIFICATIONS_PANEL_SIZE + NOTIFICATIONS_PAGE_SIZE, ALL.length]).toContain(shown);
      expect(now().context.moreFailed).toBe(false);
    },
    'xstate.error.actor.nextPage': () => expect(now().context.moreFailed).toBe(true),
    // A refresh shows the newest six again, with the server's unread count.
    'xstate.done.actor.latest': () =>
      expect(now().context).toMatchObject({ items: latest().items, unread: 2, total: null, moreFailed: false }),
    'xstate.error.actor.latest': () => expect(now().matches('failed') || now().context.items.length > 0).toBe(true),
    'xstate.done.actor.markOpened': () => expect(now().value).toEqual({ shown: 'idle' }),
    'xstate.error.actor.markOpened': () => expect(now().value).toEqual({ shown: 'idle' }),
    refresh: () => expect(calls.pending()).toEqual(['fetchLatest']),
    retry: () => expect(calls.pending()).toEqual(['fetchLatest']),
  };

  walkModel(it, cover, notificationsMachine, states, () => {
    calls = controllablePromises();
    navigated = [];
    const machine = provideCalls(notificationsMachine, calls).provide({
      actions: { navigate: (_, { item }) => navigated.push(item) },
    });
    actor = createActor(machine).start();
    return {
      actor,
      calls,
      after: leadsTo,
      special: {
        // Every open navigates, read or not; an unread one is marked read and counted off.
        open: (step: PathStep) => {
          const opened = (step.event as Payload).item as NotificationItem;
          const before = { navigated: navigated.length, unread: now().context.unread };
          actor.send(step.event as never);
          expect(navigated.length).toBe(before.navigated + 1);
          expect(navigated.at(-1)).toEqual(opened);
          expect(now().context.unread).toBe(before.unread - (opened.abierto === 0 ? 1 : 0));
          expect(calls.pending()).toEqual(opened.abierto === 0 ? ['markOpened'] : []);
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

  it('ends the list at a short page whatever the counter says, and takes the unread count of each page', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(notificationsMachine, calls)).start();
    calls.resolve('fetchLatest', latest());
    await settle();
    actor.send({ type: 'loadMore' });
    // Another one arrived meanwhile: 31 on the server, 3 unread.
    calls.resolve('fetchPage', { success: true, items: ALL.slice(6, 26), total: 31, unread: 3 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ unread: 3, total: 31 });
    actor.send({ type: 'loadMore' });
    // The counter is stale: the page is short, so nothing more.
    calls.resolve('fetchPage', { success: true, items: ALL.slice(26), total: 40, unread: 3 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ total: 30, exhausted: true });
    expect(actor.getSnapshot().can({ type: 'loadMore' })).toBe(false);
  });

  it('appends without duplicates', () => {
    expect(appendNotifications([item(3), item(2)], [item(2), item(1)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
