// The welcome timeline ('Bienvenido - Linea del tiempo', src/api/timeline.ts).
import type { FastifyInstance } from 'fastify';
import { TIMELINE_PAGE_SIZE, TIMELINE_PATHS, type TimelineAnswer, TimelineQuery } from '../../src/api/timeline';
import { listTimeline } from '../domain/timeline/timeline';

export default async function timelineRoutes(app: FastifyInstance) {
  // Any signed-in member: their condominium's timeline, newest first, a page at a time.
  app.get<{ Querystring: TimelineQuery }>(
    TIMELINE_PATHS.list,
    { schema: { querystring: TimelineQuery }, onRequest: app.requireSession },
    async (request): Promise<TimelineAnswer> => {
      const page = { limit: request.query.limit ?? TIMELINE_PAGE_SIZE, offset: request.query.offset ?? 0 };
      return { success: true, ...(await listTimeline(app.db, request.auth!.condoId, page)) };
    },
  );
}
