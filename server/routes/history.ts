// The history (src/api/history.ts): administrators and the board of the condominium read it
// (permissions.canReadHistory, 403 for everyone else, 401 without a session). Only GET routes: the log is
// append-only, written by recordAudit in the transaction of each change, never through the API.
import type { FastifyInstance } from 'fastify';
import { HISTORY_PATHS, HistoryFilters, HistoryQuery } from '../../src/api/history';
import { canReadHistory } from '../../src/api/permissions';
import { exportHistory, readHistory } from '../domain/history/read';
import { signedInRoutes } from './guards';

export default async function historyRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const readers = { allow: canReadHistory };

  routes.get<{ Querystring: HistoryQuery }>(
    HISTORY_PATHS.list,
    { schema: { querystring: HistoryQuery }, ...readers },
    async (request) => readHistory(app.db, request.auth, request.query),
  );

  routes.get<{ Querystring: HistoryFilters }>(
    HISTORY_PATHS.export,
    { schema: { querystring: HistoryFilters }, ...readers },
    async (request, reply) => {
      const file = await exportHistory(app.db, app.clock, request.auth, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
