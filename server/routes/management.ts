// Management control (src/api/management.ts): administrators and the board (permissions.canSeeManagementControl);
// everyone else 403, nobody 401.
import type { FastifyInstance } from 'fastify';
import { MANAGEMENT_PATHS, type ManagementSummaryAnswer } from '../../src/api/management';
import { canSeeManagementControl } from '../../src/api/permissions';
import { managementSummary } from '../domain/management/summary';
import { signedInRoutes } from './guards';

export default async function managementRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  routes.get(
    MANAGEMENT_PATHS.summary,
    { allow: canSeeManagementControl },
    async (request): Promise<ManagementSummaryAnswer> => ({
      success: true,
      data: await managementSummary(app.db, app.clock, request.auth),
    }),
  );
}
