// configuracion, tab 'permisos' (src/api/memberPermissions.ts): administrators of the condominium only
// (permissions.canManagePeople; 403 for everyone else before the body is read). Another condominium's
// membership is not found (404).
import type { FastifyInstance } from 'fastify';
import {
  MEMBER_PERMISSIONS_PATHS,
  MemberListQuery,
  type MemberPage,
  MemberParams,
  type MemberPermissionsAnswer,
  SavePermissionsRequest,
} from '../../src/api/memberPermissions';
import { canManagePeople } from '../../src/api/permissions';
import { listMembers, readMember } from '../domain/memberPermissions/read';
import { savePermissions } from '../domain/memberPermissions/save';
import { signedInRoutes } from './guards';

export default async function memberPermissionRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const admins = { allow: canManagePeople };

  routes.get<{ Querystring: MemberListQuery }>(
    MEMBER_PERMISSIONS_PATHS.list,
    { schema: { querystring: MemberListQuery }, ...admins },
    async (request): Promise<MemberPage> => listMembers(app.db, request.auth, request.query),
  );

  routes.get<{ Params: { membershipId: number } }>(
    MEMBER_PERMISSIONS_PATHS.member(':membershipId'),
    { schema: { params: MemberParams }, ...admins },
    async (request): Promise<MemberPermissionsAnswer> => ({
      success: true,
      miembro: await readMember(app.db, request.auth, request.params.membershipId),
    }),
  );

  // The whole set against the version it was read at: 409 stale or lastAdmin with the set as it is now.
  routes.post<{ Body: SavePermissionsRequest }>(
    MEMBER_PERMISSIONS_PATHS.save,
    { schema: { body: SavePermissionsRequest }, ...admins },
    async (request): Promise<MemberPermissionsAnswer> => ({
      success: true,
      miembro: await savePermissions(app.db, app.clock, request.auth, request.body),
    }),
  );
}
