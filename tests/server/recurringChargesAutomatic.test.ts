// Cargos automáticos become real (issue 27) on SQLite and PostgreSQL: a card kept on Pagar through the sandbox's
// page and its signed webhook (the recurring charge made to charge it), the daily run charging the open charges due
// within the monthly limit (what was charged this month counts) through a checkout of method tarjeta and the one
// way into the ledger, the notice the day before and after, a declined card tried three days and given up, and two
// runs at once charging once.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCardCharger } from '../../server/domain/checkout/savedCardCharges';
import { runRecurringCharges } from '../../server/domain/recurringCharges/jobs';
import { CHECKOUT_PATHS, CheckoutCreatedAnswer, CheckoutOptionsAnswer, sandboxOutcomePath } from '../../src/api/checkout';
import { api } from '../support/http';
import { withoutDemoSavedCards } from '../support/savedCardFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`automatic charges to a saved card (${dialect})`, () => {
  // 10:00 in Mexico City on 10 November.
  const clock = testClock(new Date('2026-11-10T16:00:00Z'));
  let t: TestApp;
  let token = '';
  let dwelling = 0;
  let userId = 0;
  const charge = savedCardCharger({ sandbox: true, apiBase: null });
  const run = () => t.app.db.transaction().execute((trx) => runRecurringCharges(trx, clock, charge, 'https://app.test'));
  const today = () => new Date(clock.now().getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
  const runs = () =>
    t.app.db.selectFrom('recurring_charge_runs').selectAll().where('apartment_id', '=', dwelling).orderBy('id').execute();
  const notices = () =>
    t.app.db.selectFrom('notifications').select(['titulo', 'texto_app']).where('user_id', '=', userId).orderBy('id').execute();
  const owedDueCents = async () => {
    const { openChargesOf } = await import('../../server/domain/shared/ledgerOpen');
    const { open } = await openChargesOf(t.app.db, 1, dwelling);
    return open.filter((c) => c.dueOn <= today()).reduce((sum, c) => sum + c.openCents, 0);
  };
  async function chargeDueOn(dueOn: string, amountCents: number) {
    await t.app.db
      .insertInto('dwelling_charges')
      .values({
        condo_id: 1,
        apartment_id: dwelling,
        concept: `Cuota ${dueOn}`,
        charged_on: dueOn,
        due_on: dueOn,
        amount_cents: amountCents,
      })
      .execute();
  }
  const recurring = () =>
    t.app.db
      .selectFrom('recurring_charges')
      .selectAll()
      .where('apartment_id', '=', dwelling)
      .where('user_id', '=', userId)
      .where('saved_card_id', 'is not', null)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The demo's own saved cards would be charged too as the clock moves (tests/support/savedCardFixtures.ts).
    await withoutDemoSavedCards(t.app.db);
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
  }, 60_000);
  afterAll(() => t?.close());

  it('offers keeping a card on Pagar, with the dwelling’s fee as the limit; card only', async () => {
    const res = await call(t.app, 'GET', `${api(CHECKOUT_PATHS.options)}?ApartmentId=${dwelling}`, { token });
    const answer = res.json();
    assert(answer, CheckoutOptionsAnswer);
    expect(answer.data.saveCard?.limitCents).toBeGreaterThan(0);
    const spei = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token,
      payload: {
        ApartmentId: dwelling,
        method: 'spei',
        amountCents: 20_000,
        clientId: newClientId(),
        saveCard: { monto: '100' },
      },
    });
    expect(spei.statusCode).toBe(400);
    expect(spei.json().field).toBe('saveCard');
    const zero = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token,
      payload: {
        ApartmentId: dwelling,
        method: 'tarjeta',
        amountCents: 20_000,
        clientId: newClientId(),
        saveCard: { monto: '0' },
      },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().field).toBe('saveCard.monto');
  });

  it('keeps the card the sandbox tokenised when paid, and makes the recurring charge charge it', async () => {
    const res = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token,
      payload: {
        ApartmentId: dwelling,
        method: 'tarjeta',
        amountCents: 20_000,
        clientId: newClientId(),
        saveCard: { monto: '300' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    assert(created, CheckoutCreatedAnswer);
    const ref = created.data.redirectUrl!.split('/').pop()!;
    const page = await call(t.app, 'GET', api(CHECKOUT_PATHS.sandboxCheckout.replace(':ref', ref)));
    expect(page.json().data.saveCard).toBe(true);
    const paid = await call(t.app, 'POST', api(sandboxOutcomePath(ref, 'pagar')));
    expect(paid.statusCode, paid.body).toBe(200);
    const cards = await t.app.db.selectFrom('saved_cards').selectAll().where('user_id', '=', userId).execute();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ provider: 'sandbox', brand: 'visa', last4: '4242', removed_at: null });
    expect(cards[0]!.token).toMatch(/^sbx_card_[0-9a-f]{16}_4242$/);
    const kept = await recurring();
    expect(kept).toMatchObject({ saved_card_id: cards[0]!.id, monto_cents: 30_000, metodo_pago: 'Visa •••• 4242' });
    // The daily run is asked for.
    const job = await t.app.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', 'recurring-charges').execute();
    expect(job.length).toBe(1);
  });

  it('charges what is due within the monthly limit, once a day, and tells the member', async () => {
    await chargeDueOn(today(), 100_000);
    const owed = await owedDueCents();
    expect(owed).toBeGreaterThan(30_000);
    const first = await run();
    expect(first.paid).toBe(1);
    const [cargo] = (await runs()).filter((r) => r.kind === 'cargo');
    expect(cargo).toMatchObject({ outcome: 'pagado', amount_cents: 30_000, run_on: today() });
    const checkout = await t.app.db
      .selectFrom('checkouts')
      .selectAll()
      .where('id', '=', cargo!.checkout_id!)
      .executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ method: 'tarjeta', state: 'pagado', amount_cents: 30_000 });
    expect(checkout.payment_id).not.toBeNull();
    expect(await owedDueCents()).toBe(owed - 30_000);
    expect((await notices()).at(-1)?.titulo).toBe('Cargo automático realizado');
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`https://app.test/condominio/financiero/pago/${checkout.id}`);
    // The same day again: nothing.
    expect(await run()).toEqual({ told: 0, paid: 0, declined: 0 });
    // The next day: this month's limit is spent.
    clock.advanceMinutes(24 * 60);
    expect(await run()).toEqual({ told: 0, paid: 0, declined: 0 });
    expect((await runs()).filter((r) => r.kind === 'cargo')).toHaveLength(1);
  });

  it('tells the member the day before a charge comes due', async () => {
    // 30 November: a charge due on 1 December, in a month whose limit is whole again.
    clock.advanceMinutes(19 * 24 * 60);
    await chargeDueOn('2026-12-01', 10_000);
    const result = await run();
    expect(result.told).toBe(1);
    expect((await notices()).at(-1)?.texto_app).toMatch(/^Mañana cargaremos \$.* a tu tarjeta Visa •••• 4242/);
    expect((await run()).told).toBe(0);
  });

  it('tries a declined card on three days, tells each time, then gives up', async () => {
    const kept = await recurring();
    await t.app.db
      .updateTable('saved_cards')
      .set({ token: 'sbx_card_0000000000000000_0002' })
      .where('id', '=', kept!.saved_card_id!)
      .execute();
    const before = await owedDueCents();
    for (let day = 0; day < 4; day += 1) {
      clock.advanceMinutes(24 * 60);
      await run();
    }
    const declined = (await runs()).filter((r) => r.kind === 'cargo' && r.outcome === 'rechazado');
    expect(declined).toHaveLength(3);
    expect(declined[0]!.reason).toBe('Fondos insuficientes (sandbox).');
    const texts = (await notices()).slice(-3).map((n) => n.texto_app);
    expect(texts[0]).toContain('Lo intentaremos de nuevo mañana');
    expect(texts[2]).toContain('Ya no lo intentaremos de nuevo');
    expect(await owedDueCents()).toBeGreaterThanOrEqual(before);
  });

  it('charges once when two runs go at once', async () => {
    const kept = await recurring();
    await t.app.db
      .updateTable('saved_cards')
      .set({ token: 'sbx_card_0000000000000000_4242' })
      .where('id', '=', kept!.saved_card_id!)
      .execute();
    clock.advanceMinutes(24 * 60);
    await chargeDueOn(today(), 5_000);
    const results = await Promise.all([run(), run()]);
    expect(results.reduce((sum, r) => sum + r.paid, 0)).toBe(1);
    const paidToday = (await runs()).filter((r) => r.kind === 'cargo' && r.run_on === today());
    expect(paidToday).toHaveLength(1);
    expect(paidToday[0]!.outcome).toBe('pagado');
  });
});
