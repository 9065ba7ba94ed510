// Who may use a route at all, decided in its onRequest hook: before the body is parsed and validated, so a
// caller the shared rule (src/api/permissions.ts) refuses gets 401 or 403 whatever they send, and learns
// nothing about the route's fields. The domain functions still apply their own, finer checks (which dwelling,
// whose pass) with the validated input.
//
// Every route that needs a session is registered through signedInRoutes(app): its `allow` option, written
// next to its path, says who may call it (SIGNED_IN, or a rule of src/api/permissions.ts), and becomes the
// route's onRequest hook (preHandler for the session routes). Its handler's request carries `auth` as present
// (SignedInRequest): the hook resolved the session or refused the call before the handler could run. Fastify's types cannot narrow a decorated
// request by a route's hooks, so this is the one place that says so; at run time the handler is Fastify's
// own, with nothing in between.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Auth } from '../domain/shared/auth';
import { type AccessData, loadAccess } from '../domain/shared/sessionData';
import { forbidden } from '../errors';

/** A rule of src/api/permissions.ts over the caller's session data. */
export type AccessRule = (access: AccessData) => boolean;

/** Any signed-in member whose session is live (and, outside BEFORE_PRIVACY_NOTICE, who accepted the notice). */
export const SIGNED_IN: 'signed in' = 'signed in';

/** Who may call a route: any signed-in member, or those a shared rule allows. */
export type Allow = typeof SIGNED_IN | AccessRule;

/** A request whose session the route's guard hook resolved. */
export type SignedInRequest<G extends RouteGenericInterface = RouteGenericInterface> = FastifyRequest<G> & { auth: Auth };

/** A route's options but the hook `allow` decides in. */
export type SignedInRouteOptions<G extends RouteGenericInterface> = Omit<
  RouteShorthandOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>,
  'onRequest' | 'preHandler'
> & {
  allow: Allow;
  /**
   * Where a caller `allow` refuses is refused: onRequest (the default, before the body is parsed), or preHandler,
   * after the input is validated (the session routes, routes/sessions.ts, as they have always been).
   */
  refuseIn?: 'onRequest' | 'preHandler';
  /**
   * A shift session opened on a paired gate device (sessions.kind 'gate', issue 26) may call this route. Such a
   * session can do gate work only: every route without this option refuses it with 403.
   */
  gateShift?: boolean;
  /**
   * A read answered again from memory for up to this many seconds while nothing is committed
   * (plugins/keptAnswers.ts): for the screens a person goes back to, whose answer sets no header but its type.
   */
  keep?: number;
};

export type SignedInHandler<G extends RouteGenericInterface> = (request: SignedInRequest<G>, reply: FastifyReply<G>) => unknown;

type SignedInRoute = <G extends RouteGenericInterface = RouteGenericInterface>(
  path: string,
  options: SignedInRouteOptions<G>,
  handler: SignedInHandler<G>,
) => void;

/**
 * A guard hook: a session (401 without one), a shift session on a gate device only where the route says
 * `gateShift` (403 elsewhere: the device does gate work only), then the rule (403 when it says no).
 */
function allowOnly(app: FastifyInstance, allow: Allow, gateShift: boolean) {
  return async (request: FastifyRequest) => {
    await app.requireSession(request);
    const auth = request.auth;
    if (!auth || (!gateShift && auth.deviceId != null)) throw forbidden();
    if (allow !== SIGNED_IN && !allow(await loadAccess(app.db, auth))) throw forbidden();
  };
}

/** GET and POST routes that need a session, each stating who may call it (`allow`). */
export function signedInRoutes(app: FastifyInstance): { get: SignedInRoute; post: SignedInRoute } {
  const register =
    (method: 'GET' | 'POST'): SignedInRoute =>
    (path, { allow, refuseIn = 'onRequest', gateShift = false, keep, ...options }, handler) => {
      const guard = allowOnly(app, allow, gateShift);
      const kept = keep === undefined ? null : app.keptAnswers.hooks(keep);
      // The kept answer is looked up right after the guard, in the same hook.
      const guarded = kept ? [guard, kept.lookup] : guard;
      app.route({
        ...(options as RouteShorthandOptions),
        method,
        url: path,
        ...(refuseIn === 'preHandler' ? { preHandler: guarded } : { onRequest: guarded }),
        ...(kept ? { onSend: kept.onSend } : {}),
        // request.auth is set: the hook above resolved the session or refused the call before the handler.
        handler: handler as RouteHandlerMethod,
      });
    };
  return { get: register('GET'), post: register('POST') };
}
