// Supervisor rounds (src/api/rounds.ts). Walking (the rounds open now, start, scan, finish, notes) is for guards,
// supervisors and administrators (canWalkRounds), and a paired device's shift (gateShift); checkpoints, plans, the
// sheet of QR codes, the panel and the weekly report for supervisors and administrators (canManageRounds). Another
// condominium's round or checkpoint is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { canManageRounds, canWalkRounds } from '../../src/api/permissions';
import {
  type CheckpointRequest,
  CheckpointRequest as CheckpointRequestStruct,
  NoteRequest,
  type PanelAnswer,
  PlanRequest,
  ROUND_PATHS,
  type RoundAnswer,
  type RoundsAnswer,
  type ScanAnswer,
  ScanRequest,
  SheetQuery,
  WeeklyQuery,
} from '../../src/api/rounds';
import { IdParam } from '../../src/api/validation';
import { listCheckpoints, listPlans, retireCheckpoint, saveCheckpoint, savePlan } from '../domain/rounds/manage';
import { supervisorPanel } from '../domain/rounds/panel';
import { checkpointSheet, weeklyReport } from '../domain/rounds/pdf';
import { addNote, finishRound, roundsToWalk, scanCheckpoint, startRound } from '../domain/rounds/walk';
import { signedInRoutes } from './guards';

/** A photo of 1.5 MB as a base64 data URL, plus the fields. */
const SCAN_BODY_LIMIT = 2_300_000;
const RoundParams = object({ roundId: IdParam });
const CheckpointParams = object({ checkpointId: IdParam });
const Empty = object({});

export default async function roundRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const walk = { allow: canWalkRounds, gateShift: true } as const;
  const manage = { allow: canManageRounds } as const;

  routes.get(ROUND_PATHS.checkpoints, { ...manage }, async (request) => ({
    success: true,
    items: await listCheckpoints(app.db, request.auth),
  }));

  routes.post<{ Body: CheckpointRequest }>(
    ROUND_PATHS.saveCheckpoint,
    { schema: { body: CheckpointRequestStruct }, ...manage },
    async (request) => ({ success: true, data: await saveCheckpoint(app.db, app.clock, request.auth, request.body) }),
  );

  routes.post<{ Params: { checkpointId: number } }>(
    ROUND_PATHS.retireCheckpoint,
    { schema: { params: CheckpointParams, body: Empty }, ...manage },
    async (request) => ({
      success: true,
      data: await retireCheckpoint(app.db, app.clock, request.auth, request.params.checkpointId),
    }),
  );

  routes.get<{ Querystring: SheetQuery }>(
    ROUND_PATHS.sheet,
    { schema: { querystring: SheetQuery }, ...manage },
    async (request, reply) => {
      const ids = request.query.ids ? request.query.ids.split(',').map(Number) : [];
      const body = await checkpointSheet(app.db, request.auth, ids);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="puntos-de-recorrido.pdf"')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  routes.get(ROUND_PATHS.plans, { ...manage }, async (request) => ({
    success: true,
    items: await listPlans(app.db, request.auth),
  }));

  routes.post<{ Body: PlanRequest }>(ROUND_PATHS.savePlan, { schema: { body: PlanRequest }, ...manage }, async (request) => ({
    success: true,
    data: await savePlan(app.db, app.clock, request.auth, request.body),
  }));

  routes.get(
    ROUND_PATHS.mine,
    { ...walk },
    async (request): Promise<RoundsAnswer> => ({
      success: true,
      items: await roundsToWalk(app.db, app.clock, request.auth),
    }),
  );

  routes.post<{ Params: { roundId: number } }>(
    ROUND_PATHS.start,
    { schema: { params: RoundParams, body: Empty }, ...walk },
    async (request): Promise<RoundAnswer> => ({
      success: true,
      data: await startRound(app.db, app.clock, request.auth, request.params.roundId),
    }),
  );

  routes.post<{ Body: ScanRequest }>(
    ROUND_PATHS.scan,
    { schema: { body: ScanRequest }, ...walk, bodyLimit: SCAN_BODY_LIMIT },
    async (request): Promise<ScanAnswer> => {
      const { outcome, round, replayed } = await scanCheckpoint(app.db, app.clock, request.auth, request.body);
      return { success: true, outcome, data: round, replayed };
    },
  );

  routes.post<{ Params: { roundId: number } }>(
    ROUND_PATHS.finish,
    { schema: { params: RoundParams, body: Empty }, ...walk },
    async (request): Promise<RoundAnswer> => ({
      success: true,
      data: await finishRound(app.db, app.clock, request.auth, request.params.roundId),
    }),
  );

  routes.post<{ Params: { roundId: number }; Body: NoteRequest }>(
    ROUND_PATHS.note,
    { schema: { params: RoundParams, body: NoteRequest }, ...walk },
    async (request): Promise<RoundAnswer> => ({
      success: true,
      data: await addNote(app.db, app.clock, request.auth, request.params.roundId, request.body),
    }),
  );

  routes.get(
    ROUND_PATHS.panel,
    { ...manage },
    async (request): Promise<PanelAnswer> => ({
      success: true,
      ...(await supervisorPanel(app.db, app.clock, request.auth)),
    }),
  );

  routes.get<{ Querystring: WeeklyQuery }>(
    ROUND_PATHS.weekly,
    { schema: { querystring: WeeklyQuery }, ...manage },
    async (request, reply) => {
      const file = await weeklyReport(app.db, app.clock, request.auth, request.query.week);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
