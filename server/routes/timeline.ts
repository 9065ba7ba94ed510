// The welcome timeline ('Bienvenido - Linea del tiempo', src/api/timeline.ts).
import type { FastifyInstance } from 'fastify';
import { TIMELINE_PAGE_SIZE, TIMELINE_PATHS, type TimelineAnswer, TimelineQuery } from '../../src/api/timeline';
import { listTimeline } from '../domain/timeline/timeline';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function timelineRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Any signed-in member: their condominium's timeline, newest first, a page at a time.
  routes.get<{ Querystring: TimelineQuery }>(
    TIMELINE_PATHS.list,
    { schema: { querystring: TimelineQuery }, allow: SIGNED_IN },
    async (request): Promise<TimelineAnswer> => {
      const page = { limit: request.query.limit ?? TIMELINE_PAGE_SIZE, offset: request.query.offset ?? 0 };
      return { success: true, ...(await listTimeline(app.db, request.auth.condoId, page)) };
    },
  );
}
