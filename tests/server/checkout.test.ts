// Paying online (src/api/checkout.ts; issue 27), through the API on SQLite and PostgreSQL against the built-in
// sandbox provider: what a dwelling owes and how it may pay; a checkout whose amount and commission come from our
// database; the provider's signed webhook taken once (repeated, or twice at once), out of order, with another
// amount, or with a bad or stale signature; a paid event writing the payment, its receipt and its history row in
// one transaction; OXXO's reference paid later; who may pay, and another dwelling or condominium.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_SETTINGS } from '../../server/db/seed/demoFacts';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEventBody,
  signSandboxEvent,
} from '../../server/domain/checkout/providers/sandbox';
import { SANDBOX_DECLINE } from '../../server/domain/checkout/sandboxPage';
import { appSecret } from '../../server/infra/secrets';
import {
  CHECKOUT_PATHS,
  type Checkout,
  CheckoutAnswer,
  type CheckoutMethod,
  CheckoutOptionsAnswer,
  checkoutFee,
  checkoutPath,
  SandboxCheckoutAnswer,
  sandboxCheckoutPath,
  sandboxOutcomePath,
} from '../../src/api/checkout';
import { ErrorAnswer } from '../../src/api/errors';
import { dwellingOf } from '../support/dwellingOf';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const BOSQUE = 'Torres del Bosque';
const WEBHOOK = api(CHECKOUT_PATHS.webhook.replace(':provider', 'sandbox'));

let clientSeq = 0;
/** A fresh clientId, as the screen makes one per attempt. */
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`paying online through the sandbox provider (${dialect})`, () => {
  let t: TestApp;
  const tokens = { payer: '', neighbour: '', admin: '', guard: '', bosque: '' };
  let dwelling = 0;
  let neighbourDwelling = 0;

  const options = (apartmentId: number, token = tokens.payer) =>
    call(t.app, 'GET', `${api(CHECKOUT_PATHS.options)}?ApartmentId=${apartmentId}`, { token });
  const create = (payload: object, token = tokens.payer) => call(t.app, 'POST', api(CHECKOUT_PATHS.create), { token, payload });
  const read = (id: number, token = tokens.payer) => call(t.app, 'GET', api(checkoutPath(id)), { token });
  const refOf = (checkout: Checkout) => checkout.redirectUrl?.split('/').pop() ?? '';
  const count = async (table: 'dwelling_payments' | 'payment_receipts' | 'checkout_events' | 'audit_log') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function opened(payload: object, token = tokens.payer): Promise<Checkout> {
    const res = await create(payload, token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, CheckoutAnswer);
    return answer.data;
  }

  /** The provider's event for a checkout's reference, signed as the sandbox signs (or with `secret` when given). */
  async function signed(body: SandboxEventBody, options: { at?: Date; secret?: Buffer } = {}) {
    const raw = JSON.stringify(body);
    const secret = options.secret ?? (await appSecret(t.app.db, t.app.clock, 'checkout-sandbox-webhook'));
    return { raw, signature: signSandboxEvent(secret, raw, options.at ?? t.app.clock.now()) };
  }
  const send = (event: { raw: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: event.raw,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: event.signature },
    });
  const event = (
    ref: string,
    type: SandboxEventBody['type'],
    amount: number,
    id = `evt_${Math.random().toString(16).slice(2)}`,
    method: CheckoutMethod = 'tarjeta',
  ): SandboxEventBody => ({ id, type, data: { ref, amount, method, failure: null } });

  beforeAll(async () => {
    t = await createTestApp();
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    tokens.neighbour = await signInAs(t.app, 'vecino020@demo.mx', PALMAS);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx', PALMAS);
    tokens.bosque = await signInAs(t.app, 'bosque.residente@demo.mx', BOSQUE);
    dwelling = await dwellingOf(t.app.db, 'vecino086@demo.mx', PALMAS);
    neighbourDwelling = await dwellingOf(t.app.db, 'vecino020@demo.mx', PALMAS);
  }, 60_000);
  afterAll(() => t?.close());

  it('shows what the dwelling owes, oldest first, and the methods with their commissions', async () => {
    const res = await options(dwelling);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, CheckoutOptionsAnswer);
    const data = answer.data;
    expect(data).toMatchObject({ ApartmentId: dwelling, enabled: true, provider: 'sandbox', feeBearer: 'residente' });
    expect(data.methods).toEqual([
      { method: 'tarjeta', ...DEMO_PAYMENT_SETTINGS.card },
      { method: 'spei', ...DEMO_PAYMENT_SETTINGS.spei },
      { method: 'oxxo', ...DEMO_PAYMENT_SETTINGS.oxxo },
    ]);
    // vecino086's dwelling is the demo's one in arrears: it owes, and its charges come oldest first.
    expect(data.open.length).toBeGreaterThan(0);
    const days = data.open.map((c) => c.chargedOn);
    expect(days).toEqual([...days].sort());
    expect(data.owedCents).toBe(data.open.reduce((sum, c) => sum + c.openCents, 0));
  });

  it('opens a card checkout for the charges chosen: amount and commission from the ledger and the settings', async () => {
    const { open } = (await options(dwelling)).json().data as { open: { chargeId: number; openCents: number }[] };
    const oldest = open[0]!;
    const clientId = newClientId();
    const checkout = await opened({ ApartmentId: dwelling, method: 'tarjeta', chargeIds: [oldest.chargeId], clientId });
    const fee = checkoutFee(DEMO_PAYMENT_SETTINGS.card, oldest.openCents, 'residente');
    expect(checkout).toMatchObject({
      ApartmentId: dwelling,
      method: 'tarjeta',
      state: 'creado',
      amountCents: oldest.openCents,
      feeCents: fee,
      totalCents: oldest.openCents + fee,
      payReference: null,
      paymentId: null,
    });
    expect(checkout.redirectUrl).toMatch(/^\/pago-sandbox\/sbx_[0-9a-f]{32}$/);
    // A second press answers the same checkout; the same attempt with other details is refused.
    const again = await create({ ApartmentId: dwelling, method: 'tarjeta', chargeIds: [oldest.chargeId], clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(checkout.id);
    const other = await create({ ApartmentId: dwelling, method: 'oxxo', chargeIds: [oldest.chargeId], clientId });
    expect(other.statusCode).toBe(409);
    assert(other.json(), ErrorAnswer);
  });

  it('pays it on the sandbox page: the payment, its receipt and its history row, once, and the charge no longer owed', async () => {
    const { open } = (await options(dwelling)).json().data as { open: { chargeId: number; openCents: number }[] };
    const checkout = await opened({
      ApartmentId: dwelling,
      method: 'tarjeta',
      chargeIds: [open[0]!.chargeId],
      clientId: newClientId(),
    });
    const ref = refOf(checkout);
    const page = await call(t.app, 'GET', api(sandboxCheckoutPath(ref)));
    expect(page.statusCode, page.body).toBe(200);
    assert(page.json(), SandboxCheckoutAnswer);
    expect(page.json().data).toMatchObject({ condoName: PALMAS, totalCents: checkout.totalCents, state: 'creado' });

    const before = { payments: await count('dwelling_payments'), receipts: await count('payment_receipts') };
    const paid = await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')));
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await read(checkout.id)).json().data as Checkout;
    expect(after.state).toBe('pagado');
    expect(after.paymentId).toEqual(expect.any(Number));
    expect(await count('dwelling_payments')).toBe(before.payments + 1);
    expect(await count('payment_receipts')).toBe(before.receipts + 1);
    const payment = await t.app.db
      .selectFrom('dwelling_payments')
      .selectAll()
      .where('id', '=', after.paymentId!)
      .executeTakeFirstOrThrow();
    // What enters the ledger is the amount, not the commission the resident paid on top.
    expect({ apartment: payment.apartment_id, amount: Number(payment.amount_cents) }).toEqual({
      apartment: dwelling,
      amount: checkout.amountCents,
    });
    const receipt = await t.app.db
      .selectFrom('payment_receipts')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(receipt.method).toBe('tarjeta');
    const history = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'dwelling_payment')
      .where('entity_id', '=', payment.id)
      .execute();
    expect(history).toHaveLength(1);
    const still = (await options(dwelling)).json().data.open as { chargeId: number }[];
    expect(still.map((c) => c.chargeId)).not.toContain(open[0]!.chargeId);

    // The provider's page takes nothing more once it is paid, as a provider's would.
    const again = await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pago ya no está abierto.');
    expect(await count('dwelling_payments')).toBe(before.payments + 1);
  });

  it('takes a repeated webhook once, and the same one twice at once once', async () => {
    const checkout = await opened({ ApartmentId: dwelling, method: 'tarjeta', amountCents: 25_000, clientId: newClientId() });
    const paidEvent = await signed(event(refOf(checkout), 'payment.succeeded', checkout.totalCents));
    const before = await count('dwelling_payments');
    const [a, b] = await Promise.all([send(paidEvent), send(paidEvent)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().outcome, b.json().outcome].sort()).toEqual(['aplicado', 'repetido']);
    const third = await send(paidEvent);
    expect(third.json().outcome).toBe('repetido');
    expect(await count('dwelling_payments')).toBe(before + 1);
  });

  it('refuses a bad or stale signature with 400 and writes nothing', async () => {
    const checkout = await opened({ ApartmentId: dwelling, method: 'tarjeta', amountCents: 30_000, clientId: newClientId() });
    const body = event(refOf(checkout), 'payment.succeeded', checkout.totalCents);
    const before = { payments: await count('dwelling_payments'), events: await count('checkout_events') };
    const forged = await signed(body, { secret: Buffer.alloc(32, 7) });
    const stale = await signed(body, { at: new Date(t.app.clock.now().getTime() - 10 * 60_000) });
    const good = await signed(body);
    expect(good.raw).toContain(`"amount":${checkout.totalCents}`);
    for (const sent of [
      forged,
      stale,
      {
        raw: good.raw.replace(`"amount":${checkout.totalCents}`, `"amount":${checkout.totalCents - 1}`),
        signature: good.signature,
      },
      { raw: good.raw, signature: 'v1=00' },
    ]) {
      const res = await send(sent);
      expect(res.statusCode, res.body).toBe(400);
      assert(res.json(), ErrorAnswer);
    }
    expect(await count('dwelling_payments')).toBe(before.payments);
    expect(await count('checkout_events')).toBe(before.events);
    expect((await read(checkout.id)).json().data.state).toBe('creado');
  });

  it('ignores an event out of order or for another amount, and says so', async () => {
    const declined = await opened({ ApartmentId: dwelling, method: 'tarjeta', amountCents: 40_000, clientId: newClientId() });
    await call(t.app, 'POST', api(sandboxOutcomePath(refOf(declined), 'rechazar')));
    const failed = (await read(declined.id)).json().data as Checkout;
    expect(failed).toMatchObject({ state: 'fallido', failure: SANDBOX_DECLINE, paymentId: null });
    const late = await send(await signed(event(refOf(declined), 'payment.succeeded', declined.totalCents)));
    expect(late.json().outcome).toBe('fuera_de_orden');
    expect((await read(declined.id)).json().data.state).toBe('fallido');

    const other = await opened({ ApartmentId: dwelling, method: 'tarjeta', amountCents: 41_000, clientId: newClientId() });
    const before = await count('dwelling_payments');
    const wrong = await send(await signed(event(refOf(other), 'payment.succeeded', other.totalCents - 1)));
    expect(wrong.json().outcome).toBe('monto_distinto');
    expect(await count('dwelling_payments')).toBe(before);
    const unknown = await send(await signed(event(`sbx_${'0'.repeat(32)}`, 'payment.succeeded', 100)));
    expect(unknown.json().outcome).toBe('desconocido');
  });

  it('gives an OXXO reference at once, pending until the store payment arrives by webhook', async () => {
    const checkout = await opened({ ApartmentId: dwelling, method: 'oxxo', amountCents: 50_000, clientId: newClientId() });
    expect(checkout.state).toBe('pendiente');
    expect(checkout.payReference).toMatch(/^9\d{13}$/);
    const ref = (
      await t.app.db.selectFrom('checkouts').select('provider_ref').where('id', '=', checkout.id).executeTakeFirstOrThrow()
    ).provider_ref;
    const paid = await send(await signed(event(ref, 'payment.succeeded', checkout.totalCents, undefined, 'oxxo')));
    expect(paid.json().outcome).toBe('aplicado');
    const after = (await read(checkout.id)).json().data as Checkout;
    expect(after).toMatchObject({ state: 'pagado', payReference: null });
    const receipt = await t.app.db
      .selectFrom('payment_receipts')
      .selectAll()
      .where('payment_id', '=', after.paymentId!)
      .executeTakeFirstOrThrow();
    expect(receipt.method).toBe('oxxo');
  });

  it('the sandbox page refuses a checkout whose time has passed, even before the expiry job runs', async () => {
    const checkout = await opened({ ApartmentId: dwelling, method: 'oxxo', amountCents: 45_000, clientId: newClientId() });
    const ref = (
      await t.app.db.selectFrom('checkouts').select('provider_ref').where('id', '=', checkout.id).executeTakeFirstOrThrow()
    ).provider_ref;
    await t.app.db
      .updateTable('checkouts')
      .set({ expires_at: new Date(t.app.clock.now().getTime() - 1_000).toISOString() })
      .where('id', '=', checkout.id)
      .execute();
    const before = await count('dwelling_payments');
    const late = await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')));
    expect(late.statusCode, late.body).toBe(409);
    expect(await count('dwelling_payments')).toBe(before);
  });

  it('gives SPEI a CLABE whose check digit holds', async () => {
    const checkout = await opened({ ApartmentId: dwelling, method: 'spei', amountCents: 60_000, clientId: newClientId() });
    const clabe = checkout.payReference!;
    expect(clabe).toMatch(/^646180\d{12}$/);
    const weights = [3, 7, 1];
    const sum = [...clabe.slice(0, 17)].reduce((total, d, i) => total + ((Number(d) * weights[i % 3]!) % 10), 0);
    expect(Number(clabe[17])).toBe((10 - (sum % 10)) % 10);
  });

  it('refuses charges that are not open, both charges and an amount, and an amount out of range', async () => {
    const neighbourOpen = (await options(neighbourDwelling, tokens.neighbour)).json().data.open as { chargeId: number }[];
    const cases: [object, number][] = [
      [{ ApartmentId: dwelling, method: 'tarjeta', chargeIds: [neighbourOpen[0]?.chargeId ?? 1], clientId: newClientId() }, 400],
      [{ ApartmentId: dwelling, method: 'tarjeta', chargeIds: [1], amountCents: 5_000, clientId: newClientId() }, 400],
      [{ ApartmentId: dwelling, method: 'tarjeta', clientId: newClientId() }, 400],
      [{ ApartmentId: dwelling, method: 'tarjeta', amountCents: 999, clientId: newClientId() }, 400],
      [{ ApartmentId: dwelling, method: 'cheque', amountCents: 5_000, clientId: newClientId() }, 400],
    ];
    const before = await count('dwelling_payments');
    for (const [payload, status] of cases) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(status);
      assert(res.json(), ErrorAnswer);
    }
    expect(await count('dwelling_payments')).toBe(before);
  });

  it('lets only a resident of the dwelling pay: another dwelling, staff and another condominium hear 404 or 403', async () => {
    expect((await options(neighbourDwelling)).statusCode).toBe(404);
    expect(
      (await create({ ApartmentId: neighbourDwelling, method: 'tarjeta', amountCents: 5_000, clientId: newClientId() }))
        .statusCode,
    ).toBe(404);
    expect((await options(dwelling, tokens.admin)).statusCode).toBe(404);
    expect((await options(dwelling, tokens.guard)).statusCode).toBe(403);
    expect((await options(dwelling, tokens.bosque)).statusCode).toBe(404);
    const mine = await opened({ ApartmentId: dwelling, method: 'tarjeta', amountCents: 7_000, clientId: newClientId() });
    expect((await read(mine.id, tokens.neighbour)).statusCode).toBe(404);
    expect((await read(mine.id, tokens.bosque)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', api(checkoutPath(mine.id)))).statusCode).toBe(401);
  });

  it('a condominium without online payments says so, and opens nothing', async () => {
    const bosqueDwelling = await dwellingOf(t.app.db, 'bosque.residente@demo.mx', BOSQUE);
    const res = await options(bosqueDwelling, tokens.bosque);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: false, provider: null, methods: [] });
    const refused = await create(
      { ApartmentId: bosqueDwelling, method: 'tarjeta', amountCents: 5_000, clientId: newClientId() },
      tokens.bosque,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Este condominio todavía no recibe pagos en línea.');
  });
});
