// Cargos automáticos through Stripe México (issue 27) on SQLite and PostgreSQL, against the local stand-in for
// api.stripe.com (tests/support/stripeFake.ts): a card kept on Pagar becomes a Checkout Session on the member's
// Customer with setup_future_usage off_session, and the paid session's webhook keeps its PaymentMethod (read with
// expand[]=payment_method); the daily run charges it off session with the run's idempotency key (succeeded, or
// card_declined recorded with Stripe's words); a charge Stripe answers "processing" stays pending until its
// payment_intent.succeeded event settles it, once; a Checkout Session's own intent events are not read.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCardCharger } from '../../server/domain/checkout/savedCardCharges';
import { runRecurringCharges } from '../../server/domain/recurringCharges/jobs';
import { CHECKOUT_PATHS, CheckoutAnswer, type PaymentSettingsDraft, webhookPath } from '../../src/api/checkout';
import { api } from '../support/http';
import { withoutDemoSavedCards } from '../support/savedCardFixtures';
import {
  intentEvent,
  type StripeFake,
  savedCardIntent,
  sessionEvent,
  startStripeFake,
  stripeSignature,
} from '../support/stripeFake';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const SETTINGS = api(CHECKOUT_PATHS.settings);
const WEBHOOK = api(webhookPath('stripe'));
const PALMAS_KEY = 'sk_test_51PalmasSecretKeyAbCdEfGh0123456789wxyz';
const PALMAS_WHSEC = 'whsec_PalmasSigningSecret0123456789abcdEF';

describe(`automatic charges through Stripe (${dialect})`, () => {
  // 10:00 in Mexico City on 10 November.
  const clock = testClock(new Date('2026-11-10T16:00:00Z'));
  let t: TestApp;
  let fake: StripeFake;
  let token = '';
  let dwelling = 0;
  let userId = 0;
  let charge: ReturnType<typeof savedCardCharger>;
  const run = () => t.app.db.transaction().execute((trx) => runRecurringCharges(trx, clock, charge, null));
  const today = () => new Date(clock.now().getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, PALMAS_WHSEC, clock.now()) },
    });
  const chargeDueToday = (amountCents: number) =>
    t.app.db
      .insertInto('dwelling_charges')
      .values({
        condo_id: 1,
        apartment_id: dwelling,
        concept: `Cuota ${today()}`,
        charged_on: today(),
        due_on: today(),
        amount_cents: amountCents,
      })
      .execute();
  const lastRun = () =>
    t.app.db
      .selectFrom('recurring_charge_runs')
      .selectAll()
      .where('apartment_id', '=', dwelling)
      .where('kind', '=', 'cargo')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const checkoutOf = (id: number) => t.app.db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('dwelling_payments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const setToken = (value: string) =>
    t.app.db
      .updateTable('saved_cards')
      .set({ token: value })
      .where('user_id', '=', userId)
      .where('removed_at', 'is', null)
      .execute();

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({ clock, env: { PAYMENT_PROVIDER_API_BASE: fake.base } });
    // The demo's own saved cards would be charged too as the clock moves (tests/support/savedCardFixtures.ts).
    await withoutDemoSavedCards(t.app.db);
    charge = savedCardCharger({ sandbox: t.app.config.paymentSandbox, apiBase: fake.base });
    const admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    token = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    const row = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['r.apartment_id', 'u.id'])
      .where('u.email', '=', 'vecino086@demo.mx')
      .where('m.condo_id', '=', 1)
      .orderBy('r.apartment_id')
      .executeTakeFirstOrThrow();
    dwelling = row.apartment_id;
    userId = row.id;
    const read = await call(t.app, 'GET', SETTINGS, { token: admin });
    const { settings } = read.json().data as { settings: PaymentSettingsDraft };
    const saved = await call(t.app, 'POST', SETTINGS, {
      token: admin,
      payload: { ...settings, provider: 'stripe', enabled: true, secretKey: PALMAS_KEY, webhookSecret: PALMAS_WHSEC },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('keeps the card of a paid session that asked to, on the member’s Customer, from its expanded PaymentMethod', async () => {
    const res = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token,
      payload: {
        ApartmentId: dwelling,
        method: 'tarjeta',
        amountCents: 20_000,
        clientId: '00000000-0000-4000-8000-000000000001',
        saveCard: { monto: '9999999' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    assert(res.json(), CheckoutAnswer);
    // The member's Customer, made once and kept.
    expect(fake.calls.filter((c) => c.path === '/v1/customers')).toHaveLength(1);
    const [customer] = [...fake.customers.keys()];
    const kept = await t.app.db.selectFrom('provider_customers').selectAll().where('user_id', '=', userId).execute();
    expect(kept.map((c) => [c.provider, c.customer])).toEqual([['stripe', customer]]);
    const session = [...fake.sessions.values()].at(-1)!;
    const sent = fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(sent).toMatchObject({ customer, 'payment_intent_data[setup_future_usage]': 'off_session' });

    fake.intents.set('pi_saved_0001', savedCardIntent('pi_saved_0001', 'pm_card_mc4444', customer!));
    const paid = await deliver(
      sessionEvent('checkout.session.completed', session, {
        payment_status: 'paid',
        status: 'complete',
        payment_intent: 'pi_saved_0001',
        customer,
      }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().outcome).toBe('aplicado');
    const read = fake.calls.filter((c) => c.path === '/v1/payment_intents/pi_saved_0001').at(-1)!;
    expect(read.query['expand[0]']).toBe('payment_method');
    const cards = await t.app.db.selectFrom('saved_cards').selectAll().where('user_id', '=', userId).execute();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      provider: 'stripe',
      token: 'pm_card_mc4444',
      customer,
      brand: 'mastercard',
      last4: '4444',
      exp: '03/31',
      removed_at: null,
    });
    const recurring = await t.app.db
      .selectFrom('recurring_charges')
      .selectAll()
      .where('saved_card_id', '=', cards[0]!.id)
      .executeTakeFirstOrThrow();
    expect(recurring).toMatchObject({ monto_cents: 999_999_900, metodo_pago: 'Mastercard •••• 4444' });
  });

  it('charges the saved card off session with the run’s idempotency key, and writes the payment', async () => {
    await chargeDueToday(30_000);
    const before = await count();
    expect((await run()).paid).toBe(1);
    const made = fake.calls.filter((c) => c.path === '/v1/payment_intents' && c.method === 'POST').at(-1)!;
    expect(made.form).toMatchObject({
      payment_method: 'pm_card_mc4444',
      off_session: 'true',
      confirm: 'true',
      currency: 'mxn',
      'metadata[automatic_charge]': 'true',
    });
    expect(made.form.customer).toMatch(/^cus_/);
    expect(made.idempotencyKey).toBe(`auto-${dwelling}-${today()}`);
    const cargo = await lastRun();
    expect(cargo).toMatchObject({ outcome: 'pagado', run_on: today() });
    const checkout = await checkoutOf(cargo.checkout_id!);
    expect(checkout).toMatchObject({ provider: 'stripe', method: 'tarjeta', state: 'pagado' });
    expect(Number(made.form.amount)).toBe(Number(checkout.total_cents));
    expect(await count()).toBe(before + 1);
  });

  it('records a declined card with Stripe’s words, and pays nothing', async () => {
    await setToken('pm_card_declined');
    clock.advanceMinutes(24 * 60);
    await chargeDueToday(10_000);
    const before = await count();
    expect((await run()).declined).toBe(1);
    const cargo = await lastRun();
    expect(cargo.outcome).toBe('rechazado');
    expect(cargo.reason).toBe('Stripe: Your card was declined.');
    expect((await checkoutOf(cargo.checkout_id!)).state).toBe('fallido');
    expect(await count()).toBe(before);
  });

  it('leaves a processing charge pending until payment_intent.succeeded settles it, once', async () => {
    await setToken('pm_card_processing');
    clock.advanceMinutes(24 * 60);
    const before = await count();
    await run();
    const cargo = await lastRun();
    expect(cargo.outcome).toBe('pendiente');
    expect((await checkoutOf(cargo.checkout_id!)).state).toBe('pendiente');
    expect(await count()).toBe(before);
    const intent = [...fake.charges.values()].at(-1)!;
    const succeeded = intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    const first = await deliver(succeeded);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('aplicado');
    expect((await deliver(succeeded)).json().outcome).toBe('repetido');
    expect((await checkoutOf(cargo.checkout_id!)).state).toBe('pagado');
    expect(await count()).toBe(before + 1);
    // The list reads the settled attempt as paid.
    // Signed in again: the clock moved on days.
    token = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    const listed = await call(t.app, 'GET', '/api/--cargos-automaticos/list', { token });
    expect(listed.statusCode, listed.body).toBe(200);
    const withCard = (listed.json().data as { tarjeta: unknown; intentos: { resultado: string }[] }[]).find((c) => c.tarjeta);
    expect(withCard!.intentos[0]!.resultado).toBe('pagado');
  });

  it('reads payment_intent.payment_failed for a pending automatic charge, and no intent event of a Checkout Session', async () => {
    clock.advanceMinutes(24 * 60);
    await chargeDueToday(5_000);
    await run();
    const cargo = await lastRun();
    expect(cargo.outcome).toBe('pendiente');
    const intent = [...fake.charges.values()].at(-1)!;
    const failed = await deliver(
      intentEvent('payment_intent.payment_failed', {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      }),
    );
    expect(failed.json().outcome).toBe('aplicado');
    expect(await checkoutOf(cargo.checkout_id!)).toMatchObject({ state: 'fallido', failure: 'Stripe: Your card was declined.' });

    // A Checkout Session's intent (no automatic charge mark): its session's events move it, not these.
    const session = [...fake.sessions.values()][0]!;
    const before = await count();
    const ignored = await deliver(
      intentEvent('payment_intent.succeeded', {
        id: 'pi_session_0001',
        object: 'payment_intent',
        amount: 20_000,
        currency: 'mxn',
        status: 'succeeded',
        metadata: { checkout_ref: (session.metadata as { checkout_ref: string }).checkout_ref },
      }),
    );
    expect(ignored.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});
