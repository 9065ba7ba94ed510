// A plan bought through the product's own Stripe account (PLATFORM_PAYMENT_PROVIDER=stripe; issue 28, trial pay
// link), on SQLite and PostgreSQL, without the network: the official SDK talks to the local stand-in for
// api.stripe.com (tests/support/stripeFake.ts). The hosted session is made with the platform's key, for the plans
// table's price in MXN, our plan reference and the plan's result page; the paid event, signed with the
// platform's signing secret, makes the condominium active once; the same event signed with anything else (a
// condominium's secret) is 400 and changes nothing.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookPath } from '../../src/api/checkout';
import {
  PLAN_CHECKOUT_REF,
  PlanCheckoutAnswer,
  PRICING_PATHS,
  planCheckoutPath,
  planResultPagePath,
} from '../../src/api/pricing';
import { api } from '../support/http';
import { type StripeFake, sessionEvent, startStripeFake, stripeSignature } from '../support/stripeFake';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const BOSQUE = 'Torres del Bosque';
const PLATFORM_KEY = 'sk_test_51PlatformSecretKeyAbCdEfGh0123456789xyz';
const PLATFORM_WHSEC = 'whsec_PlatformSigningSecret0123456789abcdEF';
const OTHER_WHSEC = 'whsec_SomeCondominiumsSecret9876543210ZYXwv';

describe(`plan checkout through the platform's Stripe account (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let fake: StripeFake;
  let admin = '';
  let bosqueId = 0;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({
      clock,
      env: {
        PAYMENT_PROVIDER_API_BASE: fake.base,
        PLATFORM_PAYMENT_PROVIDER: 'stripe',
        PLATFORM_STRIPE_SECRET_KEY: PLATFORM_KEY,
        PLATFORM_STRIPE_WEBHOOK_SECRET: PLATFORM_WHSEC,
      },
    });
    bosqueId = (await t.app.db.selectFrom('condominiums').select('id').where('name', '=', BOSQUE).executeTakeFirstOrThrow()).id;
    admin = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const deliver = (payload: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: api(webhookPath('stripe')),
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret, clock.now()) },
    });
  const condo = () =>
    t.app.db
      .selectFrom('condominiums')
      .select(['status', 'end_subscription'])
      .where('id', '=', bosqueId)
      .executeTakeFirstOrThrow();

  it('opens a hosted session with the platform key for the plan’s price; only the platform’s signature pays it, once', async () => {
    const before = await condo();
    const res = await call(t.app, 'POST', api(PRICING_PATHS.purchase), {
      token: admin,
      payload: { plan: 'basico', period: 'mensual', clientId: '00000000-0000-4000-8000-000000000001' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const opened = res.json();
    assert(opened, PlanCheckoutAnswer);
    const price = await t.app.db
      .selectFrom('plans')
      .select('monthly_price_cents')
      .where('code', '=', 'basico')
      .executeTakeFirstOrThrow();
    expect(opened.data.totalCents).toBe(Number(price.monthly_price_cents));

    // The session: our key, our amount in MXN, our plan reference, the plan's result page to come back to.
    const created = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    expect(created[0]!.authorization).toBe(`Bearer ${PLATFORM_KEY}`);
    expect(created[0]!.form).toMatchObject({
      'line_items[0][price_data][currency]': 'mxn',
      'line_items[0][price_data][unit_amount]': String(opened.data.totalCents),
    });
    const session = [...fake.sessions.values()][0]!;
    expect(String(session.client_reference_id)).toMatch(PLAN_CHECKOUT_REF);
    expect(opened.data.redirectUrl).toBe(session.url);
    expect(created[0]!.form.success_url).toContain(planResultPagePath(opened.data.id));

    // Paid, but signed with a condominium's secret: refused, nothing changes.
    const paid = sessionEvent('checkout.session.completed', session, { payment_status: 'paid', status: 'complete' });
    expect((await deliver(paid, OTHER_WHSEC)).statusCode).toBe(400);
    expect(await condo()).toEqual(before);

    // Signed with the platform's: the condominium is active until the paid day; the retry is taken once.
    const taken = await deliver(paid, PLATFORM_WHSEC);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await condo()).toEqual({ status: 'A', end_subscription: '2025-07-01' });
    const read = (await call(t.app, 'GET', api(planCheckoutPath(opened.data.id)), { token: admin })).json();
    assert(read, PlanCheckoutAnswer);
    expect(read.data).toMatchObject({ state: 'pagado', paidUntil: '2025-07-01' });
    const again = await deliver(paid, PLATFORM_WHSEC);
    expect(again.json().outcome).toBe('repetido');
    expect(await t.app.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
  });
});
