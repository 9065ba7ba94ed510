// Paying online's loose ends (issue 27), on SQLite and PostgreSQL against the sandbox provider, with the test's
// clock: the job that expires checkouts nobody paid (a card's page after its hour, an OXXO reference after its days,
// nothing before; two runs at once expire each once; each run asks for the next); a paid event that arrives after
// the expiry, recorded once; and the resident who made the checkout told when it is paid, refused or expired, and
// nobody else.
import { type Kysely, sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { CARD_CHECKOUT_MINUTES, REFERENCE_DAYS } from '../../server/domain/checkout/checkouts';
import {
  CHECKOUT_EXPIRY_JOB,
  CHECKOUT_JOB_HANDLERS,
  expirySlot,
  scheduleCheckoutExpiry,
} from '../../server/domain/checkout/jobs';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEventBody,
  signSandboxEvent,
} from '../../server/domain/checkout/providers/sandbox';
import { createJobRunner, scheduleJobOnce } from '../../server/infra/scheduledJobs';
import { appSecret } from '../../server/infra/secrets';
import {
  CHECKOUT_PATHS,
  type Checkout,
  CheckoutAnswer,
  type CheckoutMethod,
  checkoutPath,
  sandboxOutcomePath,
} from '../../src/api/checkout';
import { formatMoney } from '../../src/api/finance';
import { LatestNotificationsAnswer, NOTIFICATIONS_PATHS, notificationTarget } from '../../src/api/notifications';
import { api } from '../support/http';
import { withoutDemoSavedCards } from '../support/savedCardFixtures';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const WEBHOOK = api(CHECKOUT_PATHS.webhook.replace(':provider', 'sandbox'));
const DAY_MINUTES = 24 * 60;

let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-9000-${String(++clientSeq).padStart(12, '0')}`;
let eventSeq = 0;
const newEventId = () => `evt_jobs_${++eventSeq}`;

describe(`checkouts that expire, and the resident told (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  let payerId = 0;
  let dwelling = 0;

  // Sessions end as the clock moves days: each call signs in again.
  const payer = () => signInAs(t.app, 'vecino086@demo.mx', PALMAS);
  const neighbour = () => signInAs(t.app, 'vecino020@demo.mx', PALMAS);

  async function opened(method: CheckoutMethod, amountCents: number): Promise<Checkout> {
    const res = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: await payer(),
      payload: { ApartmentId: dwelling, method, amountCents, clientId: newClientId() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, CheckoutAnswer);
    return answer.data;
  }
  const read = async (id: number) =>
    (await expectOk<CheckoutAnswer>(call(t.app, 'GET', api(checkoutPath(id)), { token: await payer() }), CheckoutAnswer)).data;
  const refOf = async (id: number) =>
    (await t.app.db.selectFrom('checkouts').select('provider_ref').where('id', '=', id).executeTakeFirstOrThrow()).provider_ref;

  /** The provider's event, signed as the sandbox signs it, sent to the webhook; answers its outcome. */
  async function sendEvent(checkout: Checkout, type: SandboxEventBody['type'], id = newEventId()): Promise<string> {
    const body: SandboxEventBody = {
      id,
      type,
      data: { ref: await refOf(checkout.id), amount: checkout.totalCents, method: checkout.method, failure: null },
    };
    const raw = JSON.stringify(body);
    const secret = await appSecret(t.app.db, t.app.clock, 'checkout-sandbox-webhook');
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: raw,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(secret, raw, clock.now()) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { outcome: string }).outcome;
  }

  /** The 'pago' notifications of a checkout, whoever they went to, oldest first. */
  const noticesOf = (checkoutId: number) =>
    t.app.db
      .selectFrom('notifications')
      .select(['user_id', 'titulo', 'texto_app', 'props'])
      .where('modulo', '=', 'pago')
      .where('props', '=', JSON.stringify({ checkoutId }))
      .orderBy('id')
      .execute();
  const paymentsOfDwelling = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('dwelling_payments')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('apartment_id', '=', dwelling)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dueExpiryJobs = () =>
    t.app.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'key'])
      .where('kind', '=', CHECKOUT_EXPIRY_JOB)
      .where('done_at', 'is', null)
      .where('due_at', '<=', clock.now().toISOString())
      .execute();

  const quiet = { failed: () => {}, broken: () => {} };
  /** A runner of this area's jobs only, as another server process has one. */
  const runner = (db: Kysely<Database>, owner: string) =>
    createJobRunner({ db, clock, handlers: CHECKOUT_JOB_HANDLERS, intervalMs: 0, log: quiet, owner });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The demo's own saved cards would be charged too as the clock moves (tests/support/savedCardFixtures.ts).
    await withoutDemoSavedCards(t.app.db);
    const row = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select(['r.apartment_id', 'u.id as userId'])
      .where('u.email', '=', 'vecino086@demo.mx')
      .where('c.name', '=', PALMAS)
      .orderBy('r.apartment_id')
      .executeTakeFirstOrThrow();
    dwelling = row.apartment_id;
    payerId = row.userId;
  }, 60_000);
  afterAll(() => t?.close());

  it('expires a card checkout after its hour and an OXXO reference after its days, never before, and tells the resident', async () => {
    const card = await opened('tarjeta', 20_000);
    const oxxo = await opened('oxxo', 30_000);
    expect([card.state, oxxo.state]).toEqual(['creado', 'pendiente']);
    // Opening each asked for the run of the minute it expires in: nothing polls before then.
    const slots = await t.app.db
      .selectFrom('scheduled_jobs')
      .select(['key', 'due_at'])
      .where('kind', '=', CHECKOUT_EXPIRY_JOB)
      .where('key', 'in', [expirySlot(new Date(card.expiresAt)).key, expirySlot(new Date(oxxo.expiresAt)).key])
      .execute();
    expect(slots).toHaveLength(2);

    // A minute short of the card's hour: nothing is due, nothing moves.
    clock.advanceMinutes(CARD_CHECKOUT_MINUTES - 1);
    expect(await dueExpiryJobs()).toEqual([]);
    await t.app.jobRunner.runOnce();
    expect((await read(card.id)).state).toBe('creado');

    // Past it: the card expires; the OXXO reference, payable for days, does not.
    clock.advanceMinutes(2);
    expect(await dueExpiryJobs()).toHaveLength(1);
    await t.app.jobRunner.runOnce();
    expect(await read(card.id)).toMatchObject({ state: 'expirado', redirectUrl: null, paymentId: null });
    expect(await read(oxxo.id)).toMatchObject({ state: 'pendiente', payReference: oxxo.payReference });
    expect(await noticesOf(oxxo.id)).toEqual([]);
    const [cardNotice, ...more] = await noticesOf(card.id);
    expect(more).toEqual([]);
    expect(cardNotice).toMatchObject({ user_id: payerId, titulo: 'Tu pago venció' });
    expect(cardNotice!.texto_app).toContain(formatMoney(card.totalCents));

    // A run asks for the next open checkout's minute: with the OXXO's own run lost (say, given up after failures),
    // any run puts it back.
    await t.app.db
      .deleteFrom('scheduled_jobs')
      .where('kind', '=', CHECKOUT_EXPIRY_JOB)
      .where('key', '=', expirySlot(new Date(oxxo.expiresAt)).key)
      .execute();
    await scheduleCheckoutExpiry(t.app.db, clock.now(), clock.now());
    expect(await t.app.jobRunner.runOnce()).toBeGreaterThanOrEqual(1);
    const asked = await t.app.db
      .selectFrom('scheduled_jobs')
      .select(['due_at', 'done_at'])
      .where('kind', '=', CHECKOUT_EXPIRY_JOB)
      .where('key', '=', expirySlot(new Date(oxxo.expiresAt)).key)
      .executeTakeFirst();
    expect(asked).toMatchObject({ done_at: null });
    expect(Date.parse(asked!.due_at)).toBe(expirySlot(new Date(oxxo.expiresAt)).dueAt.getTime());

    clock.advanceMinutes(REFERENCE_DAYS * DAY_MINUTES - CARD_CHECKOUT_MINUTES);
    await t.app.jobRunner.runOnce();
    expect((await read(oxxo.id)).state).toBe('expirado');
    expect(await noticesOf(oxxo.id)).toMatchObject([{ user_id: payerId, titulo: 'Tu pago venció' }]);
    // Nothing open is left: the last run asked for no other.
    const pending = await t.app.db
      .selectFrom('scheduled_jobs')
      .select('key')
      .where('kind', '=', CHECKOUT_EXPIRY_JOB)
      .where('done_at', 'is', null)
      .execute();
    expect(pending).toEqual([]);
  });

  it('expires each checkout once with two runs at once, however many processes poll', async () => {
    const checkouts = [await opened('tarjeta', 11_000), await opened('tarjeta', 12_000), await opened('spei', 13_000)];
    clock.advanceMinutes(REFERENCE_DAYS * DAY_MINUTES + 1);
    // Two runs due at once (the minute's own and another, as a sequel or a late one would be), taken by two runners.
    await scheduleJobOnce(t.app.db, CHECKOUT_EXPIRY_JOB, 'other-run', clock.now(), clock.now());
    const due = await dueExpiryJobs();
    expect(due.length).toBeGreaterThanOrEqual(2);
    const [a, b] = await Promise.all([runner(t.app.db, 'a').runOnce(), runner(t.app.db, 'b').runOnce()]);
    expect(a + b).toBe(due.length);
    for (const checkout of checkouts) {
      expect((await read(checkout.id)).state).toBe('expirado');
      expect(await noticesOf(checkout.id)).toMatchObject([{ user_id: payerId, titulo: 'Tu pago venció' }]);
    }
  });

  // Both runs past their reads (the checkouts still open), both waiting on the condominium a webhook holds: the
  // second's UPDATE finds them expired and moves nothing, so nobody is told twice (a read-then-write would).
  it.skipIf(dialect !== 'postgres')('expires each once when two runs read them open and wait on the condominium', async () => {
    const checkouts = [await opened('tarjeta', 14_000), await opened('tarjeta', 15_000)];
    clock.advanceMinutes(CARD_CHECKOUT_MINUTES + 1);
    await scheduleJobOnce(t.app.db, CHECKOUT_EXPIRY_JOB, 'raced-run', clock.now(), clock.now());
    const due = await dueExpiryJobs();
    expect(due).toHaveLength(2);
    const { condo_id: condoId } = await t.app.db
      .selectFrom('checkouts')
      .select('condo_id')
      .where('id', '=', checkouts[0]!.id)
      .executeTakeFirstOrThrow();
    const blocker = openDatabase(t.config);
    let runs: Promise<number[]> | undefined;
    try {
      await blocker.db.transaction().execute(async (trx) => {
        await trx.selectFrom('condominiums').select('id').where('id', '=', condoId).forUpdate().execute();
        runs = Promise.all([runner(t.app.db, 'c').runOnce(), runner(t.app.db, 'd').runOnce()]);
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%from "condominiums"%for update%'`.execute(
              blocker.db,
            );
            expect(rows[0]!.n).toBe(2);
          },
          { timeout: 5000, interval: 20 },
        );
      });
      const [a, b] = await runs!;
      expect(a! + b!).toBe(2);
    } finally {
      await blocker.close();
    }
    for (const checkout of checkouts) {
      expect((await read(checkout.id)).state).toBe('expirado');
      expect(await noticesOf(checkout.id)).toMatchObject([{ user_id: payerId, titulo: 'Tu pago venció' }]);
    }
  });

  it('records a paid event that arrives after the expiry, once, and tells the resident it was paid', async () => {
    const checkout = await opened('tarjeta', 45_000);
    clock.advanceMinutes(CARD_CHECKOUT_MINUTES + 1);
    await t.app.jobRunner.runOnce();
    expect((await read(checkout.id)).state).toBe('expirado');

    // A refusal or a pending reference after the expiry changes nothing: only money that came in reopens it.
    expect(await sendEvent(checkout, 'payment.failed')).toBe('fuera_de_orden');
    expect(await sendEvent(checkout, 'payment.pending')).toBe('fuera_de_orden');
    expect((await read(checkout.id)).state).toBe('expirado');

    const before = await paymentsOfDwelling();
    const paidId = newEventId();
    const [first, second] = await Promise.all([
      sendEvent(checkout, 'payment.succeeded', paidId),
      sendEvent(checkout, 'payment.succeeded', paidId),
    ]);
    expect([first, second].sort()).toEqual(['aplicado', 'repetido']);
    expect(await sendEvent(checkout, 'payment.succeeded')).toBe('fuera_de_orden');
    expect(await paymentsOfDwelling()).toBe(before + 1);
    const paid = await read(checkout.id);
    expect(paid).toMatchObject({ state: 'pagado', failure: null });
    const payment = await t.app.db
      .selectFrom('dwelling_payments')
      .select(['apartment_id', 'amount_cents'])
      .where('id', '=', paid.paymentId!)
      .executeTakeFirstOrThrow();
    expect({ apartment: payment.apartment_id, amount: Number(payment.amount_cents) }).toEqual({
      apartment: dwelling,
      amount: checkout.amountCents,
    });
    expect(await noticesOf(checkout.id)).toMatchObject([
      { user_id: payerId, titulo: 'Tu pago venció' },
      { user_id: payerId, titulo: 'Pago recibido' },
    ]);
  });

  it('tells the resident who made it when paid or refused, opening its result page, and nobody else', async () => {
    const toPay = await opened('tarjeta', 21_000);
    const toRefuse = await opened('tarjeta', 22_000);
    const waiting = await opened('oxxo', 23_000);
    // A page the provider says now waits for money tells nobody: it has not ended.
    expect(await sendEvent(toRefuse, 'payment.pending')).toBe('aplicado');
    expect(await noticesOf(toRefuse.id)).toEqual([]);

    await expectOk(call(t.app, 'POST', api(sandboxOutcomePath(await refOf(toPay.id), 'pagar'))));
    await expectOk(call(t.app, 'POST', api(sandboxOutcomePath(await refOf(toRefuse.id), 'rechazar'))));
    expect((await read(toPay.id)).state).toBe('pagado');
    expect((await read(toRefuse.id)).state).toBe('fallido');

    const [paidNotice, ...morePaid] = await noticesOf(toPay.id);
    expect(morePaid).toEqual([]);
    expect(paidNotice).toMatchObject({ user_id: payerId, titulo: 'Pago recibido' });
    // What entered the statement, not the commission paid on top.
    expect(paidNotice!.texto_app).toContain(formatMoney(toPay.amountCents));
    expect(await noticesOf(toRefuse.id)).toMatchObject([{ user_id: payerId, titulo: 'Tu pago no se completó' }]);
    expect(await noticesOf(waiting.id)).toEqual([]);

    // The resident's panel shows them, each opening its checkout's result page.
    const panel = await expectOk<LatestNotificationsAnswer>(
      call(t.app, 'GET', api(NOTIFICATIONS_PATHS.latest), { token: await payer() }),
      LatestNotificationsAnswer,
    );
    const targets = panel.items.filter((item) => item.Modulo === 'pago').map((item) => notificationTarget(item));
    expect(targets).toEqual(expect.arrayContaining([`/financiero/pago/${toPay.id}`, `/financiero/pago/${toRefuse.id}`]));

    // Nobody else: not a neighbour, and no one but the payer ever got a payment's notice in this file.
    const other = await expectOk<LatestNotificationsAnswer>(
      call(t.app, 'GET', api(NOTIFICATIONS_PATHS.latest), { token: await neighbour() }),
      LatestNotificationsAnswer,
    );
    expect(other.items.filter((item) => item.Modulo === 'pago')).toEqual([]);
    const told = await t.app.db.selectFrom('notifications').select('user_id').distinct().where('modulo', '=', 'pago').execute();
    expect(told).toEqual([{ user_id: payerId }]);
  });
});
