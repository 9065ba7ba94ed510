// Towers and dwellings of configuracion (src/api/dwellings.ts). Administrators only (permissions.canManagePeople,
// checked before the body is read); another condominium's towers and dwellings are 404 in the domain. Thin:
// validated input, the domain call, the answer.
import type { FastifyInstance } from 'fastify';
import {
  DWELLINGS_PATHS,
  DwellingActiveRequest,
  DwellingDraft,
  DwellingListQuery,
  IMPORT_MAX_BYTES,
  ImportConfirm,
  ImportFile,
  TowerActiveRequest,
  TowerDraft,
} from '../../src/api/dwellings';
import { canManagePeople } from '../../src/api/permissions';
import { listDwellings, saveDwelling, saveTower, setDwellingActive, setTowerActive } from '../domain/dwellings/dwellings';
import { confirmImport, previewImport } from '../domain/dwellings/import';
import { signedInRoutes } from './guards';

/** The file in base64 (4/3 of its bytes) and the rest of the request. */
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64_000;

export default async function dwellingRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const admins = { allow: canManagePeople };

  routes.get<{ Querystring: DwellingListQuery }>(
    DWELLINGS_PATHS.list,
    { schema: { querystring: DwellingListQuery }, ...admins },
    async (request) => listDwellings(app.db, request.auth, request.query),
  );

  routes.post<{ Body: TowerDraft }>(DWELLINGS_PATHS.saveTower, { schema: { body: TowerDraft }, ...admins }, async (request) =>
    saveTower(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: TowerActiveRequest }>(
    DWELLINGS_PATHS.towerActive,
    { schema: { body: TowerActiveRequest }, ...admins },
    async (request) => setTowerActive(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: DwellingDraft }>(
    DWELLINGS_PATHS.saveDwelling,
    { schema: { body: DwellingDraft }, ...admins },
    async (request) => saveDwelling(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: DwellingActiveRequest }>(
    DWELLINGS_PATHS.dwellingActive,
    { schema: { body: DwellingActiveRequest }, ...admins },
    async (request) => setDwellingActive(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: ImportFile }>(
    DWELLINGS_PATHS.importPreview,
    { schema: { body: ImportFile }, ...admins, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) => previewImport(app.db, request.auth, request.body, request.language),
  );

  routes.post<{ Body: ImportConfirm }>(
    DWELLINGS_PATHS.importConfirm,
    { schema: { body: ImportConfirm }, ...admins, bodyLimit: IMPORT_BODY_LIMIT },
    async (request) => confirmImport(app.db, app.clock, request.auth, request.body, request.language),
  );
}
