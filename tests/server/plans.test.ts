// GET /api/--planes/list: the pricing page's plans, public, active ones by position, money in MXN cents;
// the demo plans (server/db/seed/plans.ts), reloaded by resetAndSeed; migration 0003's down and up.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index';
import { resetAndSeed } from '../../server/db/seed/demo';
import { parseFeatures } from '../../server/domain/pricing/plans';
import { featureIsLive, isPlanFeature } from '../../src/api/modules';
import { PlansAnswer, PRICING_PATHS } from '../../src/api/pricing';
import { ownTables } from '../support/ownTables';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';
import { openTestDatabase, type TestDatabase } from '../support/testDatabase';

const URL = `/api${PRICING_PATHS.list}`;

describe(`plans (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  async function plans(token?: string): Promise<PlansAnswer> {
    const res = await call(t.app, 'GET', URL, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, PlansAnswer);
    return body;
  }

  it('answers a visitor with no session the three demo plans, in order, priced in MXN cents', async () => {
    const answer = await plans();
    expect(answer.plans.map((p) => [p.code, p.name])).toEqual([
      ['basico', 'Básico'],
      ['profesional', 'Profesional'],
      ['corporativo', 'Corporativo'],
    ]);
    const [basico, profesional, corporativo] = answer.plans;
    expect(basico).toMatchObject({ monthlyPrice: 99_000, yearlyPrice: 990_000, currency: 'MXN', maxDwellings: 50 });
    expect(profesional).toMatchObject({ monthlyPrice: 249_000, yearlyPrice: 2_490_000, maxDwellings: 300 });
    expect(corporativo).toMatchObject({ monthlyPrice: 599_000, yearlyPrice: 5_990_000, maxDwellings: null });
    for (const plan of answer.plans) {
      expect(Number.isInteger(plan.monthlyPrice)).toBe(true);
      // Yearly billing is cheaper than twelve months.
      expect(plan.yearlyPrice).toBeLessThan(plan.monthlyPrice * 12);
      expect(plan.features.length).toBeGreaterThanOrEqual(3);
      expect(plan.description).not.toBe('');
      // Only what the product does today (src/api/modules.ts): no rounds or assemblies yet.
      for (const feature of plan.features) expect(isPlanFeature(feature) && featureIsLive(feature), feature).toBe(true);
    }
    expect(basico?.features).toContain('emailSupport');
    expect(profesional?.features).toContain('collections');
    // The support chat is live (issue 30): the Profesional plan sells it.
    expect(profesional?.features).toContain('chatSupport');
    expect(corporativo?.features).toContain('invoicing');
    expect(corporativo?.features).not.toContain('rounds');
  });

  it('answers a signed-in member and a caller with an unknown token the same list', async () => {
    const visitor = await plans();
    expect(await plans(await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque'))).toEqual(visitor);
    expect(await plans(await signInAs(t.app, 'residente@demo.mx'))).toEqual(visitor);
    expect(await plans('NoEmitidoPorElServidor_0123456789abcdef')).toEqual(visitor);
  });

  it('leaves out inactive plans and follows position, then id', async () => {
    const base = {
      description: 'Prueba',
      monthly_price_cents: 1_000,
      yearly_price_cents: 10_000,
      currency: 'MXN',
      max_dwellings: 10,
      created_at: clock.now().toISOString(),
    };
    await t.app.db
      .insertInto('plans')
      .values([
        { ...base, code: 'retirado', name: 'Retirado', features: '["Viejo"]', position: 0, active: 0 },
        { ...base, code: 'primero', name: 'Primero', features: '["Uno", 2, null, "rounds", "polls"]', position: 0, active: 1 },
        { ...base, code: 'empate', name: 'Empate', features: 'no es JSON', position: 2, active: 1 },
        { ...base, code: 'dolares', name: 'En dólares', features: '[]', position: 4, active: 1, currency: 'USD' },
      ])
      .execute();
    try {
      const answer = await plans();
      expect(answer.plans.map((p) => p.code)).toEqual(['primero', 'basico', 'profesional', 'empate', 'corporativo']);
      // Only the strings of the feature list; a broken list is an empty one, not a failure.
      // An operator's own text stays; a feature whose module is not live (rounds) is left out.
      expect(answer.plans[0]?.features).toEqual(['Uno', 'polls']);
      expect(answer.plans[3]?.features).toEqual([]);
    } finally {
      await t.app.db.deleteFrom('plans').where('code', 'in', ['retirado', 'primero', 'empate', 'dolares']).execute();
    }
  });

  it('is reloaded by resetAndSeed: the same three plans, whatever was added', async () => {
    const before = await plans();
    await t.app.db
      .insertInto('plans')
      .values({
        code: 'extra',
        name: 'Extra',
        description: 'x',
        monthly_price_cents: 1,
        yearly_price_cents: 10,
        currency: 'MXN',
        max_dwellings: null,
        features: '[]',
        position: 9,
        active: 1,
        created_at: clock.now().toISOString(),
      })
      .execute();
    expect((await plans()).plans).toHaveLength(4);
    await resetAndSeed(t.app.db, { clock, scryptLogN: 10 });
    expect(await plans()).toEqual(before);
    const ids = await t.app.db.selectFrom('plans').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe(`migration 0003_plans (${dialect})`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  async function hasPlans(): Promise<boolean> {
    return (await ownTables(db.handle.db as never)).some((table) => table.name === 'plans');
  }

  it('comes after 0002, creates the plans table, drops it going down, and creates it again', async () => {
    // Its own up and down, whatever later migrations there are.
    const names = Object.keys(migrations);
    expect(names.indexOf('0003_plans')).toBe(names.indexOf('0002_account') + 1);
    const handle = db.handle.db;
    expect(await hasPlans()).toBe(true);
    const columns = (await ownTables(handle as never)).find((table) => table.name === 'plans')?.columns;
    expect(columns?.find((c) => c.name === 'max_dwellings')?.isNullable).toBe(true);
    expect(columns?.find((c) => c.name === 'monthly_price_cents')?.isNullable).toBe(false);

    await migrations['0003_plans']!.down!(handle);
    expect(await hasPlans()).toBe(false);
    await migrations['0003_plans']!.up(handle);
    expect(await hasPlans()).toBe(true);
  });

  it('refuses two plans with the same code', async () => {
    const row = {
      code: 'doble',
      name: 'Doble',
      description: 'x',
      monthly_price_cents: 1,
      yearly_price_cents: 10,
      currency: 'MXN',
      max_dwellings: null,
      features: '[]',
      position: 1,
      active: 1 as const,
      created_at: '2025-01-01T00:00:00.000Z',
    };
    await db.handle.db.insertInto('plans').values(row).execute();
    await expect(db.handle.db.insertInto('plans').values(row).execute()).rejects.toThrow();
  });
});

describe('parseFeatures', () => {
  it('keeps the strings of a JSON array and nothing else', () => {
    expect(parseFeatures('["a","b"]')).toEqual(['a', 'b']);
    expect(parseFeatures('[1,"a",{}]')).toEqual(['a']);
    expect(parseFeatures('{"a":1}')).toEqual([]);
    expect(parseFeatures('')).toEqual([]);
  });
});
