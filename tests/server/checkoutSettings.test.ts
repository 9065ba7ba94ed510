// The administrators' online-payment settings (src/api/checkout.ts CHECKOUT_PATHS.settings; issue 27), through the
// API on SQLite and PostgreSQL: an administrator reads them with the accounts to choose from and saves them with
// their history row, and residents then pay by them; residents and staff are refused; another condominium's account
// is 404; bad values are 400 naming the field. With PAYMENT_SANDBOX=off the sandbox is not offered, saving it is
// refused, a sandbox row takes no payments, and the sandbox's public routes (page, buttons, webhook) answer 404.
import { randomBytes } from 'node:crypto';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_SETTINGS } from '../../server/db/seed/demoFacts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from '../../server/domain/checkout/providers/sandbox';
import { appSecret } from '../../server/infra/secrets';
import {
  CHECKOUT_PATHS,
  CheckoutOptionsAnswer,
  FEE_MAX_BP,
  FEE_MAX_FIXED_CENTS,
  PaymentSettingsAnswer,
  type PaymentSettingsDraft,
  sandboxCheckoutPath,
  sandboxOutcomePath,
} from '../../src/api/checkout';
import { ErrorAnswer } from '../../src/api/errors';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const BOSQUE = 'Torres del Bosque';
const SETTINGS = api(CHECKOUT_PATHS.settings);

let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

/** Palmas's ids, the payer's dwelling, and a checkout row of the sandbox's for its public routes. */
async function facts(t: TestApp) {
  const db = t.app.db;
  const palmas = await db.selectFrom('condominiums').select('id').where('name', '=', PALMAS).executeTakeFirstOrThrow();
  const bosque = await db.selectFrom('condominiums').select('id').where('name', '=', BOSQUE).executeTakeFirstOrThrow();
  // Beside the demo's operating account, a cash box of Palmas's and an account of Bosque's.
  await db
    .insertInto('ledger_accounts')
    .values([
      { condo_id: palmas.id, name: 'Caja de cobranza', kind: 'caja', opening_cents: 0, opened_on: '2026-01-01' },
      { condo_id: bosque.id, name: 'Cuenta del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' },
    ])
    .execute();
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'condo_id', 'name']).orderBy('id').execute();
  const own = accounts.filter((a) => a.condo_id === palmas.id);
  const other = accounts.find((a) => a.condo_id === bosque.id)!;
  const payer = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['r.apartment_id', 'u.id as userId'])
    .where('u.email', '=', 'vecino086@demo.mx')
    .where('m.condo_id', '=', palmas.id)
    .orderBy('r.apartment_id')
    .executeTakeFirstOrThrow();
  return { palmasId: palmas.id, own, other, apartmentId: payer.apartment_id, payerId: payer.userId };
}

/** A sandbox checkout as a resident's press writes it, straight into the table (its page's reference). */
async function sandboxCheckoutRow(t: TestApp, f: Awaited<ReturnType<typeof facts>>) {
  const ref = `sbx_${randomBytes(16).toString('hex')}`;
  const at = t.app.clock.now().toISOString();
  await t.app.db
    .insertInto('checkouts')
    .values({
      condo_id: f.palmasId,
      apartment_id: f.apartmentId,
      user_id: f.payerId,
      client_id: newClientId(),
      provider: 'sandbox',
      provider_ref: ref,
      method: 'tarjeta',
      state: 'creado',
      amount_cents: 50_000,
      fee_cents: 2_436,
      fee_bearer: 'residente',
      total_cents: 52_436,
      charge_ids: '[]',
      account_id: f.own[0]!.id,
      pay_reference: null,
      expires_at: new Date(t.app.clock.now().getTime() + 3_600_000).toISOString(),
      payment_id: null,
      failure: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return ref;
}

/** The sandbox's signed "paid" event for a reference, as its page's button sends it. */
async function paidEvent(t: TestApp, ref: string) {
  const raw = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: 'payment.succeeded',
    data: { ref, amount: 52_436, method: 'tarjeta', failure: null },
  });
  const secret = await appSecret(t.app.db, t.app.clock, 'checkout-sandbox-webhook');
  return t.app.inject({
    method: 'POST',
    url: api(CHECKOUT_PATHS.webhook.replace(':provider', 'sandbox')),
    payload: raw,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(secret, raw, t.app.clock.now()) },
  });
}

const draftOf = (accountId: number | null): PaymentSettingsDraft => ({
  provider: 'sandbox',
  enabled: true,
  feeBearer: 'condominio',
  fees: {
    tarjeta: { bp: 290, fixedCents: 250 },
    spei: { bp: 0, fixedCents: 500 },
    oxxo: { bp: 330, fixedCents: 0 },
  },
  accountId,
});

describe(`online-payment settings, sandbox allowed (${dialect})`, () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof facts>>;
  const tokens = { admin: '', payer: '', guard: '', bosqueAdmin: '' };
  const read = (token = tokens.admin) => call(t.app, 'GET', SETTINGS, { token });
  const save = (payload: object, token = tokens.admin) => call(t.app, 'POST', SETTINGS, { token, payload });

  beforeAll(async () => {
    t = await createTestApp();
    f = await facts(t);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx', PALMAS);
    tokens.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
  }, 60_000);
  afterAll(() => t?.close());

  it('reads the demo’s settings with the sandbox offered and the condominium’s accounts only', async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, PaymentSettingsAnswer);
    const account = f.own.find((a) => a.name === DEMO_PAYMENT_SETTINGS.account)!;
    expect(answer.data).toMatchObject({
      saved: true,
      providers: ['sandbox', 'stripe'],
      settings: {
        provider: 'sandbox',
        enabled: true,
        feeBearer: DEMO_PAYMENT_SETTINGS.feeBearer,
        fees: { tarjeta: DEMO_PAYMENT_SETTINGS.card, spei: DEMO_PAYMENT_SETTINGS.spei, oxxo: DEMO_PAYMENT_SETTINGS.oxxo },
        accountId: account.id,
      },
    });
    expect(answer.data.accounts.map((a) => a.id).sort((a, b) => a - b)).toEqual(f.own.map((a) => a.id));
  });

  it('saves them with a history row in the same transaction, and residents then pay by them', async () => {
    const before = await t.app.db.selectFrom('audit_log').select('id').where('entity', '=', 'payment_settings').execute();
    const draft = draftOf(f.own[1]!.id);
    const res = await save(draft);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, PaymentSettingsAnswer);
    expect(answer.data.settings).toEqual(draft);
    expect((await read()).json().data.settings).toEqual(draft);

    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'payment_settings')
      .where('condo_id', '=', f.palmasId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(before.length + 1);
    const row = rows.at(-1)!;
    expect(row.action).toBe('update');
    expect(JSON.parse(row.after_json!)).toEqual(draft);
    expect(JSON.parse(row.before_json!)).toMatchObject({ feeBearer: DEMO_PAYMENT_SETTINGS.feeBearer });

    const options = await call(t.app, 'GET', `${api(CHECKOUT_PATHS.options)}?ApartmentId=${f.apartmentId}`, {
      token: tokens.payer,
    });
    expect(options.statusCode, options.body).toBe(200);
    assert(options.json(), CheckoutOptionsAnswer);
    expect(options.json().data).toMatchObject({
      enabled: true,
      feeBearer: 'condominio',
      methods: [
        { method: 'tarjeta', ...draft.fees.tarjeta },
        { method: 'spei', ...draft.fees.spei },
        { method: 'oxxo', ...draft.fees.oxxo },
      ],
    });
  });

  it('creates the row of a condominium that had none, written as a creation', async () => {
    const bosque = await t.app.db.selectFrom('condominiums').select('id').where('name', '=', BOSQUE).executeTakeFirstOrThrow();
    const first = await read(tokens.bosqueAdmin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ saved: false, settings: { enabled: false, accountId: null } });
    const draft = { ...draftOf(null), enabled: false };
    const res = await save(draft, tokens.bosqueAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ saved: true, settings: draft });
    const row = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'payment_settings')
      .where('condo_id', '=', bosque.id)
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('create');
    expect(row.before_json).toBeNull();
  });

  it('refuses residents and staff (403), before reading the body', async () => {
    for (const token of [tokens.payer, tokens.guard]) {
      expect((await read(token)).statusCode).toBe(403);
      expect((await save(draftOf(f.own[0]!.id), token)).statusCode).toBe(403);
      expect((await save({ nonsense: true }, token)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', SETTINGS)).statusCode).toBe(401);
  });

  it('answers 404 for another condominium’s account, changing nothing', async () => {
    const before = (await read()).json().data.settings;
    const res = await save(draftOf(f.other.id));
    expect(res.statusCode, res.body).toBe(404);
    assert(res.json(), ErrorAnswer);
    expect((await read()).json().data.settings).toEqual(before);
  });

  it('refuses bad values with 400 naming the field', async () => {
    const good = draftOf(f.own[0]!.id);
    const cases: [object, string][] = [
      [{ ...good, fees: { ...good.fees, tarjeta: { bp: FEE_MAX_BP + 1, fixedCents: 0 } } }, 'fees.tarjeta.bp'],
      [{ ...good, fees: { ...good.fees, spei: { bp: -1, fixedCents: 0 } } }, 'fees.spei.bp'],
      [{ ...good, fees: { ...good.fees, oxxo: { bp: 2.5, fixedCents: 0 } } }, 'fees.oxxo.bp'],
      [{ ...good, fees: { ...good.fees, oxxo: { bp: 0, fixedCents: FEE_MAX_FIXED_CENTS + 1 } } }, 'fees.oxxo.fixedCents'],
      [{ ...good, feeBearer: 'nadie' }, 'feeBearer'],
      [{ ...good, provider: 'paypal' }, 'provider'],
      [{ ...good, accountId: 0 }, 'accountId'],
      // Taking payments needs an account.
      [{ ...good, accountId: null }, 'accountId'],
    ];
    for (const [payload, field] of cases) {
      const res = await save(payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const answer = res.json();
      assert(answer, ErrorAnswer);
      expect(answer.field).toBe(field);
    }
    // The edges are taken.
    const edges = {
      ...good,
      fees: { ...good.fees, tarjeta: { bp: FEE_MAX_BP, fixedCents: FEE_MAX_FIXED_CENTS }, spei: { bp: 0, fixedCents: 0 } },
    };
    expect((await save(edges)).statusCode).toBe(200);
  });

  it('keeps the sandbox’s public routes open', async () => {
    const ref = await sandboxCheckoutRow(t, f);
    expect((await call(t.app, 'GET', api(sandboxCheckoutPath(ref)))).statusCode).toBe(200);
    expect((await paidEvent(t, ref)).statusCode).toBe(200);
  });
});

describe(`online-payment settings with PAYMENT_SANDBOX=off (${dialect})`, () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof facts>>;
  const tokens = { admin: '', payer: '' };

  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENT_SANDBOX: 'off' } });
    f = await facts(t);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
  }, 60_000);
  afterAll(() => t?.close());

  it('offers no provider and refuses to save the sandbox (409, in words), changing nothing', async () => {
    const read = await call(t.app, 'GET', SETTINGS, { token: tokens.admin });
    expect(read.statusCode, read.body).toBe(200);
    // Stripe, a real provider, is offered; the sandbox is not.
    expect(read.json().data).toMatchObject({ providers: ['stripe'], settings: { provider: 'sandbox', enabled: true } });
    const audits = async () =>
      (await t.app.db.selectFrom('audit_log').select('id').where('entity', '=', 'payment_settings').execute()).length;
    const before = await audits();
    for (const enabled of [true, false]) {
      const res = await call(t.app, 'POST', SETTINGS, { token: tokens.admin, payload: { ...draftOf(f.own[0]!.id), enabled } });
      expect(res.statusCode, res.body).toBe(409);
      const answer = res.json();
      assert(answer, ErrorAnswer);
      expect(answer).toMatchObject({ field: 'provider', messageId: 'checkout.settings.providerUnavailable' });
      expect(answer.message).toMatch(/sandbox/);
    }
    expect(await audits()).toBe(before);
  });

  it('takes no payment through the demo’s sandbox row', async () => {
    const options = await call(t.app, 'GET', `${api(CHECKOUT_PATHS.options)}?ApartmentId=${f.apartmentId}`, {
      token: tokens.payer,
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toMatchObject({ enabled: false, methods: [] });
    const created = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: tokens.payer,
      payload: { ApartmentId: f.apartmentId, method: 'tarjeta', amountCents: 50_000, clientId: newClientId() },
    });
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json().messageId).toBe('checkout.disabled');
    expect(await t.app.db.selectFrom('checkouts').select('id').execute()).toEqual([]);
  });

  it('answers 404 on the sandbox’s page, buttons and webhook, even for a checkout that exists', async () => {
    const ref = await sandboxCheckoutRow(t, f);
    expect((await call(t.app, 'GET', api(sandboxCheckoutPath(ref)))).statusCode).toBe(404);
    expect((await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')))).statusCode).toBe(404);
    expect((await paidEvent(t, ref)).statusCode).toBe(404);
    const row = await t.app.db
      .selectFrom('checkouts')
      .select(['state', 'payment_id'])
      .where('provider_ref', '=', ref)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'creado', payment_id: null });
    expect(await t.app.db.selectFrom('checkout_events').select('id').execute()).toEqual([]);
  });
});
