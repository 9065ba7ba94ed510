import type { FastifyInstance } from 'fastify';
import { legacyLogoutUrl } from '../../src/api/legacyLinks';
import {
  ACTIVE_SESSIONS_PAGE_SIZE,
  type ActiveSessionsAnswer,
  ActiveSessionsQuery,
  CondoLoginRequest,
  type LegacyLoginAnswer,
  RevokeSessionRequest,
  SESSION_PATHS,
  type SessionData,
  SignInRequest,
} from '../../src/api/sessions';
import { sessionDevice } from '../domain/gate/devices';
import { listActiveSessions, revokeOtherSessions, revokeSession } from '../domain/sessions/activeSessions';
import { condoLogin, signIn, signOut } from '../domain/sessions/sessions';
import { loadSessionData } from '../domain/shared/sessionData';
import { clientOf, type SessionPolicy } from '../domain/shared/sessionRows';
import { userHasher } from '../domain/support/userHash';
import { signedPhotoUrl } from '../infra/files/signedUrls';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function sessionRoutes(app: FastifyInstance, options: { policy: SessionPolicy }) {
  const routes = signedInRoutes(app);
  const { policy } = options;
  // The support chat verifies who is talking with an HMAC of the user id (spec §3.1 user_hash): SUPPORT_CHAT_SECRET's,
  // else the server's own key (domain/support/userHash.ts), so the hash is never empty.
  const userHash = () => userHasher(app.db, app.clock, app.config.supportChatSecret);

  const photoUrl = (userId: number, fileId: number) => signedPhotoUrl(app.db, app.clock, app.prefix, { userId, fileId });

  // Anyone: e-mail and password → a sign-in token and the user's condominiums. Rate limited per address
  // and e-mail (guessing one account's password) and per address (trying many accounts).
  app.post<{ Body: SignInRequest }>(SESSION_PATHS.signIn, { schema: { body: SignInRequest } }, async (request) => {
    const email = request.body.username.trim().toLowerCase();
    await app.rateLimiter.consume([
      { limit: 'signInPerIp', key: request.ip },
      { limit: 'signInPerIpAndEmail', key: `${request.ip} ${email}` },
    ]);
    const result = await signIn(app.db, policy, app.clock, request.body);
    return { success: true, ...result };
  });

  // Holder of a sign-in token: choose one of the listed condominiums. The session remembers the address
  // and browser it was opened from, for "Sesiones activas".
  app.post<{ Body: CondoLoginRequest }>(SESSION_PATHS.condoLogin, { schema: { body: CondoLoginRequest } }, async (request) => {
    const client = clientOf(request.ip, request.headers['user-agent']);
    const result = await condoLogin(app.db, policy, app.clock, request.body, client);
    return { success: true, ...result };
  });

  // The calls of the signed-in person's own session refuse a missing or ended one after the input is validated
  // (preHandler), as they always have; every other route refuses in onRequest.

  // Any signed-in member of the condominium.
  routes.get(
    SESSION_PATHS.sessionData,
    // A shift session on a gate device too: its shell needs the session data, and `dispositivo` names the device.
    { allow: SIGNED_IN, refuseIn: 'preHandler', gateShift: true, keep: SCREEN_KEEP_SECONDS },
    async (request): Promise<{ success: true; data: SessionData }> => {
      const auth = request.auth;
      const data = await loadSessionData(app.db, auth, await userHash(), photoUrl);
      const dispositivo = await sessionDevice(app.db, auth);
      return { success: true, data: { ...data, app: { legacyAppUrl: app.config.legacyAppUrl }, dispositivo } };
    },
  );

  // Public: where login-redirect?logout=1 ends (the legacy app's login with its logout flag, or ours).
  app.get(
    SESSION_PATHS.legacyLogin,
    async (): Promise<LegacyLoginAnswer> => ({
      success: true,
      url: app.config.legacyAppUrl ? legacyLogoutUrl(app.config.legacyAppUrl) : null,
    }),
  );

  // Any signed-in member: revokes this session and its product token. On a gate device it ends the shift.
  routes.post(SESSION_PATHS.signOut, { allow: SIGNED_IN, refuseIn: 'preHandler', gateShift: true }, async (request) => {
    await signOut(app.db, app.clock, request.auth);
    return { success: true };
  });

  // Any signed-in member: their live sessions in every condominium, this one first.
  routes.get<{ Querystring: ActiveSessionsQuery }>(
    SESSION_PATHS.activeSessions,
    { schema: { querystring: ActiveSessionsQuery }, allow: SIGNED_IN, refuseIn: 'preHandler' },
    async (request): Promise<ActiveSessionsAnswer> => {
      const page = { limit: request.query.limit ?? ACTIVE_SESSIONS_PAGE_SIZE, offset: request.query.offset ?? 0 };
      return { success: true, ...(await listActiveSessions(app.db, app.clock, request.auth, page)) };
    },
  );

  // Any signed-in member: ends another of their sessions at once (this one: sign-out).
  routes.post<{ Body: RevokeSessionRequest }>(
    SESSION_PATHS.revokeSession,
    { schema: { body: RevokeSessionRequest }, allow: SIGNED_IN, refuseIn: 'preHandler' },
    async (request) => {
      await revokeSession(app.db, app.clock, request.auth, request.body.id);
      return { success: true };
    },
  );

  // Any signed-in member: ends all their sessions but this one.
  routes.post(SESSION_PATHS.revokeOtherSessions, { allow: SIGNED_IN, refuseIn: 'preHandler' }, async (request) => {
    await revokeOtherSessions(app.db, app.clock, request.auth);
    return { success: true };
  });
}
