// Account calls around the session (src/api/account.ts): privacy notice, language, password reset, and the
// login-redirect bridge token. Who may call each is written next to its path.
import type { FastifyInstance } from 'fastify';
import { assign, object, string } from 'superstruct';
import {
  ACCOUNT_PATHS,
  ChangeCondoSessionRequest,
  ForgotPasswordRequest,
  LanguageRequest,
  ResetPasswordRequest,
} from '../../src/api/account';
import {
  acceptPrivacyNotice,
  forgotPasswordAnswer,
  passwordResetAnswer,
  resetPassword,
  saveLanguage,
  sendPasswordReset,
} from '../domain/account/account';
import { changeCondoSession, issueBridgeToken } from '../domain/sessions/sessions';
import { clientOf, type SessionPolicy } from '../domain/shared/sessionRows';
import { appBaseUrl } from '../infra/links';
import { SIGNED_IN, signedInRoutes } from './guards';

/**
 * The contract's request with the password's length left to the shared rule (passwordProblem), which the
 * domain applies, so a short password gets the same Spanish message as one without a digit.
 */
const ResetPasswordBody = assign(ResetPasswordRequest, object({ password: string() }));

export default async function accountRoutes(app: FastifyInstance, options: { policy: SessionPolicy }) {
  const routes = signedInRoutes(app);
  const { policy } = options;

  // Any signed-in member: accepts this condominium's privacy notice (spec §4); answers when.
  routes.post(ACCOUNT_PATHS.acceptPrivacyNotice, { allow: SIGNED_IN }, async (request) => {
    const at = await acceptPrivacyNotice(app.db, app.clock, request.auth);
    return { success: true, AvisoPrivacidad: at };
  });

  // Any signed-in member: the interface language of their profile (spec §1).
  routes.post<{ Body: LanguageRequest }>(
    ACCOUNT_PATHS.language,
    { schema: { body: LanguageRequest }, allow: SIGNED_IN },
    async (request) => {
      await saveLanguage(app.db, request.auth, request.body.language);
      return { success: true };
    },
  );

  // Anyone: mails a reset link to a registered address. The answer is the same either way, and is given
  // before any mail work starts, so its timing does not tell either.
  app.post<{ Body: ForgotPasswordRequest }>(
    ACCOUNT_PATHS.forgotPassword,
    { schema: { body: ForgotPasswordRequest } },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      await app.rateLimiter.consume([
        { limit: 'forgotPasswordPerIp', key: request.ip },
        { limit: 'forgotPasswordPerEmail', key: email },
      ]);
      const baseUrl = appBaseUrl(app.config, request);
      if (baseUrl) {
        const mail = { email, language: request.body.language, baseUrl };
        app.tasks.run('password reset mail', () => sendPasswordReset(app.db, app.clock, app.mailer, mail));
      } else {
        request.log.warn(
          'forgot-password: PUBLIC_URL is unset and the Host header is not of PUBLIC_BASE_DOMAIN or this machine; no link sent',
        );
      }
      return { success: true, message: forgotPasswordAnswer(request.body.language ?? request.language) };
    },
  );

  // Anyone holding a reset link: a new password; every session of the user ends.
  app.post<{ Body: ResetPasswordRequest }>(
    ACCOUNT_PATHS.resetPassword,
    { schema: { body: ResetPasswordBody } },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'resetPasswordPerIp', key: request.ip }]);
      await resetPassword(app.db, app.clock, policy.scryptLogN, request.body);
      return { success: true, message: passwordResetAnswer(request.language) };
    },
  );

  // Any signed-in member: a short-lived, single-use antkn for the login-redirect bridge (spec §2.8).
  routes.post(ACCOUNT_PATHS.bridgeToken, { allow: SIGNED_IN }, async (request) => {
    return { success: true, token: await issueBridgeToken(app.db, app.clock, request.auth) };
  });

  // Anyone holding an antkn: a new session in its user's condominium, answered like condo-login.
  app.post<{ Body: ChangeCondoSessionRequest }>(
    ACCOUNT_PATHS.changeCondoSession,
    { schema: { body: ChangeCondoSessionRequest } },
    async (request) => {
      const client = clientOf(request.ip, request.headers['user-agent']);
      const result = await changeCondoSession(app.db, policy, app.clock, request.body.antkn, client);
      return { success: true, ...result };
    },
  );
}
