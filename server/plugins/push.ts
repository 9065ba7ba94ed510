// app.pushSender: this process's sender of due Web Push (domain/push/delivery.ts), every WEB_PUSH_SEND_SECONDS (0:
// never on its own; tests call runOnce()), and app.vapidKeys(): the VAPID pair, configured or kept in app_secrets.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VapidKeys } from '../config';
import { createPushSender, type PushSender } from '../domain/push/delivery';
import { vapidKeys } from '../infra/webPush/vapid';

declare module 'fastify' {
  interface FastifyInstance {
    pushSender: PushSender;
    vapidKeys(): Promise<VapidKeys>;
  }
}

export default fp(async function push(app: FastifyInstance) {
  const { webPush } = app.config;
  const keys = () => vapidKeys(app.db, app.clock, webPush.vapidKeys);
  const sender = createPushSender({
    db: app.db,
    clock: app.clock,
    vapid: keys,
    subject: webPush.subject,
    endpoints: webPush.endpoints,
    intervalMs: webPush.sendSeconds * 1000,
    log: {
      failed: (detail, status, host, retry) =>
        app.log.warn(
          { push: { host, status, detail } },
          retry ? 'web push failed; it will be tried again' : 'web push refused; giving up',
        ),
      gone: (host) => app.log.info({ push: { host } }, 'web push subscription gone; removed'),
      broken: (error) => app.log.error({ err: error }, 'web push pass failed'),
    },
  });
  app.decorate('pushSender', sender);
  app.decorate('vapidKeys', keys);
  // Started once the app is ready, never during a failed start; stopped before the database closes.
  if (webPush.sendSeconds > 0) app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', () => sender.stop());
});
