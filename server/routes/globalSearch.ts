// The header's search (src/api/globalSearch.ts): any signed-in member of the condominium, each kind with the
// rules of its own screen (server/domain/globalSearch/search.ts). Counted per person before anything is read.
import type { FastifyInstance } from 'fastify';
import { GLOBAL_SEARCH_PATHS, type GlobalSearchAnswer, GlobalSearchQuery } from '../../src/api/globalSearch';
import { globalSearch } from '../domain/globalSearch/search';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function globalSearchRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  routes.get<{ Querystring: GlobalSearchQuery }>(
    GLOBAL_SEARCH_PATHS.search,
    { schema: { querystring: GlobalSearchQuery }, allow: SIGNED_IN },
    async (request): Promise<GlobalSearchAnswer> => {
      await app.rateLimiter.consume([{ limit: 'globalSearchPerUser', key: String(request.auth.userId) }]);
      return globalSearch(app.db, request.auth, request.query);
    },
  );
}
