// The caseta's calls and the movement log (src/api/gate.ts). The caseta (GATE_PATHS): who may check passes
// (canUseGate, 403 for anyone else), from their own session or a paired device's shift session (gateShift).
// The log (MOVEMENT_PATHS): any signed-in member; the domain decides whose rows they read.
import type { FastifyInstance } from 'fastify';
import {
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
import { checkAtGate } from '../domain/gate/check';
import { exportMovements } from '../domain/gate/movementCsv';
import { listMovements } from '../domain/gate/movementLog';
import { recordEntry, recordExit, recordRefusal } from '../domain/gate/movements';
import { signedGateSnapshot } from '../domain/gate/snapshot';
import { gateToday } from '../domain/gate/today';
import { SIGNED_IN, signedInRoutes } from './guards';

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

  const members = { allow: SIGNED_IN, gateShift: true };

  routes.get<{ Querystring: MovementQuery }>(
    MOVEMENT_PATHS.list,
    { schema: { querystring: MovementQuery }, ...members },
    (request) => listMovements(app.db, request.auth, request.query),
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
}
