// Browser side of notifications (src/api/notifications.ts): the panel's latest, further pages, opening one.
import {
  LatestNotificationsAnswer,
  NOTIFICATIONS_PATHS,
  NotificationsPageAnswer,
  OpenNotificationAnswer,
} from '../api/notifications';
import { apiPath, call, http } from './http';

export function fetchLatestNotifications(signal?: AbortSignal): Promise<LatestNotificationsAnswer> {
  return call(() => http.get(apiPath(NOTIFICATIONS_PATHS.latest), { signal }), LatestNotificationsAnswer);
}

export function fetchNotificationsPage(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<NotificationsPageAnswer> {
  return call(
    () =>
      http.get(apiPath(NOTIFICATIONS_PATHS.list), {
        searchParams: { limit: page.limit, offset: page.offset, obtainCounter: 1 },
        signal,
      }),
    NotificationsPageAnswer,
  );
}

export async function openNotification(id: number, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(NOTIFICATIONS_PATHS.open), { json: { id }, signal }), OpenNotificationAnswer);
}
