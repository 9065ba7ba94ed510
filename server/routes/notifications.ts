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
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function notificationRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Any signed-in member: the panel's last six and the unread total.
  routes.get(
    NOTIFICATIONS_PATHS.latest,
    { allow: SIGNED_IN, keep: SCREEN_KEEP_SECONDS },
    async (request): Promise<LatestNotificationsAnswer> => ({
      success: true,
      ...(await latestNotifications(app.db, request.auth, NOTIFICATIONS_PANEL_SIZE)),
    }),
  );

  // Any signed-in member: a page of the list, newest first; obtainCounter=1 adds total and unread.
  routes.get<{ Querystring: NotificationsQuery }>(
    NOTIFICATIONS_PATHS.list,
    { schema: { querystring: NotificationsQuery }, allow: SIGNED_IN },
    async (request): Promise<NotificationsPageAnswer> => {
      const { limit = NOTIFICATIONS_PAGE_SIZE, offset = 0, obtainCounter } = request.query;
      return {
        success: true,
        ...(await notificationsPage(app.db, request.auth, { limit, offset, obtainCounter: obtainCounter === '1' })),
      };
    },
  );

  // Any signed-in member: marks one of their own notifications opened (abierto = 1).
  routes.post<{ Body: OpenNotificationRequest }>(
    NOTIFICATIONS_PATHS.open,
    { schema: { body: OpenNotificationRequest }, allow: SIGNED_IN },
    async (request) => ({ success: true as const, changed: await openNotification(app.db, request.auth, request.body.id) }),
  );
}
