// Walk-ins (src/api/gateWalkIns.ts). Asking, polling and deciding are the gate's: canUseGate, and a paired
// device's shift session (gateShift). A resident's pending list and answer need a session only; the domain
// scopes them to the caller's dwellings (residencies). Another condominium's walk-in is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  type PendingWalkInsAnswer,
  WALK_IN_PATHS,
  type WalkInAnswer,
  type WalkInAskAnswer,
  WalkInAskRequest,
  type WalkInDecidedAnswer,
  WalkInDecideRequest,
  WalkInRespondRequest,
} from '../../src/api/gateWalkIns';
import { canUseGate } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { askWalkIn, decideWalkIn, pendingWalkIns, respondToWalkIn, walkInStatus } from '../domain/gate/walkIns';
import { SIGNED_IN, signedInRoutes } from './guards';

const WalkInParams = object({ id: IdParam });

export default async function gateWalkInRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const gate = { allow: canUseGate, gateShift: true } as const;

  routes.post<{ Body: WalkInAskRequest }>(
    WALK_IN_PATHS.ask,
    { schema: { body: WalkInAskRequest }, ...gate },
    async (request): Promise<WalkInAskAnswer> => {
      const { walkIn, replayed, told } = await askWalkIn(app.db, app.clock, request.auth, request.body);
      return { success: true, data: walkIn, replayed, told };
    },
  );

  routes.get<{ Params: { id: number } }>(
    WALK_IN_PATHS.status,
    { schema: { params: WalkInParams }, ...gate },
    async (request): Promise<WalkInAnswer> => ({
      success: true,
      data: await walkInStatus(app.db, app.clock, request.auth, request.params.id),
    }),
  );

  routes.post<{ Params: { id: number }; Body: WalkInDecideRequest }>(
    WALK_IN_PATHS.decide,
    { schema: { params: WalkInParams, body: WalkInDecideRequest }, ...gate },
    async (request): Promise<WalkInDecidedAnswer> => {
      const decided = await decideWalkIn(app.db, app.clock, request.auth, request.params.id, request.body);
      return { success: true, data: decided.walkIn, movement: decided.movement, duplicate: decided.duplicate };
    },
  );

  routes.get(
    WALK_IN_PATHS.pending,
    { allow: SIGNED_IN },
    async (request): Promise<PendingWalkInsAnswer> => ({
      success: true,
      items: await pendingWalkIns(app.db, app.clock, request.auth),
    }),
  );

  routes.post<{ Params: { id: number }; Body: WalkInRespondRequest }>(
    WALK_IN_PATHS.respond,
    { schema: { params: WalkInParams, body: WalkInRespondRequest }, allow: SIGNED_IN },
    async (request): Promise<WalkInAnswer> => ({
      success: true,
      data: await respondToWalkIn(app.db, app.clock, request.auth, request.params.id, request.body.answer),
    }),
  );
}
