// The notifications panel in the shell header (spec §4, §8, §9): the newest NOTIFICATIONS_PANEL_SIZE
// with the unread total, further pages of NOTIFICATIONS_PAGE_SIZE, and opening one: it is marked read
// (abierto = 1) and the view navigates by its Modulo and Props. A failed load is the §8 alert, with retry.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type LatestNotificationsAnswer,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PANEL_SIZE,
  type NotificationItem,
  type NotificationsPageAnswer,
} from '../api/notifications';
import { fetchLatestNotifications, fetchNotificationsPage, openNotification } from '../services/notificationsService';

export interface NotificationsContext {
  items: NotificationItem[];
  unread: number;
  /** Items the server has; unknown (null) until a page with the counter arrives. */
  total: number | null;
  /** The first load had fewer than asked for: nothing more to load. */
  exhausted: boolean;
  moreFailed: boolean;
}

export type NotificationsEvent =
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'loadMore' }
  | { type: 'open'; item: NotificationItem };

/** Appends a page; an item already shown (new ones pushed the list down) is not shown twice. */
export function appendNotifications(items: NotificationItem[], page: NotificationItem[]): NotificationItem[] {
  const shown = new Set(items.map((i) => i.id));
  return [...items, ...page.filter((i) => !shown.has(i.id))];
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    fetchLatest: fromPromise<LatestNotificationsAnswer>(({ signal }) => fetchLatestNotifications(signal)),
    fetchPage: fromPromise<NotificationsPageAnswer, { limit: number; offset: number }>(({ input, signal }) =>
      fetchNotificationsPage(input, signal),
    ),
    // Not aborted when the panel moves on (a refresh, another open): the mark is what the click promised.
    markOpened: fromPromise<void, { id: number }>(({ input }) => openNotification(input.id)),
  },
  actions: {
    showLatest: assign((_, { latest }: { latest: LatestNotificationsAnswer }) => ({
      items: latest.items,
      unread: latest.unread,
      total: null,
      exhausted: latest.items.length < NOTIFICATIONS_PANEL_SIZE,
      moreFailed: false,
    })),
    showNextPage: assign(({ context }, { page }: { page: NotificationsPageAnswer }) => {
      const items = appendNotifications(context.items, page.items);
      return {
        items,
        unread: page.unread ?? context.unread,
        total: page.items.length < NOTIFICATIONS_PAGE_SIZE ? items.length : (page.total ?? null),
        exhausted: page.items.length < NOTIFICATIONS_PAGE_SIZE,
        moreFailed: false,
      };
    }),
    markMoreFailed: assign({ moreFailed: true }),
    markRead: assign(({ context, event }) => {
      assertEvent(event, 'open');
      const wasUnread = event.item.abierto === 0;
      return {
        items: context.items.map((i) => (i.id === event.item.id ? { ...i, abierto: 1 as const } : i)),
        unread: wasUnread ? Math.max(0, context.unread - 1) : context.unread,
      };
    }),
    /** The view provides it: navigation by Modulo and Props (notificationTarget). */
    navigate: (_, _params: { item: NotificationItem }) => {},
  },
  guards: {
    hasMore: ({ context }) => !context.exhausted && (context.total === null || context.items.length < context.total),
    isUnread: ({ event }) => event.type === 'open' && event.item.abierto === 0,
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], unread: 0, total: null, exhausted: false, moreFailed: false },
  initial: 'loading',
  states: {
    loading: {
      // A notification arriving while the first read is under way: read again, or the bell misses it.
      on: { refresh: { target: 'loading', reenter: true } },
      invoke: {
        id: 'latest',
        src: 'fetchLatest',
        onDone: { target: 'shown', actions: { type: 'showLatest', params: ({ event }) => ({ latest: event.output }) } },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { retry: { target: 'loading' }, refresh: { target: 'loading' } },
    },
    shown: {
      initial: 'idle',
      on: {
        refresh: { target: '.refreshing' },
        open: [
          {
            guard: 'isUnread',
            target: '.marking',
            actions: ['markRead', { type: 'navigate', params: ({ event }) => ({ item: event.item }) }],
          },
          { actions: { type: 'navigate', params: ({ event }) => ({ item: event.item }) } },
        ],
      },
      states: {
        idle: {
          on: { loadMore: { guard: 'hasMore', target: 'loadingMore' } },
        },
        refreshing: {
          invoke: {
            id: 'latest',
            src: 'fetchLatest',
            onDone: { target: 'idle', actions: { type: 'showLatest', params: ({ event }) => ({ latest: event.output }) } },
            // What is shown stays; the next refresh tries again.
            onError: { target: 'idle' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'nextPage',
            src: 'fetchPage',
            input: ({ context }) => ({ limit: NOTIFICATIONS_PAGE_SIZE, offset: context.items.length }),
            onDone: { target: 'idle', actions: { type: 'showNextPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: 'markMoreFailed' },
          },
        },
        marking: {
          invoke: {
            id: 'markOpened',
            src: 'markOpened',
            input: ({ event }) => {
              assertEvent(event, 'open');
              return { id: event.item.id };
            },
            // Read on the screen either way; a failed mark shows unread again at the next refresh.
            onDone: { target: 'idle' },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
