// Who may use a route at all, decided in its onRequest hook: before the body is parsed and validated, so a
// caller the shared rule (src/api/permissions.ts) refuses gets 401 or 403 whatever they send, and learns
// nothing about the route's fields. The domain functions still apply their own, finer checks (which dwelling,
// whose pass) with the validated input.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccessData, loadAccess } from '../domain/shared/sessionData';
import { forbidden } from '../errors';

/** A rule of src/api/permissions.ts over the caller's session data. */
export type AccessRule = (access: AccessData) => boolean;

/** An onRequest hook: a session (401 without one), then the rule (403 when it says no). */
export function allowOnly(app: FastifyInstance, rule: AccessRule) {
  return async (request: FastifyRequest) => {
    await app.requireSession(request);
    if (!rule(await loadAccess(app.db, request.auth!))) throw forbidden();
  };
}
