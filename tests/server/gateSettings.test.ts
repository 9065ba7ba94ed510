// The gate's settings per condominium (issue 26; configuracion 'condominio', group Caseta) on both databases: the
// defaults are the constants they replaced; an administrator saves them against the version (409 when stale);
// the ranges are the contract's; nobody else may read or save them; the walk-in's 'sin respuesta' comes after the
// configured minutes, and the parcel reminder after the configured days (the test clock moves).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONDO_SETTINGS_PATHS,
  type CondoSettings,
  type CondoSettingsFields,
  GATE_SETTING_RANGES,
} from '../../src/api/condoSettings';
import { ENTRY_PHOTO_RETENTION_DAYS } from '../../src/api/gate';
import { WALK_IN_ANSWER_MS, WALK_IN_PATHS, WalkInAnswer, WalkInAskAnswer, walkInStatusPath } from '../../src/api/gateWalkIns';
import { PARCEL_REMINDER_DAYS } from '../../src/api/parcels';
import { condoIdOf, dwellingIdOf, GATE_SEEDED } from '../support/gateServerFixtures';
import { api } from '../support/http';
import { arrivalDraft, arriveOk, userIdOf } from '../support/parcelServerFixtures';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const DAY_MINUTES = 24 * 60;

describe(`the gate's settings (${dialect})`, () => {
  const clock = testClock(GATE_SEEDED);
  let t: TestApp;
  let admin = '';
  let a101 = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    a101 = await dwellingIdOf(t.app.db, await condoIdOf(t.app.db, 'palmas'), 'Torre A - 101');
  });

  const read = async (token = admin): Promise<CondoSettings> => {
    const res = await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings), { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { settings: CondoSettings }).settings;
  };
  const save = (version: string, fields: CondoSettingsFields, token = admin) =>
    call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.save), { token, payload: { version, fields } });
  /** Saves these gate settings over the current ones; the settings as saved. */
  const setGate = async (gate: Partial<CondoSettingsFields>) => {
    const now = await read();
    const res = await save(now.version, { ...now.fields, ...gate });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { settings: CondoSettings }).settings;
  };

  it('reads the defaults, the constants they replaced', async () => {
    expect((await read()).fields).toMatchObject({
      walkInAnswerMinutes: WALK_IN_ANSWER_MS / 60_000,
      parcelReminderDays: PARCEL_REMINDER_DAYS,
      photoRetentionDays: ENTRY_PHOTO_RETENTION_DAYS,
    });
    expect(Object.fromEntries(Object.entries(GATE_SETTING_RANGES).map(([k, r]) => [k, r.byDefault]))).toEqual({
      walkInAnswerMinutes: 3,
      parcelReminderDays: 3,
      photoRetentionDays: 30,
    });
  });

  it('saves them against the version, with a history row; a stale version is 409 with the settings now', async () => {
    const before = await read();
    const saved = await setGate({ walkInAnswerMinutes: 10, parcelReminderDays: 5, photoRetentionDays: 90 });
    expect(saved.fields).toMatchObject({ walkInAnswerMinutes: 10, parcelReminderDays: 5, photoRetentionDays: 90 });
    expect(saved.version).not.toBe(before.version);
    expect((await read()).fields).toMatchObject({ walkInAnswerMinutes: 10, parcelReminderDays: 5, photoRetentionDays: 90 });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'condo_settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json as string)).toEqual({
      walkInAnswerMinutes: 10,
      parcelReminderDays: 5,
      photoRetentionDays: 90,
    });
    const stale = await save(before.version, { ...before.fields, photoRetentionDays: 7 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect((stale.json() as { settings: CondoSettings }).settings.fields.photoRetentionDays).toBe(90);
    // The other condominium keeps its own (the defaults).
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    expect((await read(bosque)).fields).toMatchObject({ walkInAnswerMinutes: 3, parcelReminderDays: 3, photoRetentionDays: 30 });
  });

  it('takes each range’s ends and refuses what is outside it, naming the field', async () => {
    const ends = await setGate({ walkInAnswerMinutes: 1, parcelReminderDays: 30, photoRetentionDays: 365 });
    expect(ends.fields).toMatchObject({ walkInAnswerMinutes: 1, parcelReminderDays: 30, photoRetentionDays: 365 });
    await setGate({ walkInAnswerMinutes: 30, parcelReminderDays: 1, photoRetentionDays: 1 });
    const now = await read();
    for (const [field, value] of [
      ['walkInAnswerMinutes', 0],
      ['walkInAnswerMinutes', 31],
      ['parcelReminderDays', 0],
      ['parcelReminderDays', 31],
      ['photoRetentionDays', 0],
      ['photoRetentionDays', 366],
    ] as const) {
      const res = await save(now.version, { ...now.fields, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json()).toMatchObject({
        field: `fields.${field}`,
        message: 'Escribe un número entero dentro del rango indicado.',
      });
    }
    for (const value of [2.5, '3', null]) {
      const res = await save(now.version, { ...now.fields, photoRetentionDays: value as number });
      expect(res.statusCode, String(value)).toBe(400);
    }
    expect((await read()).version).toBe(now.version);
  });

  it('lets only administrators read or save them', async () => {
    const now = await read();
    for (const email of ['guardia@demo.mx', 'supervisor@demo.mx', 'residente@demo.mx', 'consejo@demo.mx']) {
      const token = await signInAs(t.app, email);
      expect((await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings), { token })).statusCode, email).toBe(403);
      expect((await save(now.version, { ...now.fields, walkInAnswerMinutes: 2 }, token)).statusCode, email).toBe(403);
    }
    expect((await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings))).statusCode).toBe(401);
    expect((await read()).fields.walkInAnswerMinutes).toBe(now.fields.walkInAnswerMinutes);
  });

  it('shows a walk-in as sin respuesta after the configured minutes, fixed when it was asked', async () => {
    await setGate({ walkInAnswerMinutes: 10 });
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    const asked = await expectOk<WalkInAskAnswer>(
      call(t.app, 'POST', api(WALK_IN_PATHS.ask), {
        token: guard,
        payload: { clientId: randomUUID(), apartmentId: a101, visitorName: 'Técnico de gas', reason: 'technician', people: 1 },
      }),
      WalkInAskAnswer,
    );
    expect(Date.parse(asked.data.expiresAt) - Date.parse(asked.data.askedAt)).toBe(10 * 60_000);
    // A change now does not move the walk-in already asked.
    await setGate({ walkInAnswerMinutes: 1 });
    const statusOf = async () =>
      (await expectOk<WalkInAnswer>(call(t.app, 'GET', api(walkInStatusPath(asked.data.id)), { token: guard }), WalkInAnswer))
        .data.status;
    clock.advanceMinutes(9);
    expect(await statusOf()).toBe('asking');
    clock.advanceMinutes(1);
    expect(await statusOf()).toBe('noAnswer');
  });

  it('reminds of a parcel after the configured days', async () => {
    await setGate({ parcelReminderDays: 5 });
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    const { data } = await arriveOk(t, guard, arrivalDraft(a101, { carrier: 'Cinco días' }));
    const reminders = async () =>
      (
        await t.app.db
          .selectFrom('notifications')
          .select('texto_app')
          .where('user_id', '=', await userIdOf(t.app.db, 'residente@demo.mx'))
          .where('modulo', '=', 'paqueteria')
          .execute()
      ).filter((n) => n.texto_app.includes('Cinco días'));
    const arrivedOnly = (await reminders()).length;
    // The default's three days, and a day short of five: nothing.
    clock.advanceMinutes(4 * DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(arrivedOnly);
    expect(
      (await t.app.db.selectFrom('parcels').select('reminders').where('id', '=', data.id).executeTakeFirstOrThrow()).reminders,
    ).toBe(0);
    clock.advanceMinutes(DAY_MINUTES + 60);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(arrivedOnly + 1);
    expect(
      (await t.app.db.selectFrom('parcels').select('reminders').where('id', '=', data.id).executeTakeFirstOrThrow()).reminders,
    ).toBe(1);
  });
});
