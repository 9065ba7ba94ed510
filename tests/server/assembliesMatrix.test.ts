// Who may call what in assemblies (issue 32): every demo account and a caller without a session against every path
// of src/api/assemblies.ts. Administrators, the board and residents with a dwelling see assemblies; administrators
// manage them (the board only where the settings allow it, off in the demo); only administrators change the
// settings; another condominium's assembly is not found. Each acting cell starts from an assembly of its own. A
// contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSEMBLY_PATHS,
  assemblyAttendancePath,
  assemblyChangePath,
  assemblyConfirmPath,
  assemblyPath,
  assemblyPdfPath,
} from '../../src/api/assemblies';
import { assemblyDraft, condoIdOf, dwellingsOf, freshAssembly } from '../support/assembliesServerFixtures';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

/** Administrators, the board and residents (canSeeAssemblies); staff without a dwelling are refused. */
const SEE: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** Answering ahead: whoever has a dwelling (the demo's administrator and board member live in Las Palmas too). */
const CONFIRM: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** Another condominium's: unknown to those who see assemblies. */
const ELSEWHERE: Expected = [404, 404, 404, 403, 403, 403, 401, 401];
/** Managing another condominium's: the board and residents are refused before it is looked at. */
const ELSEWHERE_MANAGE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { palmas: 0, bosque: 0, dwelling: 0 };

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.list,
    variant: 'the list',
    expected: SEE,
    run: (t, c) => status(t, c, 'GET', ASSEMBLY_PATHS.list),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.create,
    variant: 'a draft',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', ASSEMBLY_PATHS.create, assemblyDraft()),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.settings,
    variant: 'read',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', ASSEMBLY_PATHS.settings),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.saveSettings,
    variant: 'saved as they are',
    expected: ADMIN_ONLY,
    run: (t, c) =>
      status(t, c, 'POST', ASSEMBLY_PATHS.saveSettings, {
        boardMayCall: false,
        ruleSet: 'cdmx',
        legalText: '',
        proxyLimit: 3,
        arrearsDays: 0,
        tenantsVote: false,
        minutesAudience: 'owners',
      }),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.detail,
    variant: 'one called',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', assemblyPath(await freshAssembly(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.detail,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', assemblyPath(await freshAssembly(t.app.db, fixtures.bosque))),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.change,
    variant: 'convene',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyChangePath(await freshAssembly(t.app.db, fixtures.palmas)), { version: 1, action: 'convene' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.change,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyChangePath(await freshAssembly(t.app.db, fixtures.bosque)), { version: 1, action: 'convene' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.confirm,
    variant: 'in person',
    expected: CONFIRM,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyConfirmPath(await freshAssembly(t.app.db, fixtures.palmas)), { answer: 'in_person' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.confirm,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyConfirmPath(await freshAssembly(t.app.db, fixtures.bosque)), { answer: 'in_person' }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.attendance,
    variant: 'an owner present',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyAttendancePath(await freshAssembly(t.app.db, fixtures.palmas, 'waiting')), {
        apartmentId: fixtures.dwelling,
        kind: 'owner',
        mode: 'in_person',
      }),
  },
  {
    method: 'POST',
    path: ASSEMBLY_PATHS.attendance,
    variant: 'another condominium’s',
    expected: ELSEWHERE_MANAGE,
    run: async (t, c) =>
      status(t, c, 'POST', assemblyAttendancePath(await freshAssembly(t.app.db, fixtures.bosque, 'waiting')), {
        apartmentId: fixtures.dwelling,
        kind: 'owner',
        mode: 'in_person',
      }),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.pdf,
    variant: 'the call',
    expected: SEE,
    run: async (t, c) => status(t, c, 'GET', assemblyPdfPath(await freshAssembly(t.app.db, fixtures.palmas))),
  },
  {
    method: 'GET',
    path: ASSEMBLY_PATHS.pdf,
    variant: 'another condominium’s',
    expected: ELSEWHERE,
    run: async (t, c) => status(t, c, 'GET', assemblyPdfPath(await freshAssembly(t.app.db, fixtures.bosque))),
  },
];

describe(`assemblies matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.palmas = await condoIdOf(t.app.db, 'palmas');
    fixtures.bosque = await condoIdOf(t.app.db, 'bosque');
    fixtures.dwelling = (await dwellingsOf(t.app.db, fixtures.palmas))[0]!.id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(ASSEMBLY_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
