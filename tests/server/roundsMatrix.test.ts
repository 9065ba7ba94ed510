// Who may call what in rounds (issue 31): every demo account and a caller without a session against every path of
// src/api/rounds.ts. Walking is for administrators, guards and supervisors; checkpoints, plans, the panel and the
// reports for administrators and supervisors; another condominium's round or checkpoint is not found. A contract
// path without a row here fails the suite.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishRoundPath, ROUND_PATHS, retireCheckpointPath, roundNotePath, startRoundPath } from '../../src/api/rounds';
import { api } from '../support/http';
import { foreignRound, makeRoundFixture, ROUNDS_NOW, type RoundFixture, scanDraft } from '../support/roundsServerFixtures';
import { type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

/** Administrators, guards and supervisors (canWalkRounds). */
const WALK: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
/** Administrators and supervisors (canManageRounds). */
const MANAGE: Expected = [200, 403, 403, 403, 403, 200, 401, 401];
const WALK_ELSEWHERE: Expected = [404, 403, 403, 403, 404, 404, 401, 401];
const MANAGE_ELSEWHERE: Expected = [404, 403, 403, 403, 403, 404, 401, 401];

let fixture: RoundFixture;
let foreign: { roundId: number; checkpointId: number; code: string };
let n = 0;

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: ROUND_PATHS.checkpoints,
    variant: 'the checkpoints',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'GET', ROUND_PATHS.checkpoints),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.saveCheckpoint,
    variant: 'a new checkpoint',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'POST', ROUND_PATHS.saveCheckpoint, { name: `Punto ${++n}`, place: '', instructions: '' }),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.saveCheckpoint,
    variant: 'another condominium’s checkpoint',
    expected: MANAGE_ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', ROUND_PATHS.saveCheckpoint, { id: foreign.checkpointId, name: 'Lobby', place: '', instructions: '' }),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.retireCheckpoint,
    variant: 'a checkpoint of its own',
    expected: MANAGE,
    run: async (t, c) => {
      const row = await t.app.db
        .insertInto('round_checkpoints')
        .values({
          condo_id: 1,
          name: 'Baja',
          place: '',
          instructions: '',
          code: `RC-${randomUUID()}`,
          nfc_tag: null,
          created_at: ROUNDS_NOW.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return status(t, c, 'POST', retireCheckpointPath(row.id), {});
    },
  },
  {
    method: 'POST',
    path: ROUND_PATHS.retireCheckpoint,
    variant: 'another condominium’s checkpoint',
    expected: MANAGE_ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', retireCheckpointPath(foreign.checkpointId), {}),
  },
  {
    method: 'GET',
    path: ROUND_PATHS.sheet,
    variant: 'the sheet',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'GET', ROUND_PATHS.sheet),
  },
  {
    method: 'GET',
    path: ROUND_PATHS.plans,
    variant: 'the plans',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'GET', ROUND_PATHS.plans),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.savePlan,
    variant: 'a plan',
    expected: MANAGE,
    run: (t, c) =>
      status(t, c, 'POST', ROUND_PATHS.savePlan, {
        id: fixture.planId,
        name: 'Prueba',
        ordered: true,
        everyHours: 1,
        from: '11:00',
        to: '15:00',
        stops: fixture.checkpoints.map((cp, i) => ({ checkpointId: cp.id, toleranceMinutes: 30 * (i + 1) })),
      }),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.savePlan,
    variant: 'another condominium’s checkpoint in it',
    expected: [400, 403, 403, 403, 403, 400, 401, 401],
    run: (t, c) =>
      status(t, c, 'POST', ROUND_PATHS.savePlan, {
        name: 'Ajeno',
        ordered: false,
        everyHours: 2,
        from: '22:00',
        to: '06:00',
        stops: [{ checkpointId: foreign.checkpointId, toleranceMinutes: 10 }],
      }),
  },
  {
    method: 'GET',
    path: ROUND_PATHS.mine,
    variant: 'the rounds to walk',
    expected: WALK,
    run: (t, c) => status(t, c, 'GET', ROUND_PATHS.mine),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.start,
    variant: 'an open round',
    expected: WALK,
    run: (t, c) => status(t, c, 'POST', startRoundPath(fixture.roundId), {}),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.start,
    variant: 'another condominium’s round',
    expected: WALK_ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', startRoundPath(foreign.roundId), {}),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.scan,
    variant: 'a checkpoint of the round',
    expected: WALK,
    run: (t, c) => status(t, c, 'POST', ROUND_PATHS.scan, scanDraft(fixture.roundId, fixture.checkpoints[0]!.code)),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.scan,
    variant: 'another condominium’s round',
    expected: WALK_ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', ROUND_PATHS.scan, scanDraft(foreign.roundId, foreign.code)),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.note,
    variant: 'a note',
    expected: WALK,
    run: (t, c) => status(t, c, 'POST', roundNotePath(fixture.roundId), { text: 'Luz fundida en el pasillo' }),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.note,
    variant: 'another condominium’s round',
    expected: WALK_ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', roundNotePath(foreign.roundId), { text: 'Nota' }),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.finish,
    variant: 'another condominium’s round',
    expected: WALK_ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', finishRoundPath(foreign.roundId), {}),
  },
  {
    method: 'POST',
    path: ROUND_PATHS.finish,
    variant: 'a round (ended as it is when ended before)',
    expected: WALK,
    run: (t, c) => status(t, c, 'POST', finishRoundPath(fixture.roundId), {}),
  },
  {
    method: 'GET',
    path: ROUND_PATHS.panel,
    variant: 'the panel',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'GET', ROUND_PATHS.panel),
  },
  {
    method: 'GET',
    path: ROUND_PATHS.weekly,
    variant: 'the weekly report',
    expected: MANAGE,
    run: (t, c) => status(t, c, 'GET', `${ROUND_PATHS.weekly}?week=2025-05-26`),
  },
];

describe(`rounds matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(ROUNDS_NOW) });
    fixture = await makeRoundFixture(t);
    foreign = await foreignRound(t);
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(ROUND_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
