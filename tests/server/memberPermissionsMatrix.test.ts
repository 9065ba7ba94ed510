// Who may call the permissions tab (issue 16): every demo role and a caller without a session against every
// path of src/api/memberPermissions.ts, on a Las Palmas membership and on one of Torres del Bosque (404 for
// Las Palmas's administrator: nothing says it exists), and then Torres del Bosque's administrator against Las
// Palmas's memberships. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PERMISSIONS_PATHS, type MemberPermissions } from '../../src/api/memberPermissions';
import { api } from '../support/http';
import { membershipOf } from '../support/memberPermissionsServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** Another condominium's membership: 404 for the administrator, the role refusal for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { palmasGuard: 0, bosqueMember: 0, admin: '', bosqueAdmin: '', read: null as MemberPermissions | null };

/** The guard's set as read now (each save cell sends it unchanged with its current version). */
async function current(t: TestApp, membershipId: number, token = fixtures.admin): Promise<MemberPermissions> {
  const res = await call(t.app, 'GET', api(MEMBER_PERMISSIONS_PATHS.member(membershipId)), { token });
  return (res.json() as { miembro: MemberPermissions }).miembro;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: MEMBER_PERMISSIONS_PATHS.list,
    variant: 'the members',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${MEMBER_PERMISSIONS_PATHS.list}?rol=staff`),
  },
  {
    method: 'GET',
    path: MEMBER_PERMISSIONS_PATHS.member(':membershipId'),
    variant: 'a Las Palmas membership',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', MEMBER_PERMISSIONS_PATHS.member(fixtures.palmasGuard)),
  },
  {
    method: 'GET',
    path: MEMBER_PERMISSIONS_PATHS.member(':membershipId'),
    variant: 'a Torres del Bosque membership',
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', MEMBER_PERMISSIONS_PATHS.member(fixtures.bosqueMember)),
  },
  {
    method: 'POST',
    path: MEMBER_PERMISSIONS_PATHS.save,
    variant: 'a Las Palmas membership, unchanged',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const read = await current(t, fixtures.palmasGuard);
      return status(t, c, 'POST', MEMBER_PERMISSIONS_PATHS.save, {
        membershipId: fixtures.palmasGuard,
        version: read.version,
        set: read.set,
      });
    },
  },
  {
    method: 'POST',
    path: MEMBER_PERMISSIONS_PATHS.save,
    variant: 'a Torres del Bosque membership',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const read = await current(t, fixtures.bosqueMember, fixtures.bosqueAdmin);
      return status(t, c, 'POST', MEMBER_PERMISSIONS_PATHS.save, {
        membershipId: fixtures.bosqueMember,
        version: read.version,
        set: read.set,
      });
    },
  },
];

describe(`permissions tab permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    fixtures.palmasGuard = await membershipOf(t.app.db, 'guardia@demo.mx');
    fixtures.bosqueMember = await membershipOf(t.app.db, 'admin@demo.mx', 'bosque');
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract', () => {
    const paths = Object.values(MEMBER_PERMISSIONS_PATHS).map((p) => (typeof p === 'function' ? p(':membershipId') : p));
    expect([...new Set(ROUTES.map((r) => r.path))].sort()).toEqual(paths.sort());
  });

  it("gives another condominium's administrator nothing of Las Palmas's memberships", async () => {
    const read = await current(t, fixtures.palmasGuard);
    const bosque = fixtures.bosqueAdmin;
    expect(
      (await call(t.app, 'GET', api(MEMBER_PERMISSIONS_PATHS.member(fixtures.palmasGuard)), { token: bosque })).statusCode,
    ).toBe(404);
    const save = await call(t.app, 'POST', api(MEMBER_PERMISSIONS_PATHS.save), {
      token: bosque,
      payload: { membershipId: fixtures.palmasGuard, version: read.version, set: read.set },
    });
    expect(save.statusCode).toBe(404);
    const list = await call(t.app, 'GET', api(`${MEMBER_PERMISSIONS_PATHS.list}?limit=100`), { token: bosque });
    const emails = (list.json() as { miembros: { email: string }[] }).miembros.map((m) => m.email);
    expect(emails).not.toContain('guardia@demo.mx');
    expect(emails).toContain('admin@demo.mx');
  });
});
