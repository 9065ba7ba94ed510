import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH, type HealthAnswer } from '../../src/api/health';
import { APP_VERSION } from '../version';

// Public: load balancers and `npm run bench` call it. The migration level is read once at start
// (migrations only run then), so the answer costs no query.
export default async function healthRoutes(app: FastifyInstance, options: { migration: string }) {
  app.get(
    HEALTH_PATH,
    async (): Promise<HealthAnswer> => ({
      success: true,
      version: APP_VERSION,
      database: app.dialect,
      migration: options.migration,
    }),
  );
}
