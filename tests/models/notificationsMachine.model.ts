// The notifications panel as a test model: 30 notifications, newest first, the first two unread; the
// newest six, then pages of 20; opening an unread one and a read one from the list at rest. The words its
// scenarios are told in: docs/scenarios/notificationsMachine.md.
import {
  type LatestNotificationsAnswer,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PANEL_SIZE,
  type NotificationItem,
  type NotificationsPageAnswer,
} from '../../src/api/notifications';
import { notificationsMachine } from '../../src/machines/notificationsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const item = (id: number, abierto: 0 | 1 = 0): NotificationItem => ({
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
export const ALL = Array.from({ length: 30 }, (_, i) => item(30 - i, i < 2 ? 0 : 1));
export const latest = (all = ALL): LatestNotificationsAnswer => ({
  success: true,
  items: all.slice(0, NOTIFICATIONS_PANEL_SIZE),
  unread: all.filter((i) => i.abierto === 0).length,
});
export const page = (offset: number): NotificationsPageAnswer => ({
  success: true,
  items: ALL.slice(offset, offset + NOTIFICATIONS_PAGE_SIZE),
  total: ALL.length,
  unread: 2,
});

export const notificationsModel = defineModel({
  machine: notificationsMachine,
  payloads: {
    // A refresh while it failed, at rest, or during the first read (which starts again); it would also drop a page
    // or a mark underway: the same branch.
    refresh: (s) => (s.matches('failed') || s.matches('loading') || s.matches({ shown: 'idle' }) ? BARE : []),
    retry: BARE,
    // The pages while nothing was opened (6, then 26, then all 30).
    loadMore: (s) => (s.context.unread === 2 ? BARE : []),
    // From the newest six at rest, before any was opened: the newest unread one (marked read) and the
    // newest read one (only followed).
    open: (s) => {
      if (!s.matches({ shown: 'idle' }) || s.context.items.length !== NOTIFICATIONS_PANEL_SIZE || s.context.unread !== 2)
        return [];
      const unread = s.context.items.find((i) => i.abierto === 0);
      const read = s.context.items.find((i) => i.abierto === 1);
      return [unread, read].filter((opened) => opened !== undefined).map((opened) => ({ item: opened }));
    },
    'xstate.done.actor.latest': [{ output: latest() }],
    'xstate.error.actor.latest': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.nextPage': (s) => [{ output: page(s.context.items.length) }],
    'xstate.error.actor.nextPage': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.markOpened': [{ output: undefined }],
    'xstate.error.actor.markOpened': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  label: (e) => {
    const opened = (e as { item?: NotificationItem }).item;
    return e.type === 'open' ? `open ${opened!.id}${opened!.abierto ? ' (read)' : ''}` : eventLabel(e);
  },
  words: {
    states: {
      loading: 'The panel Notificaciones shows it is loading.',
      failed: 'Error: No pudimos cargar tus notificaciones., with a way to try again.',
      shown:
        'The notifications, newest first, the unread ones marked Nueva, the unread count on the bell; Cargar más while there are more.',
      'shown.idle':
        'The notifications, newest first, the unread ones marked Nueva and counted on the bell; Cargar más while there are more.',
      'shown.refreshing': 'The notifications as they were, while the newest ones load again.',
      'shown.loadingMore': 'The notifications, Cargar más showing it is loading the next page.',
      'shown.marking': 'The notifications, the one opened shown read while the server is told; the screen it points to opens.',
    },
    events: {
      refresh: () => 'opens the panel again (or its refresh comes due)',
      retry: () => 'presses Reintentar',
      loadMore: () => 'presses Cargar más',
      open: (e) => `opens “${(e.item as NotificationItem).Titulo}” (${(e.item as NotificationItem).abierto ? 'read' : 'unread'})`,
      'xstate.done.actor.latest': (e) =>
        `the server answers the newest ${(e.output as LatestNotificationsAnswer).items.length}, ${(e.output as LatestNotificationsAnswer).unread} unread`,
      'xstate.error.actor.latest': () => 'the connection fails',
      'xstate.done.actor.nextPage': (e) => `the server answers ${(e.output as NotificationsPageAnswer).items.length} more`,
      'xstate.error.actor.nextPage': () => 'the connection fails',
      'xstate.done.actor.markOpened': () => 'the server marks it read',
      'xstate.error.actor.markOpened': () => 'the connection fails (it shows unread again at the next refresh)',
    },
  },
});
