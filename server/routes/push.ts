// Web Push (src/api/push.ts): any signed-in member turns it on for their own browser, in the condominium of their
// session, and chooses the kinds; nobody touches another person's subscriptions or choices.
import type { FastifyInstance } from 'fastify';
import {
  PUSH_PATHS,
  PushEndpointRequest,
  PushKindRequest,
  type PushSettingsAnswer,
  PushSubscribeRequest,
} from '../../src/api/push';
import { pushSettings, setPushKind, subscribe, subscribed, unsubscribe } from '../domain/push/subscriptions';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function pushRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);

  // Any signed-in member: the key to subscribe with and their kinds on or off.
  routes.get(
    PUSH_PATHS.settings,
    { allow: SIGNED_IN },
    async (request): Promise<PushSettingsAnswer> => ({
      success: true,
      ...(await pushSettings(app.db, request.auth, await app.vapidKeys())),
    }),
  );

  // Any signed-in member: their browser receives their pushes of this condominium (a push service of the list only).
  routes.post<{ Body: PushSubscribeRequest }>(
    PUSH_PATHS.subscribe,
    { schema: { body: PushSubscribeRequest }, allow: SIGNED_IN },
    async (request) => {
      await subscribe(app.db, app.clock, request.auth, request.body, {
        userAgent: request.headers['user-agent'],
        endpoints: app.config.webPush.endpoints,
      });
      return { success: true as const };
    },
  );

  // Any signed-in member: their own browser stops receiving.
  routes.post<{ Body: PushEndpointRequest }>(
    PUSH_PATHS.unsubscribe,
    { schema: { body: PushEndpointRequest }, allow: SIGNED_IN },
    async (request) => {
      await unsubscribe(app.db, request.auth, request.body.endpoint);
      return { success: true as const };
    },
  );

  // Any signed-in member: whether their browser receives their pushes of this condominium.
  routes.post<{ Body: PushEndpointRequest }>(
    PUSH_PATHS.status,
    { schema: { body: PushEndpointRequest }, allow: SIGNED_IN },
    async (request) => ({ success: true as const, subscribed: await subscribed(app.db, request.auth, request.body.endpoint) }),
  );

  // Any signed-in member: a kind of notification on or off on every browser of theirs.
  routes.post<{ Body: PushKindRequest }>(
    PUSH_PATHS.kind,
    { schema: { body: PushKindRequest }, allow: SIGNED_IN },
    async (request) => {
      await setPushKind(app.db, app.clock, request.auth, request.body.kind, request.body.enabled);
      return { success: true as const };
    },
  );
}
