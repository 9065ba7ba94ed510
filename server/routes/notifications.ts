// Notifications (src/api/notifications.ts): any signed-in member, their own notifications in the
// condominium of their session only.
import type { FastifyInstance } from 'fastify';
import {
  type LatestNotificationsAnswer,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_PANEL_SIZE,
  NOTIFICATIONS_PATHS,
  type NotificationsPageAnswer,
  NotificationsQuery,
  OpenNotificationRequest,
} from '../../src/api/notifications';
import { latestNotifications, notificationsPage, openNotification } from '../domain/notifications/notifications';

export default async function notificationRoutes(app: FastifyInstance) {
  // Any signed-in member: the panel's last six and the unread total.
  app.get(
    NOTIFICATIONS_PATHS.latest,
    { onRequest: app.requireSession },
    async (request): Promise<LatestNotificationsAnswer> => ({
      success: true,
      ...(await latestNotifications(app.db, request.auth!, NOTIFICATIONS_PANEL_SIZE)),
    }),
  );

  // Any signed-in member: a page of the list, newest first; obtainCounter=1 adds total and unread.
  app.get<{ Querystring: NotificationsQuery }>(
    NOTIFICATIONS_PATHS.list,
    { schema: { querystring: NotificationsQuery }, onRequest: app.requireSession },
    async (request): Promise<NotificationsPageAnswer> => {
      const { limit = NOTIFICATIONS_PAGE_SIZE, offset = 0, obtainCounter } = request.query;
      return {
        success: true,
        ...(await notificationsPage(app.db, request.auth!, { limit, offset, obtainCounter: obtainCounter === '1' })),
      };
    },
  );

  // Any signed-in member: marks one of their own notifications opened (abierto = 1).
  app.post<{ Body: OpenNotificationRequest }>(
    NOTIFICATIONS_PATHS.open,
    { schema: { body: OpenNotificationRequest }, onRequest: app.requireSession },
    async (request) => ({ success: true as const, changed: await openNotification(app.db, request.auth!, request.body.id) }),
  );
}
