// Who may call what among late fees' paths (recargos, issue 27): every demo account of DESIGN.md §6 and a caller
// without a session, against every path of src/api/lateFees.ts. Administrators only; another condominium's fee,
// dwelling or exemption is 404 for Las Palmas's administrator (nothing says it exists). A contract path without a
// row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { LATE_FEE_PATHS, lateFeePath } from '../../src/api/lateFees';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const CREATED: Expected = [201, 403, 403, 403, 403, 403, 401, 401];
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { palmas: 0, bosque: 0, fee: 0, bosqueFee: 0, bosqueDwelling: 0, bosqueExemption: 0, free: [] as number[] };

/** A Las Palmas dwelling no earlier cell exempted. */
const freeDwelling = () => fixtures.free.shift()!;

async function admin(t: TestApp) {
  return signInAs(t.app, 'admin@demo.mx');
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: LATE_FEE_PATHS.rule,
    variant: 'settings',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', LATE_FEE_PATHS.rule),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.rule,
    variant: 'save',
    expected: ADMIN_ONLY,
    run: (t, c) =>
      status(t, c, 'POST', LATE_FEE_PATHS.rule, {
        kind: 'porcentaje',
        amountCents: 0,
        percentBp: 200,
        graceDays: 10,
        capCents: 50_000,
        active: true,
      }),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.exemptions,
    variant: 'a dwelling of its own',
    expected: CREATED,
    run: (t, c) => status(t, c, 'POST', LATE_FEE_PATHS.exemptions, { apartmentId: freeDwelling(), reason: 'Matriz' }),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.exemptions,
    variant: "another condominium's dwelling",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', LATE_FEE_PATHS.exemptions, { apartmentId: fixtures.bosqueDwelling, reason: 'Matriz' }),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.removeExemption,
    variant: 'one of its own',
    expected: ADMIN_ONLY,
    async run(t, c) {
      const made = await call(t.app, 'POST', api(LATE_FEE_PATHS.exemptions), {
        token: await admin(t),
        payload: { apartmentId: freeDwelling(), reason: 'Para quitar' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { exemption: { id: number } }).exemption.id;
      return status(t, c, 'POST', lateFeePath(LATE_FEE_PATHS.removeExemption, id));
    },
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.removeExemption,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', lateFeePath(LATE_FEE_PATHS.removeExemption, fixtures.bosqueExemption)),
  },
  {
    method: 'GET',
    path: LATE_FEE_PATHS.list,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${LATE_FEE_PATHS.list}?limit=5`),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.waive,
    variant: 'a fee of its own',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', lateFeePath(LATE_FEE_PATHS.waive, fixtures.fee), { reason: 'Matriz' }),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.waive,
    variant: "another condominium's fee",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', lateFeePath(LATE_FEE_PATHS.waive, fixtures.bosqueFee), { reason: 'Matriz' }),
  },
  {
    method: 'POST',
    path: LATE_FEE_PATHS.apply,
    variant: 'now',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', LATE_FEE_PATHS.apply),
  },
];

describe(`late fees: who may call what (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const condo = async (subdomain: string) =>
      (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
    fixtures.palmas = await condo('palmas');
    fixtures.bosque = await condo('bosque');
    const applied = await call(t.app, 'POST', api(LATE_FEE_PATHS.apply), { token: await admin(t) });
    expect(applied.statusCode, applied.body).toBe(200);
    const fees = await db.selectFrom('late_fees').select('id').where('condo_id', '=', fixtures.palmas).orderBy('id').execute();
    fixtures.fee = fees[0]!.id;
    const dwellings = await db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', fixtures.palmas)
      .where('active', '=', 1)
      .orderBy('id')
      .limit(20)
      .execute();
    fixtures.free = dwellings.map((d) => d.id);
    // Torres del Bosque: a fee and an exemption of its own, written as its administrator would have them.
    fixtures.bosqueDwelling = (
      await db
        .selectFrom('apartments')
        .select('id')
        .where('condo_id', '=', fixtures.bosque)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    fixtures.bosqueFee = (
      await db
        .insertInto('late_fees')
        .values({
          condo_id: fixtures.bosque,
          apartment_id: fixtures.bosqueDwelling,
          period: '2026-01',
          base_cents: 100_000,
          amount_cents: 2_000,
          charge_id: null,
          created_at: now,
          waived_at: null,
          waived_by: null,
          waive_reason: null,
          waive_charge_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    fixtures.bosqueExemption = (
      await db
        .insertInto('late_fee_exemptions')
        .values({
          condo_id: fixtures.bosque,
          apartment_id: fixtures.bosqueDwelling,
          reason: 'Bosque',
          created_at: now,
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the late fees contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(LATE_FEE_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
