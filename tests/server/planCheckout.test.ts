// A plan bought through the product's own payment provider (issue 28, trial pay link; src/api/pricing.ts
// PRICING_PATHS.purchase and .checkout), through the API on SQLite and PostgreSQL: only an administrator of a
// condominium in trial (or expired) opens one, for the plans table's price (never the browser's); the sandbox's
// page pays it; the webhook is taken once; the condominium leaves the trial (active until the paid day, a
// subscription row, a history row, its administrators told); another condominium's checkout is 404; with no
// platform provider the page keeps the e-mail.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from '../../server/domain/checkout/providers/sandbox';
import { paidUntilOf } from '../../server/domain/pricing/planCheckouts';
import { appSecret } from '../../server/infra/secrets';
import { CHECKOUT_PATHS, SandboxCheckoutAnswer, sandboxCheckoutPath, sandboxOutcomePath } from '../../src/api/checkout';
import { ErrorAnswer } from '../../src/api/errors';
import {
  PLAN_CHECKOUT_REF,
  PlanCheckoutAnswer,
  PlansAnswer,
  PRICING_PATHS,
  planCheckoutPath,
  planResultPagePath,
} from '../../src/api/pricing';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const BOSQUE = 'Torres del Bosque';
const PALMAS = 'Residencial Las Palmas';
const PURCHASE = api(PRICING_PATHS.purchase);

let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`plan checkout (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let tokens: { admin: string; palmasAdmin: string; resident: string };
  let bosqueId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.app.db;
    bosqueId = (await db.selectFrom('condominiums').select('id').where('name', '=', BOSQUE).executeTakeFirstOrThrow()).id;
    const member = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .where('m.condo_id', '=', bosqueId)
      .where('m.is_admin', '=', 0)
      .where('m.active', '=', 1)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    tokens = {
      admin: await signInAs(t.app, 'admin@demo.mx', BOSQUE),
      palmasAdmin: await signInAs(t.app, 'admin@demo.mx', PALMAS),
      resident: await signInAs(t.app, member.email, BOSQUE),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const buy = (payload: object, token = tokens.admin) => call(t.app, 'POST', PURCHASE, { token, payload });
  const read = (id: number, token = tokens.admin) => call(t.app, 'GET', api(planCheckoutPath(id)), { token });

  it('tells the page the plans are paid online', async () => {
    const res = await call(t.app, 'GET', api(PRICING_PATHS.list));
    const body = res.json();
    assert(body, PlansAnswer);
    expect(body.payOnline).toBe(true);
  });

  it('refuses anyone but an administrator, and a condominium neither in trial nor expired', async () => {
    const payload = { plan: 'basico', period: 'mensual', clientId: newClientId() };
    expect((await call(t.app, 'POST', PURCHASE, { payload })).statusCode).toBe(401);
    expect((await buy(payload, tokens.resident)).statusCode).toBe(403);
    const active = await buy(payload, tokens.palmasAdmin);
    expect(active.statusCode).toBe(409);
    assert(active.json(), ErrorAnswer);
    expect(await t.app.db.selectFrom('plan_checkouts').select('id').execute()).toEqual([]);
  });

  it('takes the total from the plans table: a price from the browser is refused, an unknown plan is 400', async () => {
    const priced = await buy({ plan: 'basico', period: 'mensual', clientId: newClientId(), totalCents: 1 });
    expect(priced.statusCode).toBe(400);
    const unknown = await buy({ plan: 'no-existe', period: 'mensual', clientId: newClientId() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('plan');
  });

  it('opens the sandbox page for the plan; paid, the condominium leaves the trial, once', async () => {
    const clientId = newClientId();
    const res = await buy({ plan: 'profesional', period: 'anual', clientId });
    expect(res.statusCode).toBe(201);
    const opened = res.json();
    assert(opened, PlanCheckoutAnswer);
    const plan = await t.app.db
      .selectFrom('plans')
      .select('yearly_price_cents')
      .where('code', '=', 'profesional')
      .executeTakeFirstOrThrow();
    expect(opened.data).toMatchObject({
      plan: 'profesional',
      planName: 'Profesional',
      period: 'anual',
      state: 'creado',
      totalCents: Number(plan.yearly_price_cents),
      paidUntil: null,
    });
    const ref = opened.data.redirectUrl!.replace('/pago-sandbox/', '');
    expect(ref).toMatch(PLAN_CHECKOUT_REF);
    // The same press again answers the same checkout.
    const again = await buy({ plan: 'profesional', period: 'anual', clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(opened.data.id);
    // The same clientId for another plan is refused.
    expect((await buy({ plan: 'basico', period: 'anual', clientId })).statusCode).toBe(409);

    // The sandbox's page shows it, with the plan's result page to come back to.
    const page = await call(t.app, 'GET', api(sandboxCheckoutPath(ref)));
    expect(page.statusCode).toBe(200);
    const shown = page.json();
    assert(shown, SandboxCheckoutAnswer);
    expect(shown.data).toMatchObject({ totalCents: opened.data.totalCents, returnPath: planResultPagePath(opened.data.id) });

    expect((await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')))).statusCode).toBe(200);
    const paid = (await read(opened.data.id)).json();
    assert(paid, PlanCheckoutAnswer);
    const paidUntil = paidUntilOf('2025-06-02', 'anual');
    expect(paidUntil).toBe('2026-06-01');
    expect(paid.data).toMatchObject({ state: 'pagado', paidUntil, redirectUrl: null });
    const condo = await t.app.db
      .selectFrom('condominiums')
      .select(['status', 'end_subscription'])
      .where('id', '=', bosqueId)
      .executeTakeFirstOrThrow();
    expect(condo).toEqual({ status: 'A', end_subscription: paidUntil });
    const subscriptions = await t.app.db.selectFrom('subscriptions').selectAll().execute();
    expect(subscriptions).toMatchObject([
      { condo_id: bosqueId, plan_code: 'profesional', period: 'anual', paid_until: paidUntil },
    ]);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'subscription')
      .execute();
    expect(history).toHaveLength(1);
    expect(JSON.parse(history[0]!.after_json!)).toMatchObject({ status: 'A', paidUntil, total: opened.data.totalCents });
    const told = await t.app.db
      .selectFrom('notifications')
      .select(['user_id', 'title_id', 'props'])
      .where('modulo', '=', 'plan')
      .execute();
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]).toMatchObject({
      title_id: 'pricing.notify.paid.title',
      props: JSON.stringify({ planCheckoutId: opened.data.id }),
    });

    // The provider sends the paid event again (its retry): taken once, nothing more written.
    const raw = JSON.stringify({
      id: 'evt_again',
      type: 'payment.succeeded',
      data: { ref, amount: opened.data.totalCents, method: 'tarjeta', failure: null },
    });
    const secret = await appSecret(t.app.db, t.app.clock, 'checkout-sandbox-webhook');
    const send = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: api(CHECKOUT_PATHS.webhook.replace(':provider', 'sandbox')),
        payload: body,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      });
    const repeated = await send(raw, signSandboxEvent(secret, raw, clock.now()));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().outcome).toBe('repetido');
    expect(await t.app.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    // A plan's event signed with anything else is refused.
    expect((await send(raw, signSandboxEvent(Buffer.alloc(32), raw, clock.now()))).statusCode).toBe(400);
    // The sandbox's buttons are settled now.
    expect((await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')))).statusCode).toBe(409);

    // Another condominium's administrator does not find it; a resident may not read it.
    expect((await read(opened.data.id, tokens.palmasAdmin)).statusCode).toBe(404);
    expect((await read(opened.data.id, tokens.resident)).statusCode).toBe(403);

    // Active now, the condominium buys no second plan here.
    const later = await buy(
      { plan: 'basico', period: 'mensual', clientId: newClientId() },
      await signInAs(t.app, 'admin@demo.mx', BOSQUE),
    );
    expect(later.statusCode).toBe(409);
  });

  it('counts a month to the day before the same date next month, clamped to its length', () => {
    expect(paidUntilOf('2025-06-02', 'mensual')).toBe('2025-07-01');
    expect(paidUntilOf('2025-01-31', 'mensual')).toBe('2025-02-27');
    expect(paidUntilOf('2024-02-29', 'anual')).toBe('2025-02-27');
  });
});

describe(`plan checkout without a platform provider (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date('2025-06-02T18:00:00Z')), env: { PLATFORM_PAYMENT_PROVIDER: 'none' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the e-mail: the page is told, and buying is refused', async () => {
    const body = (await call(t.app, 'GET', api(PRICING_PATHS.list))).json();
    assert(body, PlansAnswer);
    expect(body.payOnline).toBe(false);
    const token = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
    const res = await call(t.app, 'POST', PURCHASE, {
      token,
      payload: { plan: 'basico', period: 'mensual', clientId: newClientId() },
    });
    expect(res.statusCode).toBe(409);
  });
});
