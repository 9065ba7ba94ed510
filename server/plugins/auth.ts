// app-token → the signed-in person. Routes that need one are registered through signedInRoutes
// (routes/guards.ts), whose guard hook calls app.requireSession, and their handlers read request.auth as
// present; elsewhere it is null. The server is the authority, whatever the client hides.
// While the condominium's privacy notice waits for the member's acceptance (spec §4), requireSession refuses
// every route but those of BEFORE_PRIVACY_NOTICE (src/api/account.ts) with 403 PRIVACY_NOTICE_PENDING.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BEFORE_PRIVACY_NOTICE } from '../../src/api/account';
import { ErrorCodes } from '../../src/api/errors';
import { TOKEN_HEADER } from '../../src/api/sessions';
import { resolveSession, type SessionMemo } from '../domain/sessions/sessions';
import type { Auth } from '../domain/shared/auth';
import type { SessionPolicy } from '../domain/shared/sessionRows';
import { type CallerMemo, rememberCallerReads } from '../domain/shared/viewer';
import { AppError, unauthenticated } from '../errors';
import type { Clock } from '../infra/clock';
import { StateMemo } from '../infra/stateMemo';

/** Sessions whose rows are kept between requests (about one per person using the app at once). */
const CALLERS_KEPT = 20_000;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** The database's data state when the session was resolved (app.dataState), or null before. */
    dataState: string | null;
  }
  interface FastifyInstance {
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
}

export function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

export const privacyNoticePendingError = () =>
  new AppError(403, ErrorCodes.privacyNoticePending, 'errors.session.privacyNoticePending');

export default fp(async function auth(app: FastifyInstance, options: { policy: SessionPolicy; clock: Clock; apiPrefix: string }) {
  // The routes' own paths (as the contract writes them) that need no accepted notice, as Fastify sees them.
  const beforeNotice = new Set(BEFORE_PRIVACY_NOTICE.map((path) => `${options.apiPrefix}${path}`));
  app.decorateRequest('auth', null);
  app.decorateRequest('dataState', null);
  // What the lookups read, kept while nothing is committed (infra/stateMemo.ts): the session rows by token hash,
  // the callers' rows by what and whom. Both are bounded; both live and die with this app.
  const sessionRows: SessionMemo['rows'] = new StateMemo(CALLERS_KEPT);
  const callerReads: CallerMemo['reads'] = new StateMemo(CALLERS_KEPT * 4);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw unauthenticated();
    // Taken before anything is read: every row read after it is at least as new.
    const state = await app.dataState();
    request.dataState = state;
    const found = await resolveSession(app.db, options.policy, options.clock, token, { state, rows: sessionRows });
    if (!found) throw unauthenticated();
    if (found.privacyNoticePending && !beforeNotice.has(request.routeOptions.url ?? '')) throw privacyNoticePendingError();
    // A read reads the caller's roles, permissions and dwellings once, however many rules ask (viewer.ts), and
    // again only once something was committed.
    if (request.method === 'GET' || request.method === 'HEAD')
      rememberCallerReads(found.auth, app.db, { state, reads: callerReads });
    request.auth = found.auth;
  });
});
