// The employee panel's calls (src/api/passCheck.ts). Every call needs a session.
import type { FastifyInstance } from 'fastify';
import { type PassCheckAnswer, PassCheckRequest, STAFF_PATHS } from '../../src/api/passCheck';
import { canCheckPasses } from '../../src/api/permissions';
import { checkPass } from '../domain/passCheck/passCheck';
import { signedInRoutes } from './guards';

export default async function passCheckRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Guards, supervisors and administrators of the condominium (403 for anyone else): one pass by its manual
  // key or QR text, 404 when the condominium has none. POST, so the code stays out of the request log.
  // Counted per person before anything is looked up, so codes cannot be guessed.
  routes.post<{ Body: PassCheckRequest }>(
    STAFF_PATHS.checkPass,
    { schema: { body: PassCheckRequest }, allow: canCheckPasses },
    async (request): Promise<PassCheckAnswer> => {
      await app.rateLimiter.consume([{ limit: 'passCheckPerUser', key: String(request.auth.userId) }]);
      return { success: true, data: await checkPass(app.db, app.clock, request.auth, request.body.codigo) };
    },
  );
}
