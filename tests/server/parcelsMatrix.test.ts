// Who may call what in parcels (issue 26): every demo account and a caller without a session against every path
// of src/api/parcels.ts. The gate's calls are for administrators and gate staff holding the pass check (guardia,
// supervisor); a member's own list for any member; another condominium's parcel is not found. Each cell that hands
// a parcel over starts from a parcel of its own. A contract path without a row here fails the suite.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_CODE_SCHEME, pickupCoder } from '../../server/domain/parcels/pickupCode';
import { handOverWithCodePath, handOverWithSignaturePath, PARCEL_PATHS } from '../../src/api/parcels';
import { api } from '../support/http';
import { anyDwellingOf, arrivalDraft, condoId, dwellingId, PNG_1X1 } from '../support/parcelServerFixtures';
import { type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

/** Administrators, and guards and supervisors with the pass check (canUseGate). */
const GATE: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
/** Any member of the condominium. */
const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];
/** Another condominium's parcel: refused before it is looked at for whoever is not gate staff, unknown to the rest. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 404, 404, 401, 401];

const fixtures = { palmas: 0, bosque: 0, a101: 0, bosqueDwelling: 0 };

/** A parcel waiting in the condominium, written straight in; answers its id and pickup code. */
async function freshParcel(t: TestApp, condo: number, apartmentId: number): Promise<{ id: number; code: string }> {
  const clientId = randomUUID();
  const coded = { condo_id: condo, client_id: clientId };
  const code = (await pickupCoder(t.app.db, t.app.clock))(coded);
  const row = await t.app.db
    .insertInto('parcels')
    .values({
      condo_id: condo,
      client_id: clientId,
      apartment_id: apartmentId,
      carrier: 'DHL',
      size: 'chico',
      pickup_code_hash: PICKUP_CODE_SCHEME,
      status: 'waiting',
      arrived_at: t.app.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: PARCEL_PATHS.dwellings,
    variant: 'the dwellings',
    expected: GATE,
    run: (t, c) => status(t, c, 'GET', PARCEL_PATHS.dwellings),
  },
  {
    method: 'POST',
    path: PARCEL_PATHS.arrive,
    variant: 'an arrival',
    expected: GATE,
    run: (t, c) => status(t, c, 'POST', PARCEL_PATHS.arrive, arrivalDraft(fixtures.a101)),
  },
  {
    method: 'GET',
    path: PARCEL_PATHS.waiting,
    variant: 'the waiting list',
    expected: GATE,
    run: (t, c) => status(t, c, 'GET', `${PARCEL_PATHS.waiting}?q=torre`),
  },
  {
    method: 'POST',
    path: PARCEL_PATHS.handOverWithCode,
    variant: 'the right code',
    expected: GATE,
    run: async (t, c) => {
      const parcel = await freshParcel(t, fixtures.palmas, fixtures.a101);
      return status(t, c, 'POST', handOverWithCodePath(parcel.id), { code: parcel.code });
    },
  },
  {
    method: 'POST',
    path: PARCEL_PATHS.handOverWithCode,
    variant: 'another condominium’s parcel',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const parcel = await freshParcel(t, fixtures.bosque, fixtures.bosqueDwelling);
      return status(t, c, 'POST', handOverWithCodePath(parcel.id), { code: parcel.code });
    },
  },
  {
    method: 'POST',
    path: PARCEL_PATHS.handOverWithSignature,
    variant: 'a signature',
    expected: GATE,
    run: async (t, c) => {
      const parcel = await freshParcel(t, fixtures.palmas, fixtures.a101);
      return status(t, c, 'POST', handOverWithSignaturePath(parcel.id), { signature: PNG_1X1, collectedByName: 'Rosa' });
    },
  },
  {
    method: 'POST',
    path: PARCEL_PATHS.handOverWithSignature,
    variant: 'another condominium’s parcel',
    expected: ELSEWHERE,
    run: async (t, c) => {
      const parcel = await freshParcel(t, fixtures.bosque, fixtures.bosqueDwelling);
      return status(t, c, 'POST', handOverWithSignaturePath(parcel.id), { signature: PNG_1X1, collectedByName: 'Rosa' });
    },
  },
  {
    method: 'GET',
    path: PARCEL_PATHS.mine,
    variant: 'one’s own parcels',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', PARCEL_PATHS.mine),
  },
];

describe(`parcels matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fixtures.palmas = await condoId(t.app.db, 'palmas');
    fixtures.bosque = await condoId(t.app.db, 'bosque');
    fixtures.a101 = await dwellingId(t.app.db, 'Torre A/101');
    fixtures.bosqueDwelling = await anyDwellingOf(t.app.db, 'bosque');
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract but the signed file link', () => {
    const paths = Object.values(PARCEL_PATHS).filter((path) => path !== PARCEL_PATHS.file);
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('serves a parcel’s file only behind a signed link', async () => {
    const res = await t.app.inject({ method: 'GET', url: api(`/--paqueteria/archivo/1?exp=1&sig=${'0'.repeat(64)}`) });
    expect(res.statusCode).toBe(403);
  });
});
