// Cargos automáticos with a saved card (issue 27) on SQLite and PostgreSQL: the list carries each charge's card,
// what the daily run would charge next (the dwelling's open charges due by the next run, within what is left of
// the month's limit; a spent month moves it to the next) and its last attempts; "Quitar tarjeta" takes the card off
// (the charge stays, its history row written, the run charges nothing), for its owner only: every demo role,
// another condominium, no session, an unknown charge, one without a card.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecurringCharges } from '../../server/domain/recurringCharges/jobs';
import { openChargesOf } from '../../server/domain/shared/ledgerOpen';
import { keepSavedCard } from '../../server/domain/shared/savedCards';
import { ErrorAnswer } from '../../src/api/errors';
import { RecurringChargeAnswer, RecurringChargesAnswer } from '../../src/api/recurringCharges';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const LIST = '/api/--cargos-automaticos/list';
const REMOVE = '/api/--cargos-automaticos/remove-card';
const ROLES = [
  'admin@demo.mx',
  'consejo@demo.mx',
  'residente@demo.mx',
  'empleado@demo.mx',
  'guardia@demo.mx',
  'supervisor@demo.mx',
];

describe(`recurring charges with a saved card (${dialect})`, () => {
  // 12:00 in Mexico City on 15 June: today's 15:00 UTC run is gone, the next is on the 16th.
  const clock = testClock(new Date('2026-06-15T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let chargeId = 0;
  let dwelling = 0;
  let cardId = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const email of ROLES)
      tokens[email] = await signInAs(t.app, email, email === 'admin@demo.mx' ? 'Residencial Las Palmas' : undefined);
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const resident = await t.app.db
      .selectFrom('recurring_charges')
      .innerJoin('users', 'users.id', 'recurring_charges.user_id')
      .select(['recurring_charges.user_id', 'recurring_charges.apartment_id'])
      .where('users.email', '=', 'residente@demo.mx')
      .where('recurring_charges.condo_id', '=', 1)
      .orderBy('recurring_charges.created_at')
      .orderBy('recurring_charges.id')
      .executeTakeFirstOrThrow();
    dwelling = resident.apartment_id!;
    chargeId = await t.app.db.transaction().execute((trx) =>
      keepSavedCard(trx, {
        condoId: 1,
        userId: resident.user_id,
        apartmentId: dwelling,
        provider: 'sandbox',
        card: { token: 'sbx_card_0000000000000000_4242', customer: null, brand: 'visa', last4: '4242', exp: '12/30' },
        limitCents: 1_000_000,
        at: clock.now(),
      }),
    );
    cardId = (
      await t.app.db.selectFrom('recurring_charges').select('saved_card_id').where('id', '=', chargeId).executeTakeFirstOrThrow()
    ).saved_card_id!;
    // Something owed by the next run, whatever the demo ledger says.
    await t.app.db
      .insertInto('dwelling_charges')
      .values({
        condo_id: 1,
        apartment_id: dwelling,
        concept: 'Cuota junio',
        charged_on: '2026-06-10',
        due_on: '2026-06-10',
        amount_cents: 50_000,
      })
      .execute();
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (email: string) => {
    const res = await call(t.app, 'GET', LIST, { token: tokens[email] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, RecurringChargesAnswer);
    return body.data;
  };
  const mine = async () => (await list('residente@demo.mx')).find((c) => c.id === chargeId)!;
  const refused = (res: { statusCode: number; json(): unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    assert(res.json(), ErrorAnswer);
  };
  const dueBy = async (day: string) =>
    (await openChargesOf(t.app.db, 1, dwelling)).open.filter((c) => c.dueOn <= day).reduce((sum, c) => sum + c.openCents, 0);
  const setLimit = (cents: number) =>
    t.app.db.updateTable('recurring_charges').set({ monto_cents: cents }).where('id', '=', chargeId).execute();
  const addRun = (runOn: string, amountCents: number, outcome: string, reason: string | null = null) =>
    t.app.db
      .insertInto('recurring_charge_runs')
      .values({
        condo_id: 1,
        recurring_charge_id: chargeId,
        apartment_id: dwelling,
        kind: 'cargo',
        run_on: runOn,
        amount_cents: amountCents,
        outcome,
        reason,
        due_through: '2026-06-10',
        checkout_id: null,
        created_at: clock.now().toISOString(),
      })
      .execute();

  it('has, in the demo, vecino063’s sandbox card on their maintenance fee, and the daily run asked for', async () => {
    const token = await signInAs(t.app, 'vecino063@demo.mx', 'Residencial Las Palmas');
    const res = await call(t.app, 'GET', LIST, { token });
    const body = res.json();
    assert(body, RecurringChargesAnswer);
    const withCard = body.data.filter((c) => c.tarjeta !== null);
    expect(withCard).toHaveLength(1);
    expect(withCard[0]).toMatchObject({ tarjeta: { marca: 'visa', ultimos4: '4242' }, metodoPago: 'Visa •••• 4242' });
    expect(withCard[0]!.descripcion).toMatch(/^Cuota de mantenimiento /);
    const card = await t.app.db
      .selectFrom('saved_cards')
      .innerJoin('users', 'users.id', 'saved_cards.user_id')
      .select(['saved_cards.token', 'saved_cards.provider'])
      .where('users.email', '=', 'vecino063@demo.mx')
      .executeTakeFirstOrThrow();
    expect(card).toEqual({ provider: 'sandbox', token: expect.stringMatching(/^sbx_card_[0-9a-f]{16}_4242$/) });
    const jobs = await t.app.db.selectFrom('scheduled_jobs').select('done_at').where('kind', '=', 'recurring-charges').execute();
    expect(jobs.some((j) => j.done_at === null)).toBe(true);
  });

  it('lists the card and the next charge: what is due by the next run, within the monthly limit', async () => {
    const charge = await mine();
    expect(charge.tarjeta).toEqual({ marca: 'visa', ultimos4: '4242', vencimiento: '12/30' });
    expect(charge.intentos).toEqual([]);
    const owed = await dueBy('2026-06-16');
    expect(charge.proximoCargo).toEqual({ fecha: '2026-06-16', monto: (Math.min(owed, 1_000_000) / 100).toFixed(2) });
    // A lower limit caps it; what was charged this month counts against it.
    await setLimit(20_000);
    expect((await mine()).proximoCargo).toEqual({ fecha: '2026-06-16', monto: '200.00' });
    await addRun('2026-06-03', 5_000, 'rechazado', 'Fondos insuficientes (sandbox).');
    await addRun('2026-06-04', 15_000, 'pagado');
    expect((await mine()).proximoCargo).toEqual({ fecha: '2026-06-16', monto: '50.00' });
    // The month's limit spent: the first of next month, the limit whole again.
    await addRun('2026-06-05', 5_000, 'pagado');
    const next = (await mine()).proximoCargo;
    expect(next?.fecha).toBe('2026-07-01');
    expect(next?.monto).toBe((Math.min(await dueBy('2026-07-01'), 20_000) / 100).toFixed(2));
    // The attempts, newest first, with the decline's words.
    expect((await mine()).intentos).toEqual([
      { fecha: '2026-06-05', monto: '50.00', resultado: 'pagado', motivo: null },
      { fecha: '2026-06-04', monto: '150.00', resultado: 'pagado', motivo: null },
      { fecha: '2026-06-03', monto: '50.00', resultado: 'rechazado', motivo: 'Fondos insuficientes (sandbox).' },
    ]);
    // The other charges of the member have no card: nothing next.
    for (const other of (await list('residente@demo.mx')).filter((c) => c.id !== chargeId))
      expect(other).toMatchObject({ tarjeta: null, proximoCargo: null, intentos: [] });
  });

  it('refuses "Quitar tarjeta" without a session, in another condominium, and to anyone but the owner', async () => {
    refused(await call(t.app, 'POST', REMOVE, { payload: { id: chargeId } }), 401);
    refused(await call(t.app, 'POST', REMOVE, { token: tokens.bosque, payload: { id: chargeId } }), 403);
    for (const email of ROLES.filter((e) => e !== 'residente@demo.mx'))
      refused(await call(t.app, 'POST', REMOVE, { token: tokens[email], payload: { id: chargeId } }), 403);
    refused(await call(t.app, 'POST', REMOVE, { token: tokens['residente@demo.mx'], payload: { id: 999_999 } }), 404);
    refused(await call(t.app, 'POST', REMOVE, { token: tokens['residente@demo.mx'], payload: { id: 'x' } }), 400);
    // A charge without a card has nothing to take off.
    const bare = (await list('residente@demo.mx')).find((c) => c.id !== chargeId)!;
    refused(await call(t.app, 'POST', REMOVE, { token: tokens['residente@demo.mx'], payload: { id: bare.id } }), 404);
    expect((await mine()).tarjeta).not.toBeNull();
  });

  it('takes the card off for its owner: the charge stays, its history row is written, nothing is charged', async () => {
    clock.advanceMinutes(5);
    const res = await call(t.app, 'POST', REMOVE, { token: tokens['residente@demo.mx'], payload: { id: chargeId } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, RecurringChargeAnswer);
    expect(body.data).toMatchObject({ id: chargeId, tarjeta: null, proximoCargo: null });
    expect(body.data.intentos).toHaveLength(3);
    expect((await mine()).tarjeta).toBeNull();
    const card = await t.app.db.selectFrom('saved_cards').select('removed_at').where('id', '=', cardId).executeTakeFirstOrThrow();
    expect(card.removed_at).toBe(clock.now().toISOString());
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity', '=', 'recurring_charge')
      .where('entity_id', '=', chargeId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('retirar');
    expect(JSON.parse(audit.before_json!)).toMatchObject({ tarjeta: 'Visa •••• 4242' });
    // Again: no card to take off.
    refused(await call(t.app, 'POST', REMOVE, { token: tokens['residente@demo.mx'], payload: { id: chargeId } }), 404);
    // The next run charges nothing for it, though the dwelling owes.
    clock.advanceMinutes(24 * 60);
    const charged: number[] = [];
    await t.app.db.transaction().execute((trx) =>
      runRecurringCharges(
        trx,
        clock,
        async (_trx, _clock, request) => {
          charged.push(request.recurringChargeId);
          return { outcome: 'pagado', reason: null, checkoutId: null, paymentId: null };
        },
        null,
      ),
    );
    expect(charged).not.toContain(chargeId);
  });
});
