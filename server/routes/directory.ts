// The directories and mi-perfil's directory choices (src/api/directory.ts). Who opens which directory is
// permissions.directoriesFor over the caller's session data (R residents, E employees, M both; administrators
// both), refused with 403 before the query is read.
import type { FastifyInstance } from 'fastify';
import { DIRECTORY_PATHS, ResidentsQuery, SaveMyContactRequest, StaffQuery } from '../../src/api/directory';
import { directoriesFor } from '../../src/api/permissions';
import { readMyContact, saveMyContact } from '../domain/directory/contact';
import { residentsDirectory, staffDirectory } from '../domain/directory/read';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function directoryRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  routes.get<{ Querystring: ResidentsQuery }>(
    DIRECTORY_PATHS.residents,
    { schema: { querystring: ResidentsQuery }, allow: (data) => directoriesFor(data).residents },
    async (request) => residentsDirectory(app.db, app.clock, app.prefix, request.auth, request.query),
  );

  routes.get<{ Querystring: StaffQuery }>(
    DIRECTORY_PATHS.staff,
    { schema: { querystring: StaffQuery }, allow: (data) => directoriesFor(data).employees },
    async (request) => staffDirectory(app.db, app.clock, app.prefix, request.auth, request.query),
  );

  // Any signed-in member: their phone and their choices in this condominium.
  routes.get(DIRECTORY_PATHS.myContact, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    contact: await readMyContact(app.db, request.auth),
  }));

  routes.post<{ Body: SaveMyContactRequest }>(
    DIRECTORY_PATHS.saveMyContact,
    { schema: { body: SaveMyContactRequest }, allow: SIGNED_IN },
    async (request) => ({ success: true, contact: await saveMyContact(app.db, request.auth, request.body) }),
  );
}
