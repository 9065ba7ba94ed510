// Paying online through Stripe México (server/domain/checkout/providers/stripe.ts; issue 27), on SQLite and
// PostgreSQL, without the network: the official SDK talks to a local stand-in for api.stripe.com
// (tests/support/stripeFake.ts, through PAYMENT_PROVIDER_API_BASE) and its webhooks are signed with the SDK's own
// test helper. The administrators save each condominium's keys (sealed, never answered, never in the history);
// a resident's checkout becomes a hosted Checkout Session with our amount, MXN, the one method, our reference in
// the metadata and our return URLs; Stripe's events move it: paid once (repeated, or twice at once), an OXXO or
// SPEI reference paid (or failed) later, expired; a bad or stale signature, or another condominium's secret, is
// 400 with nothing written; an amount other than ours is recorded and not applied.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_PATHS,
  type Checkout,
  CheckoutAnswer,
  type CheckoutMethod,
  checkoutPath,
  PaymentSettingsAnswer,
  type PaymentSettingsDraft,
  providerReturnPath,
  webhookPath,
} from '../../src/api/checkout';
import { ErrorAnswer } from '../../src/api/errors';
import { dwellingOf } from '../support/dwellingOf';
import { api } from '../support/http';
import {
  oxxoIntent,
  type SessionEventType,
  type StripeFake,
  sessionEvent,
  speiIntent,
  startStripeFake,
  stripeSignature,
} from '../support/stripeFake';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const BOSQUE = 'Torres del Bosque';
const SETTINGS = api(CHECKOUT_PATHS.settings);
const WEBHOOK = api(webhookPath('stripe'));

const PALMAS_KEY = 'sk_test_51PalmasSecretKeyAbCdEfGh0123456789wxyz';
const PALMAS_WHSEC = 'whsec_PalmasSigningSecret0123456789abcdEF';
const BOSQUE_KEY = 'sk_test_51BosqueSecretKeyZyXwVu9876543210abcd';
const BOSQUE_WHSEC = 'whsec_BosqueSigningSecret9876543210ZYXwvu';

let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`paying online through Stripe (${dialect})`, () => {
  let t: TestApp;
  let fake: StripeFake;
  const tokens = { admin: '', payer: '', guard: '', bosqueAdmin: '' };
  let dwelling = 0;
  let palmasDraft: PaymentSettingsDraft;

  const count = async (table: 'dwelling_payments' | 'payment_receipts' | 'checkout_events') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const saveSettings = (payload: object, token = tokens.admin) => call(t.app, 'POST', SETTINGS, { token, payload });

  async function open(method: CheckoutMethod): Promise<{ checkout: Checkout; ref: string; session: Record<string, unknown> }> {
    const res = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: tokens.payer,
      payload: { ApartmentId: dwelling, method, amountCents: 150_000, clientId: newClientId() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, CheckoutAnswer);
    const row = await t.app.db
      .selectFrom('checkouts')
      .select('provider_ref')
      .where('id', '=', answer.data.id)
      .executeTakeFirstOrThrow();
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === row.provider_ref)!;
    return { checkout: answer.data, ref: row.provider_ref, session };
  }
  const send = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const event = (
    type: SessionEventType | string,
    session: Record<string, unknown>,
    changes: Record<string, unknown> = {},
    options: { secret?: string; at?: Date; eventId?: string } = {},
  ) => {
    const payload = sessionEvent(type, session, changes, options.eventId);
    return { payload, signature: stripeSignature(payload, options.secret ?? PALMAS_WHSEC, options.at ?? t.app.clock.now()) };
  };
  const deliver = (e: { payload: string; signature: string }) => send(e.payload, e.signature);
  const state = async (id: number) => {
    const res = await call(t.app, 'GET', api(checkoutPath(id)), { token: tokens.payer });
    const answer = res.json();
    assert(answer, CheckoutAnswer);
    return answer.data;
  };

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp({ env: { PAYMENT_PROVIDER_API_BASE: fake.base } });
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx', PALMAS);
    tokens.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
    dwelling = await dwellingOf(t.app.db, 'vecino086@demo.mx', PALMAS);
    const read = await call(t.app, 'GET', SETTINGS, { token: tokens.admin });
    const { settings } = read.json().data as { settings: PaymentSettingsDraft };
    palmasDraft = { ...settings, provider: 'stripe', enabled: true };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('the keys, per condominium', () => {
    it('refuses taking payments through Stripe without both keys (400 on the field), changing nothing', async () => {
      const none = await saveSettings(palmasDraft);
      expect(none.statusCode, none.body).toBe(400);
      expect(none.json()).toMatchObject({ field: 'secretKey', messageId: 'checkout.settings.secretKeyRequired' });
      const half = await saveSettings({ ...palmasDraft, secretKey: PALMAS_KEY });
      expect(half.statusCode, half.body).toBe(400);
      expect(half.json()).toMatchObject({ field: 'webhookSecret' });
      const row = await t.app.db.selectFrom('payment_settings').selectAll().where('provider', '=', 'stripe').execute();
      expect(row).toEqual([]);
    });

    it('refuses a key that is not one, naming the field', async () => {
      for (const [field, value] of [
        ['secretKey', 'pk_test_51PublishableKeyIsNotSecret0123456789'],
        ['secretKey', 'sk_test_short'],
        ['webhookSecret', 'not-a-secret-0123456789abcdef'],
      ] as const) {
        const res = await saveSettings({ ...palmasDraft, secretKey: PALMAS_KEY, webhookSecret: PALMAS_WHSEC, [field]: value });
        expect(res.statusCode, res.body).toBe(400);
        const answer = res.json();
        assert(answer, ErrorAnswer);
        expect(answer.field).toBe(field);
      }
    });

    it('saves them sealed, answers only their last four characters, and keeps them out of the history', async () => {
      const res = await saveSettings({ ...palmasDraft, secretKey: PALMAS_KEY, webhookSecret: PALMAS_WHSEC });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      assert(answer, PaymentSettingsAnswer);
      expect(answer.data.keys).toEqual({
        secretKey: { configured: true, last4: PALMAS_KEY.slice(-4) },
        webhookSecret: { configured: true, last4: PALMAS_WHSEC.slice(-4) },
      });
      expect(answer.data.settings.provider).toBe('stripe');
      expect(res.body).not.toContain(PALMAS_KEY);
      expect(res.body).not.toContain(PALMAS_WHSEC);
      const read = await call(t.app, 'GET', SETTINGS, { token: tokens.admin });
      expect(read.body).not.toContain(PALMAS_KEY.slice(0, -4));
      expect(read.json().data.keys).toEqual(answer.data.keys);

      const row = await t.app.db
        .selectFrom('payment_settings as p')
        .innerJoin('condominiums as c', 'c.id', 'p.condo_id')
        .selectAll('p')
        .where('c.name', '=', PALMAS)
        .executeTakeFirstOrThrow();
      expect(row.secret_key_sealed).toMatch(/^v1\./);
      expect(row.webhook_secret_sealed).toMatch(/^v1\./);
      for (const sealed of [row.secret_key_sealed!, row.webhook_secret_sealed!]) {
        expect(sealed).not.toContain(PALMAS_KEY);
        expect(sealed).not.toContain(PALMAS_WHSEC);
        expect(sealed).not.toContain('PalmasS');
      }
      const history = await t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'payment_settings').execute();
      const text = JSON.stringify(history);
      expect(text).not.toContain(PALMAS_KEY);
      expect(text).not.toContain(PALMAS_WHSEC);
      expect(text).not.toContain(`${PALMAS_KEY.slice(-4)}"`);
      expect(text).toContain('secretKeyChanged');
    });

    it('keeps the saved keys when a save leaves them out', async () => {
      const before = await t.app.db
        .selectFrom('payment_settings')
        .select('secret_key_sealed')
        .where('provider', '=', 'stripe')
        .execute();
      const res = await saveSettings(palmasDraft);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.keys.secretKey).toEqual({ configured: true, last4: PALMAS_KEY.slice(-4) });
      const after = await t.app.db
        .selectFrom('payment_settings')
        .select('secret_key_sealed')
        .where('provider', '=', 'stripe')
        .execute();
      expect(after).toEqual(before);
    });

    it('refuses residents and staff (403) and the signed-out (401), before reading the body', async () => {
      for (const token of [tokens.payer, tokens.guard]) {
        expect((await call(t.app, 'GET', SETTINGS, { token })).statusCode).toBe(403);
        expect(
          (await saveSettings({ ...palmasDraft, secretKey: BOSQUE_KEY, webhookSecret: BOSQUE_WHSEC }, token)).statusCode,
        ).toBe(403);
      }
      expect((await call(t.app, 'GET', SETTINGS)).statusCode).toBe(401);
      expect((await call(t.app, 'POST', SETTINGS, { payload: palmasDraft })).statusCode).toBe(401);
      const keys = (await call(t.app, 'GET', SETTINGS, { token: tokens.admin })).json().data.keys;
      expect(keys.secretKey.last4).toBe(PALMAS_KEY.slice(-4));
    });

    it('gives another condominium its own keys, which Palmas’s answer never shows', async () => {
      const bosque = (await call(t.app, 'GET', SETTINGS, { token: tokens.bosqueAdmin })).json().data;
      expect(bosque.keys.secretKey.configured).toBe(false);
      const accountId = bosque.accounts[0]?.id ?? null;
      const res = await saveSettings(
        { ...palmasDraft, accountId, enabled: accountId !== null, secretKey: BOSQUE_KEY, webhookSecret: BOSQUE_WHSEC },
        tokens.bosqueAdmin,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.keys.webhookSecret.last4).toBe(BOSQUE_WHSEC.slice(-4));
      const palmas = await call(t.app, 'GET', SETTINGS, { token: tokens.admin });
      expect(palmas.json().data.keys.webhookSecret.last4).toBe(PALMAS_WHSEC.slice(-4));
    });
  });

  describe('a checkout and its events', () => {
    it('opens a hosted Checkout Session with our amount in MXN, the card, our reference and our return URLs', async () => {
      const calls = fake.calls.length;
      const { checkout, ref } = await open('tarjeta');
      expect(checkout.state).toBe('creado');
      expect(checkout.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      expect(checkout.payReference).toBeNull();
      const sent = fake.calls.slice(calls);
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${PALMAS_KEY}` });
      expect(request!.idempotencyKey).toBe(`open-${ref}`);
      expect(request!.form).toMatchObject({
        mode: 'payment',
        client_reference_id: ref,
        'metadata[checkout_ref]': ref,
        'payment_intent_data[metadata][checkout_ref]': ref,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'mxn',
        'line_items[0][price_data][unit_amount]': String(checkout.totalCents),
        'allowed_payment_method_types[0]': 'card',
      });
      expect(request!.form['allowed_payment_method_types[1]']).toBeUndefined();
      expect(request!.form.success_url).toMatch(new RegExp(`/api${providerReturnPath(ref)}$`));
      expect(request!.form.cancel_url).toMatch(new RegExp(`/condominio/financiero/pagar\\?ApartmentId=${dwelling}$`));
      // Our hour, within Stripe's 30 minutes to 24 hours.
      expect(Number(request!.form.expires_at)).toBe(Math.floor(new Date(checkout.expiresAt).getTime() / 1000));
      // No card number, nor any key, in what the resident reads.
      const read = await call(t.app, 'GET', api(checkoutPath(checkout.id)), { token: tokens.payer });
      expect(read.body).not.toContain('sk_test');
    });

    it('sends the resident back from Stripe’s page to the checkout’s result page', async () => {
      const { checkout, ref } = await open('tarjeta');
      const res = await call(t.app, 'GET', api(providerReturnPath(ref)));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/condominio/financiero/pago/${checkout.id}`);
    });

    it('writes a paid session’s payment and its receipt once, however often (and however at once) it arrives', async () => {
      const { checkout, session } = await open('tarjeta');
      const paid = event('checkout.session.completed', session, { payment_status: 'paid', status: 'complete' });
      const payments = await count('dwelling_payments');
      const receipts = await count('payment_receipts');
      const [a, b] = await Promise.all([deliver(paid), deliver(paid)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.json().outcome, b.json().outcome].sort()).toEqual(['aplicado', 'repetido']);
      const again = await deliver(paid);
      expect(again.json().outcome).toBe('repetido');
      expect(await count('dwelling_payments')).toBe(payments + 1);
      expect(await count('payment_receipts')).toBe(receipts + 1);
      const after = await state(checkout.id);
      expect(after).toMatchObject({ state: 'pagado', redirectUrl: null });
      const payment = await t.app.db
        .selectFrom('dwelling_payments')
        .selectAll()
        .where('id', '=', after.paymentId!)
        .executeTakeFirstOrThrow();
      expect(Number(payment.amount_cents)).toBe(checkout.amountCents);
    });

    it('takes an OXXO voucher: its number and page once chosen on Stripe’s page, the cash later', async () => {
      const { checkout, session } = await open('oxxo');
      const request = fake.calls.at(-1)!;
      expect(request.form).toMatchObject({
        'allowed_payment_method_types[0]': 'oxxo',
        'payment_method_options[oxxo][expires_after_days]': '3',
      });
      // Stripe's session lasts at most a day; the voucher its own days.
      expect(Number(request.form.expires_at)).toBe(Math.floor(t.app.clock.now().getTime() / 1000) + 24 * 3600 - 60);
      expect(checkout).toMatchObject({ state: 'creado', payReference: null });

      fake.intents.set('pi_oxxo_1', oxxoIntent('pi_oxxo_1', '93000262609837'));
      const chosen = event('checkout.session.completed', session, { payment_status: 'unpaid', payment_intent: 'pi_oxxo_1' });
      expect((await deliver(chosen)).json().outcome).toBe('aplicado');
      expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_oxxo_1' });
      expect(await state(checkout.id)).toMatchObject({
        state: 'pendiente',
        payReference: '93000262609837',
        redirectUrl: 'https://payments.stripe.com/oxxo/voucher/pi_oxxo_1',
      });

      const payments = await count('dwelling_payments');
      const cash = event('checkout.session.async_payment_succeeded', session, {
        payment_status: 'paid',
        payment_intent: 'pi_oxxo_1',
      });
      expect((await deliver(cash)).json().outcome).toBe('aplicado');
      expect((await deliver(cash)).json().outcome).toBe('repetido');
      expect(await count('dwelling_payments')).toBe(payments + 1);
      expect(await state(checkout.id)).toMatchObject({ state: 'pagado', payReference: null, redirectUrl: null });
    });

    it('takes a SPEI transfer to a CLABE; a transfer that fails leaves nothing in the ledger', async () => {
      const { checkout, session } = await open('spei');
      expect(fake.calls.at(-1)!.form).toMatchObject({
        'allowed_payment_method_types[0]': 'customer_balance',
        'payment_method_options[customer_balance][funding_type]': 'bank_transfer',
        'payment_method_options[customer_balance][bank_transfer][type]': 'mx_bank_transfer',
        customer_creation: 'always',
      });
      fake.intents.set('pi_spei_1', speiIntent('pi_spei_1', '002180700000000019'));
      await deliver(event('checkout.session.completed', session, { payment_status: 'unpaid', payment_intent: 'pi_spei_1' }));
      expect(await state(checkout.id)).toMatchObject({ state: 'pendiente', payReference: '002180700000000019' });
      const payments = await count('dwelling_payments');
      const failed = await deliver(event('checkout.session.async_payment_failed', session, { payment_intent: 'pi_spei_1' }));
      expect(failed.json().outcome).toBe('aplicado');
      expect(await state(checkout.id)).toMatchObject({ state: 'fallido' });
      expect(await count('dwelling_payments')).toBe(payments);
    });

    it('keeps a pending reference pending when Stripe cannot be asked for its voucher', async () => {
      const { checkout, session } = await open('oxxo');
      const res = await deliver(
        event('checkout.session.completed', session, { payment_status: 'unpaid', payment_intent: 'pi_unknown' }),
      );
      expect(res.json().outcome).toBe('aplicado');
      expect(await state(checkout.id)).toMatchObject({ state: 'pendiente', payReference: null });
    });

    it('expires a session Stripe expired', async () => {
      const { checkout, session } = await open('tarjeta');
      expect((await deliver(event('checkout.session.expired', session, { status: 'expired' }))).json().outcome).toBe('aplicado');
      expect(await state(checkout.id)).toMatchObject({ state: 'expirado', redirectUrl: null });
    });

    it('refuses a bad, stale or missing signature (400) and writes nothing', async () => {
      const { checkout, session } = await open('tarjeta');
      const events = await count('checkout_events');
      const paid = event('checkout.session.completed', session, { payment_status: 'paid' });
      const tampered = paid.payload.replace(`"amount_total":${checkout.totalCents}`, '"amount_total":100');
      expect(tampered).not.toBe(paid.payload);
      const stale = event(
        'checkout.session.completed',
        session,
        { payment_status: 'paid' },
        {
          at: new Date(t.app.clock.now().getTime() - 6 * 60_000),
        },
      );
      for (const res of [
        await send(tampered, paid.signature),
        await deliver(stale),
        await send(paid.payload, 't=1,v1=00'),
        await t.app.inject({
          method: 'POST',
          url: WEBHOOK,
          payload: paid.payload,
          headers: { 'content-type': 'application/json' },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ messageId: 'checkout.badSignature' });
      }
      expect(await count('checkout_events')).toBe(events);
      expect(await state(checkout.id)).toMatchObject({ state: 'creado' });
    });

    it('refuses Palmas’s event signed with another condominium’s secret', async () => {
      const { checkout, session } = await open('tarjeta');
      const events = await count('checkout_events');
      const forged = event('checkout.session.completed', session, { payment_status: 'paid' }, { secret: BOSQUE_WHSEC });
      expect((await deliver(forged)).statusCode).toBe(400);
      expect(await count('checkout_events')).toBe(events);
      expect(await state(checkout.id)).toMatchObject({ state: 'creado' });
    });

    it('records and does not apply a paid event for another amount, or in another currency', async () => {
      const { checkout, session } = await open('tarjeta');
      const payments = await count('dwelling_payments');
      const less = event('checkout.session.completed', session, {
        payment_status: 'paid',
        amount_total: checkout.totalCents - 100,
      });
      expect((await deliver(less)).json().outcome).toBe('monto_distinto');
      const usd = event('checkout.session.completed', session, { payment_status: 'paid', currency: 'usd' });
      expect((await deliver(usd)).json().outcome).toBe('monto_distinto');
      expect(await count('dwelling_payments')).toBe(payments);
      expect(await state(checkout.id)).toMatchObject({ state: 'creado' });
    });

    it('answers 200 and writes nothing for a signed event it does not read', async () => {
      const { session } = await open('tarjeta');
      const events = await count('checkout_events');
      const other = event('payment_intent.created', { ...session, object: 'payment_intent' });
      const res = await deliver(other);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('ignorado');
      expect(await count('checkout_events')).toBe(events);
    });

    it('refuses an event for a checkout it does not know (no condominium, so no secret to verify with)', async () => {
      const { session } = await open('tarjeta');
      const unknown = event('checkout.session.completed', {
        ...session,
        metadata: { checkout_ref: `chk_${'0'.repeat(32)}` },
        client_reference_id: null,
      });
      expect((await deliver(unknown)).statusCode).toBe(400);
    });

    it('leaves nothing behind when Stripe refuses to open the session', async () => {
      const before = await t.app.db.selectFrom('checkouts').select('id').execute();
      fake.failNext(401);
      const res = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
        token: tokens.payer,
        payload: { ApartmentId: dwelling, method: 'tarjeta', amountCents: 150_000, clientId: newClientId() },
      });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ messageId: 'checkout.providerFailed' });
      expect(res.body).not.toContain(PALMAS_KEY);
      expect(await t.app.db.selectFrom('checkouts').select('id').execute()).toEqual(before);
    });
  });
});
