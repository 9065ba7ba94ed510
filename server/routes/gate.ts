// The caseta's calls and the movement log (src/api/gate.ts). The caseta (GATE_PATHS): who may check passes
// (canUseGate, 403 for anyone else), from their own session or a paired device's shift session (gateShift).
// The log (MOVEMENT_PATHS): any signed-in member; the domain decides whose rows they read. An entry's photo
// (GATE_PATHS.photo): sent by the caseta after the entry; served behind signed links only administrators and
// supervisors are given (domain/gate/photos.ts).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  EntryPhotoRequest,
  GATE_PATHS,
  type GateCheckAnswer,
  GateCheckRequest,
  GateEntryRequest,
  GateExitRequest,
  GateRefusalRequest,
  type GateSnapshotAnswer,
  GateTodayQuery,
  MOVEMENT_PATHS,
  MovementFilters,
  MovementQuery,
} from '../../src/api/gate';
import { canUseGate } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { checkAtGate } from '../domain/gate/check';
import { exportMovements } from '../domain/gate/movementCsv';
import { listMovements } from '../domain/gate/movementLog';
import { movementPdf } from '../domain/gate/movementPdf';
import { recordEntry, recordExit, recordRefusal } from '../domain/gate/movements';
import { attachEntryPhoto, checkEntryPhotoLink, entryPhotoFile, withEntryPhotos } from '../domain/gate/photos';
import { signedGateSnapshot } from '../domain/gate/snapshot';
import { gateToday } from '../domain/gate/today';
import { SIGNED_IN, signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** A photo of ATTACHMENT_MAX_BYTES as a base64 data URL is about 2 MB, beyond the app's 1 MiB body limit. */
const PHOTO_BODY_LIMIT = 2_200_000;
const MovementParams = object({ movementId: IdParam });

export default async function gateRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const caseta = { allow: canUseGate, gateShift: true };

  routes.get<{ Querystring: GateTodayQuery }>(
    GATE_PATHS.today,
    { schema: { querystring: GateTodayQuery }, ...caseta },
    (request) => gateToday(app.db, app.clock, request.auth, request.query),
  );

  // POST, so the code stays out of the request log; counted per person like the pass check, so codes cannot be guessed.
  routes.post<{ Body: GateCheckRequest }>(
    GATE_PATHS.check,
    { schema: { body: GateCheckRequest }, ...caseta },
    async (request): Promise<GateCheckAnswer> => {
      await app.rateLimiter.consume([{ limit: 'passCheckPerUser', key: String(request.auth.userId) }]);
      return { success: true, data: await checkAtGate(app.db, app.clock, request.auth, request.body.codigo) };
    },
  );

  // Today's passes, signed, so the caseta can check codes without network (domain/gate/snapshot.ts).
  routes.get(
    GATE_PATHS.snapshot,
    caseta,
    (request): Promise<GateSnapshotAnswer> => signedGateSnapshot(app.db, app.clock, request.auth),
  );

  routes.post<{ Body: GateEntryRequest }>(GATE_PATHS.entry, { schema: { body: GateEntryRequest }, ...caseta }, (request) =>
    recordEntry(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: GateExitRequest }>(GATE_PATHS.exit, { schema: { body: GateExitRequest }, ...caseta }, (request) =>
    recordExit(app.db, app.clock, request.auth, request.body),
  );

  routes.post<{ Body: GateRefusalRequest }>(GATE_PATHS.refusal, { schema: { body: GateRefusalRequest }, ...caseta }, (request) =>
    recordRefusal(app.db, app.clock, request.auth, request.body),
  );

  // Once per entry: a retry answers the first photo (duplicate: true); another condominium's movement is 404.
  routes.post<{ Params: { movementId: number }; Body: EntryPhotoRequest }>(
    GATE_PATHS.photo,
    { schema: { params: MovementParams, body: EntryPhotoRequest }, ...caseta, bodyLimit: PHOTO_BODY_LIMIT },
    (request) => attachEntryPhoto(app.db, app.clock, request.auth, request.params.movementId, request.body.dataUrl),
  );

  signedFileRoute(app, {
    path: GATE_PATHS.photoFile,
    param: 'movementId',
    check: (link) => checkEntryPhotoLink(app.db, app.clock, link),
    load: (id) => entryPhotoFile(app.db, app.clock, id),
  });

  const members = { allow: SIGNED_IN, gateShift: true };

  routes.get<{ Querystring: MovementQuery }>(
    MOVEMENT_PATHS.list,
    { schema: { querystring: MovementQuery }, ...members },
    async (request) =>
      withEntryPhotos(app.db, app.clock, app.prefix, request.auth, await listMovements(app.db, request.auth, request.query)),
  );

  routes.get<{ Querystring: MovementFilters }>(
    MOVEMENT_PATHS.export,
    { schema: { querystring: MovementFilters }, ...members },
    async (request, reply) => {
      const file = await exportMovements(app.db, app.clock, request.auth, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  // Streamed: the refusal (too many rows) comes before the first byte, the pages as they are written.
  routes.get<{ Querystring: MovementFilters }>(
    MOVEMENT_PATHS.exportPdf,
    { schema: { querystring: MovementFilters }, ...members },
    async (request, reply) => {
      const file = await movementPdf(app.db, app.clock, request.auth, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
