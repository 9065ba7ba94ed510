// Payment reminders (src/api/reminders.ts; issue 27) through the API on SQLite and PostgreSQL, with the test's
// clock: the administrators' days (the demo's, changed, refused when nothing is chosen or out of range); today's
// sent now to every dwelling that owes and to nobody else, once (a notification opening the money home, a mail in
// the outbox in the resident's words), and nothing the second time; the daily job at 15:00 UTC reminding a charge
// due in three days, and not reminding it on its due day once it is paid; two runs at once telling once; who may.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REMINDERS } from '../../server/db/seed/demoFacts';
import { sendReminders } from '../../server/domain/reminders/send';
import { openChargesOf } from '../../server/domain/shared/ledgerOpen';
import { notificationTarget } from '../../src/api/notifications';
import { PAYMENT_PATHS } from '../../src/api/payments';
import {
  REMINDER_PATHS,
  ReminderListAnswer,
  ReminderRunAnswer,
  ReminderSettingsAnswer,
  reminderDue,
} from '../../src/api/reminders';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const BOSQUE = 'Torres del Bosque';
const DAY_MINUTES = 24 * 60;

describe(`payment reminders (${dialect})`, () => {
  // 10:00 in Mexico City: today there is 30 November.
  const clock = testClock(new Date('2026-11-30T16:00:00Z'));
  let t: TestApp;
  let condoId = 0;
  const admin = () => signInAs(t.app, 'admin@demo.mx', PALMAS);

  const settings = async (payload?: object, token?: string) =>
    call(t.app, payload ? 'POST' : 'GET', api(REMINDER_PATHS.settings), { token: token ?? (await admin()), payload });
  const run = async (token?: string) => call(t.app, 'POST', api(REMINDER_PATHS.run), { token: token ?? (await admin()) });
  const list = async (query = '', token?: string) =>
    call(t.app, 'GET', `${api(REMINDER_PATHS.list)}${query}`, { token: token ?? (await admin()) });
  const count = async (table: 'payment_reminders' | 'reminded_charges' | 'mail_outbox') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const today = () => new Date(clock.now().getTime() - 6 * 3_600_000).toISOString().slice(0, 10);

  /** A dwelling of Las Palmas that owes nothing, and a resident of it with an e-mail. */
  async function paidUpDwelling(): Promise<{ apartmentId: number; email: string; userId: number }> {
    const rows = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['r.apartment_id', 'u.email', 'u.id'])
      .where('m.condo_id', '=', condoId)
      .where('m.active', '=', 1)
      .where('m.is_admin', '=', 0)
      .orderBy('r.apartment_id')
      .execute();
    for (const row of rows) {
      const { open } = await openChargesOf(t.app.db, condoId, row.apartment_id);
      if (open.length === 0 && row.email) return { apartmentId: row.apartment_id, email: row.email, userId: row.id };
    }
    throw new Error('the demo has no dwelling that owes nothing');
  }

  async function chargeDueOn(apartmentId: number, dueOn: string, amountCents: number): Promise<number> {
    const { id } = await t.app.db
      .insertInto('dwelling_charges')
      .values({
        condo_id: condoId,
        apartment_id: apartmentId,
        concept: `Cuota extraordinaria ${dueOn}`,
        charged_on: today(),
        due_on: dueOn,
        amount_cents: amountCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
  const remindersOf = (apartmentId: number) =>
    t.app.db.selectFrom('payment_reminders').selectAll().where('apartment_id', '=', apartmentId).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    condoId = (await t.app.db.selectFrom('condominiums').select('id').where('name', '=', PALMAS).executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => t?.close());

  it("reads the demo's days, changes them, and refuses reminders that remind nothing or days out of range", async () => {
    const demo = await settings();
    expect(demo.statusCode, demo.body).toBe(200);
    assert(demo.json(), ReminderSettingsAnswer);
    expect(demo.json().settings).toEqual({
      enabled: true,
      daysBefore: DEMO_REMINDERS.daysBefore,
      onDue: DEMO_REMINDERS.onDue,
      daysAfter: DEMO_REMINDERS.daysAfter,
    });
    const nothing = await settings({ enabled: true, daysBefore: null, onDue: false, daysAfter: null });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ field: 'daysBefore' });
    for (const bad of [{ daysBefore: 0 }, { daysBefore: 31 }, { daysAfter: 91 }, { daysAfter: 2.5 }]) {
      expect((await settings({ ...demo.json().settings, ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const changed = await settings({ enabled: true, daysBefore: 5, onDue: false, daysAfter: 10 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await settings()).json().settings).toEqual({ enabled: true, daysBefore: 5, onDue: false, daysAfter: 10 });
    const audit = await t.app.db.selectFrom('audit_log').select(['action']).where('entity', '=', 'reminder_settings').execute();
    expect(audit.map((a) => a.action)).toEqual(['update']);
    // Back to the demo's for what follows.
    expect((await settings(demo.json().settings)).statusCode).toBe(200);
  });

  it('sends today’s reminders to every dwelling that owes and nobody else, once, with a notification and a mail', async () => {
    const outboxBefore = await count('mail_outbox');
    const res = await run();
    expect(res.statusCode, res.body).toBe(200);
    assert(res.json(), ReminderRunAnswer);
    const sent = res.json().sent;
    expect(sent).toBeGreaterThan(0);
    // Exactly the dwellings with an open charge whose reminder is due today, one reminder per kind.
    const demo = {
      enabled: true,
      daysBefore: DEMO_REMINDERS.daysBefore,
      onDue: DEMO_REMINDERS.onDue,
      daysAfter: DEMO_REMINDERS.daysAfter,
    };
    const dwellings = await t.app.db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', condoId)
      .where('active', '=', 1)
      .execute();
    const expected: string[] = [];
    for (const { id } of dwellings) {
      const { open } = await openChargesOf(t.app.db, condoId, id);
      for (const kind of new Set(open.map((c) => reminderDue(demo, c.dueOn, today())).filter((k) => k !== null)))
        expected.push(`${id}:${kind}`);
    }
    const rows = await t.app.db
      .selectFrom('payment_reminders')
      .select(['apartment_id', 'kind'])
      .where('condo_id', '=', condoId)
      .execute();
    expect(rows.map((r) => `${r.apartment_id}:${r.kind}`).sort()).toEqual(expected.sort());
    expect(sent).toBe(expected.length);

    // vecino086 (the demo's dwelling in arrears) is told by notification, which opens the money home, and by mail.
    const payer = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'vecino086@demo.mx')
      .executeTakeFirstOrThrow();
    const notices = await t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', payer.id)
      .where('modulo', '=', 'recordatorio')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.titulo).toBe('Tienes un pago vencido');
    expect(notificationTarget({ Modulo: notices[0]!.modulo, Props: notices[0]!.props })).toBe('/financiero');
    const mails = await t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'vecino086@demo.mx').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Recordatorio de pago: /);
    expect(mails[0]!.text).toContain('venció el');
    expect(await count('mail_outbox')).toBeGreaterThan(outboxBefore);

    // The list, newest first, with the dwelling's name and what it owed.
    const page = await list('?limit=5');
    assert(page.json(), ReminderListAnswer);
    expect(page.json().total).toBe(sent);
    expect(page.json().items).toHaveLength(Math.min(5, sent));
    expect(page.json().items[0]).toMatchObject({ kind: 'vencido', sentOn: today() });

    // Again: nothing new, to nobody.
    const before = { reminders: await count('payment_reminders'), mails: await count('mail_outbox') };
    expect((await run()).json().sent).toBe(0);
    expect({ reminders: await count('payment_reminders'), mails: await count('mail_outbox') }).toEqual(before);
  });

  it('the daily job reminds a charge due in three days at 15:00 UTC, and not on its due day once it is paid', async () => {
    const { apartmentId, email } = await paidUpDwelling();
    const chargeId = await chargeDueOn(apartmentId, '2026-12-03', 150_000);
    // Tomorrow 15:01 UTC, the seed's slot: two days before the due date, within the window that opens three before.
    clock.advanceMinutes(DAY_MINUTES - 59);
    await t.app.jobRunner.runOnce();
    const reminded = await remindersOf(apartmentId);
    expect(reminded).toMatchObject([{ kind: 'antes', owed_cents: 150_000, due_on: '2026-12-03', charges: 1 }]);
    const mail = await t.app.db.selectFrom('mail_outbox').select('text').where('to_address', '=', email).execute();
    expect(mail.at(-1)!.text).toContain('vence el 03/12/2026');

    // Paid from the statement (Registrar pago); on its due day the job tells nobody.
    const account = await t.app.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('condo_id', '=', condoId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const paid = await call(t.app, 'POST', api(PAYMENT_PATHS.record), {
      token: await admin(),
      payload: {
        ApartmentId: apartmentId,
        paidOn: '2026-12-01',
        amountCents: 150_000,
        accountId: account.id,
        reference: 'transferencia',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    clock.advanceMinutes(2 * DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect(await remindersOf(apartmentId)).toHaveLength(1);
    const charged = await t.app.db.selectFrom('reminded_charges').select('kind').where('charge_id', '=', chargeId).execute();
    expect(charged.map((c) => c.kind)).toEqual(['antes']);
  });

  it('two runs at once tell a dwelling once', async () => {
    const { apartmentId } = await paidUpDwelling();
    const before = (await remindersOf(apartmentId)).length;
    const chargeId = await chargeDueOn(apartmentId, today(), 80_000);
    const runs = await Promise.all(
      [1, 2].map(() => t.app.db.transaction().execute((trx) => sendReminders(trx, t.app.clock, condoId, null))),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await remindersOf(apartmentId)).slice(before).map((r) => r.kind)).toEqual(['vence']);
    const charged = await t.app.db.selectFrom('reminded_charges').select('kind').where('charge_id', '=', chargeId).execute();
    expect(charged.map((c) => c.kind)).toEqual(['vence']);
  });

  it('is for the administrators of the condominium only', async () => {
    const resident = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    const guard = await signInAs(t.app, 'guardia@demo.mx', PALMAS);
    for (const token of [resident, guard]) {
      expect((await settings(undefined, token)).statusCode).toBe(403);
      expect((await settings({ enabled: false, daysBefore: null, onDue: false, daysAfter: null }, token)).statusCode).toBe(403);
      expect((await list('', token)).statusCode).toBe(403);
      expect((await run(token)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', api(REMINDER_PATHS.list))).statusCode).toBe(401);
    // Another condominium's administrator sees none of Las Palmas's reminders, and has none of its own to send.
    const bosque = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
    expect((await list('', bosque)).json()).toMatchObject({ items: [], total: 0 });
    expect((await settings(undefined, bosque)).json().settings.enabled).toBe(false);
    expect((await run(bosque)).json().sent).toBe(0);
  });
});
