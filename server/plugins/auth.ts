// app-token → the signed-in person. Routes that need one say so with { preHandler: app.requireSession }
// and read request.auth; the server is the authority, whatever the client hides.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_HEADER } from '../../src/api/sessions';
import type { Clock } from '../domain/clock';
import { type Auth, resolveSession, type SessionPolicy } from '../domain/sessions';
import { unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
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

export default fp(async function auth(app: FastifyInstance, options: { policy: SessionPolicy; clock: Clock }) {
  app.decorateRequest('auth', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = tokenOf(request);
    const found = token ? await resolveSession(app.db, options.policy, options.clock, token) : null;
    if (!found) throw unauthenticated();
    request.auth = found;
  });
});
