// Who may call what in incidents (issue 31): every demo account and a caller without a session against every path of
// src/api/incidents.ts. Gate staff, supervisors and administrators see, raise and attend incidents; closing is the
// supervisor's and the administrators' (the guard: 403 by the lifecycle's roles), turning one into a request the administrators';
// the handover is written and read by guards and supervisors, listed by all three; another condominium's incident
// or handover is not found. Each acting cell starts from an incident (or handover) of its own. A contract path
// without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { INCIDENT_PATHS, incidentChangePath, incidentPath, readHandoverPath } from '../../src/api/incidents';
import { api } from '../support/http';
import { condoIdOf, freshIncident, PNG_1X1, raiseDraft } from '../support/incidentsServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

/** Administrators, guards and supervisors (canSeeIncidents). */
const STAFF: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
/** The supervisor and administrators: a guard may not close (the lifecycle's roles). */
const LEADS: Expected = [200, 403, 403, 403, 403, 200, 401, 401];
/** Guards and supervisors (canWriteHandover). */
const SHIFT: Expected = [403, 403, 403, 403, 200, 200, 401, 401];
/** Another condominium's: refused before it is looked at for whoever may not see incidents, unknown to the rest. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 404, 404, 401, 401];
const ELSEWHERE_SHIFT: Expected = [403, 403, 403, 403, 404, 404, 401, 401];

const fixtures = { palmas: 0, bosque: 0, guard: 0 };

async function freshHandover(t: TestApp, condoId: number, writer: number): Promise<number> {
  const { id } = await t.app.db
    .insertInto('shift_handovers')
    .values({ condo_id: condoId, written_by: writer, notes: 'Sin novedades.', written_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: INCIDENT_PATHS.list,
    variant: 'the open ones',
    expected: STAFF,
    run: (t, c) => status(t, c, 'GET', `${INCIDENT_PATHS.list}?state=open`),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.raise,
    variant: 'with a photo',
    expected: STAFF,
    run: (t, c) => status(t, c, 'POST', INCIDENT_PATHS.raise, raiseDraft({ photos: [{ name: 'foto.png', dataUrl: PNG_1X1 }] })),
  },
  {
    method: 'GET',
    path: INCIDENT_PATHS.detail,
    variant: 'one of the condominium',
    expected: STAFF,
    run: async (t, c) => status(t, c, 'GET', incidentPath(await freshIncident(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: INCIDENT_PATHS.detail,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', incidentPath(await freshIncident(t.app.db, fixtures.bosque))),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.change,
    variant: 'attend',
    expected: STAFF,
    run: async (t, c) =>
      status(t, c, 'POST', incidentChangePath(await freshIncident(t.app.db, fixtures.palmas)), { version: 1, action: 'attend' }),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.change,
    variant: 'close',
    expected: LEADS,
    run: async (t, c) =>
      status(t, c, 'POST', incidentChangePath(await freshIncident(t.app.db, fixtures.palmas)), { version: 1, action: 'close' }),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.change,
    variant: 'turn into a request',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', incidentChangePath(await freshIncident(t.app.db, fixtures.palmas)), { version: 1, action: 'request' }),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.change,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) =>
      status(t, c, 'POST', incidentChangePath(await freshIncident(t.app.db, fixtures.bosque)), { version: 1, action: 'attend' }),
  },
  {
    method: 'GET',
    path: INCIDENT_PATHS.handovers,
    variant: 'the latest',
    expected: STAFF,
    run: (t, c) => status(t, c, 'GET', INCIDENT_PATHS.handovers),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.writeHandover,
    variant: 'notes',
    expected: SHIFT,
    run: (t, c) => status(t, c, 'POST', INCIDENT_PATHS.writeHandover, { notes: 'Todo en orden.' }),
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.readHandover,
    variant: 'someone else’s',
    expected: SHIFT,
    run: async (t, c) => {
      // Written by the administrator, so the guard and the supervisor read someone else's.
      const admin = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()
      ).id;
      return status(t, c, 'POST', readHandoverPath(await freshHandover(t, fixtures.palmas, admin)), {});
    },
  },
  {
    method: 'POST',
    path: INCIDENT_PATHS.readHandover,
    variant: 'another condominium’s',
    expected: ELSEWHERE_SHIFT,
    run: async (t, c) => status(t, c, 'POST', readHandoverPath(await freshHandover(t, fixtures.bosque, fixtures.guard)), {}),
  },
];

describe(`incidents matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.palmas = await condoIdOf(t.app.db, 'palmas');
    fixtures.bosque = await condoIdOf(t.app.db, 'bosque');
    fixtures.guard = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'guardia@demo.mx').executeTakeFirstOrThrow()
    ).id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract but the signed file link', () => {
    const paths = Object.values(INCIDENT_PATHS).filter((path) => path !== INCIDENT_PATHS.file);
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('serves an incident’s photo only behind a signed link', async () => {
    const res = await t.app.inject({ method: 'GET', url: api(`/--incidentes/archivo/1?exp=1&sig=${'0'.repeat(64)}`) });
    expect(res.statusCode).toBe(403);
  });
});
