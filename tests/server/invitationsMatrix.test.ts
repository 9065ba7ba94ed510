// Every route of src/api/invitations.ts × every demo role and nobody (tests/support/routeMatrix.ts), each cell
// a fresh call on fresh rows; then every route as the administrator of another condominium, whose ids of Las
// Palmas are not found. The /--configuracion routes are for administrators (canManagePeople) and refuse the
// others before reading the body; the two link routes are public.
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_PATHS } from '../../src/api/invitations';
import { api } from '../support/http';
import { dwellingId, freshEmail, insertAccessRequest, insertInvitation, residencyOf } from '../support/invitationServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const ADMIN_CREATES: Expected = [201, 403, 403, 403, 403, 403, 401, 401];
const ADMIN_BAD_BODY: Expected = [400, 403, 403, 403, 403, 403, 401, 401];
const ANYONE: Expected = [200, 200, 200, 200, 200, 200, 200, 200];

const get = (path: string): RouteCase => ({
  method: 'GET',
  path,
  variant: 'list',
  expected: ADMIN_ONLY,
  run: async (t, caller) => (await call(t.app, 'GET', api(path), { token: caller.token })).statusCode,
});

const post = (path: string, variant: string, expected: Expected, payload: (t: TestApp) => Promise<object>): RouteCase => ({
  method: 'POST',
  path,
  variant,
  expected,
  run: async (t, caller) => (await call(t.app, 'POST', api(path), { token: caller.token, payload: await payload(t) })).statusCode,
});

/** A residency of vecino052 in a dwelling of their own for this cell. */
async function freshResidency(t: TestApp): Promise<number> {
  const membership = await residencyOf(t.app.db, 'vecino052@demo.mx');
  await t.app.db.updateTable('memberships').set({ active: 1 }).where('id', '=', membership.membershipId).execute();
  const apartmentId = await dwellingId(t.app.db, 'Torre A', '1004');
  await t.app.db
    .deleteFrom('residencies')
    .where('membership_id', '=', membership.membershipId)
    .where('apartment_id', '=', apartmentId)
    .execute();
  const { id } = await t.app.db
    .insertInto('residencies')
    .values({ membership_id: membership.membershipId, apartment_id: apartmentId, kind: 'tenant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const ROUTES: RouteCase[] = [
  get(INVITATIONS_PATHS.residents),
  get(INVITATIONS_PATHS.dwellings),
  get(INVITATIONS_PATHS.invitations),
  get(INVITATIONS_PATHS.accessRequests),
  post(INVITATIONS_PATHS.invite, 'a new e-mail', ADMIN_CREATES, async (t) => ({
    email: freshEmail(),
    name: 'Persona',
    ApmtId: await dwellingId(t.app.db, 'Torre A', '1005'),
    kind: 'owner',
    roles: [],
  })),
  post(INVITATIONS_PATHS.invite, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.resend, 'a pending one', ADMIN_ONLY, async (t) => ({ id: (await insertInvitation(t.app.db)).id })),
  post(INVITATIONS_PATHS.resend, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.revoke, 'a pending one', ADMIN_ONLY, async (t) => ({ id: (await insertInvitation(t.app.db)).id })),
  post(INVITATIONS_PATHS.revoke, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.moveOut, 'a residency', ADMIN_ONLY, async (t) => ({ residencyId: await freshResidency(t) })),
  post(INVITATIONS_PATHS.moveOut, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.approve, 'a pending request', ADMIN_ONLY, async (t) => ({
    id: await insertAccessRequest(t.app.db),
    ApmtId: await dwellingId(t.app.db, 'Torre A', '1006'),
    kind: 'tenant',
  })),
  post(INVITATIONS_PATHS.approve, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.reject, 'a pending request', ADMIN_ONLY, async (t) => ({
    id: await insertAccessRequest(t.app.db),
    mensaje: 'No es posible.',
  })),
  post(INVITATIONS_PATHS.reject, 'no body', ADMIN_BAD_BODY, async () => ({})),
  post(INVITATIONS_PATHS.info, 'a working link', ANYONE, async (t) => ({ token: (await insertInvitation(t.app.db)).token })),
  post(INVITATIONS_PATHS.accept, 'a working link', ANYONE, async (t) => ({
    token: (await insertInvitation(t.app.db)).token,
    password: 'Nueva2026x',
  })),
];

describe(`invitations route matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  walkMatrix(() => t, ROUTES);

  it('every path of the contract is in the matrix', () => {
    const covered = new Set(ROUTES.map((r) => r.path));
    expect(Object.values(INVITATIONS_PATHS).filter((p) => !covered.has(p))).toEqual([]);
  });

  // Another condominium's administrator: their own lists, Las Palmas' ids not found, the public links as anyone.
  const OTHER_CONDO: Record<string, number> = {
    [`GET ${INVITATIONS_PATHS.residents} (list)`]: 200,
    [`GET ${INVITATIONS_PATHS.dwellings} (list)`]: 200,
    [`GET ${INVITATIONS_PATHS.invitations} (list)`]: 200,
    [`GET ${INVITATIONS_PATHS.accessRequests} (list)`]: 200,
    [`POST ${INVITATIONS_PATHS.invite} (a new e-mail)`]: 404,
    [`POST ${INVITATIONS_PATHS.invite} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.resend} (a pending one)`]: 404,
    [`POST ${INVITATIONS_PATHS.resend} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.revoke} (a pending one)`]: 404,
    [`POST ${INVITATIONS_PATHS.revoke} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.moveOut} (a residency)`]: 404,
    [`POST ${INVITATIONS_PATHS.moveOut} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.approve} (a pending request)`]: 404,
    [`POST ${INVITATIONS_PATHS.approve} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.reject} (a pending request)`]: 404,
    [`POST ${INVITATIONS_PATHS.reject} (no body)`]: 400,
    [`POST ${INVITATIONS_PATHS.info} (a working link)`]: 200,
    [`POST ${INVITATIONS_PATHS.accept} (a working link)`]: 200,
  };
  it.each(ROUTES.map((r) => [`${r.method} ${r.path} (${r.variant})`, r] as const))(
    "%s as another condominium's administrator",
    async (name, route) => {
      const token = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
      expect(await route.run(t, { row: 'admin', token })).toBe(OTHER_CONDO[name]);
    },
  );
});
