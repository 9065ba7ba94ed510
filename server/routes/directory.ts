// The directories and mi-perfil's directory choices (src/api/directory.ts). Who opens which directory is
// permissions.directoriesFor over the caller's session data (R residents, E employees, M both; administrators
// both), refused with 403 before the query is read.
import type { FastifyInstance } from 'fastify';
import { DIRECTORY_PATHS, ResidentsQuery, SaveMyContactRequest, StaffQuery } from '../../src/api/directory';
import { directoriesFor } from '../../src/api/permissions';
import { readMyContact, saveMyContact } from '../domain/directory/contact';
import { residentsDirectory, staffDirectory } from '../domain/directory/read';
import { allowOnly } from './guards';

export default async function directoryRoutes(app: FastifyInstance) {
  app.get<{ Querystring: ResidentsQuery }>(
    DIRECTORY_PATHS.residents,
    { schema: { querystring: ResidentsQuery }, onRequest: allowOnly(app, (data) => directoriesFor(data).residents) },
    async (request) => residentsDirectory(app.db, app.clock, app.prefix, request.auth!, request.query),
  );

  app.get<{ Querystring: StaffQuery }>(
    DIRECTORY_PATHS.staff,
    { schema: { querystring: StaffQuery }, onRequest: allowOnly(app, (data) => directoriesFor(data).employees) },
    async (request) => staffDirectory(app.db, app.clock, app.prefix, request.auth!, request.query),
  );

  // Any signed-in member: their phone and their choices in this condominium.
  app.get(DIRECTORY_PATHS.myContact, { onRequest: app.requireSession }, async (request) => ({
    success: true,
    contact: await readMyContact(app.db, request.auth!),
  }));

  app.post<{ Body: SaveMyContactRequest }>(
    DIRECTORY_PATHS.saveMyContact,
    { schema: { body: SaveMyContactRequest }, onRequest: app.requireSession },
    async (request) => ({ success: true, contact: await saveMyContact(app.db, request.auth!, request.body) }),
  );
}
