// Parcels (src/api/parcels.ts) on both databases: logging an arrival tells the dwelling's residents; a replayed
// clientId records once; the resident reads their own dwellings' parcels with the pickup code, nobody else's;
// the gate hands over with the right code (409 for a wrong one, 429 past the limit) or a signature; another
// condominium's parcel is 404; two guards handing the same parcel over at once: one succeeds, the other 409;
// the reminder job reminds parcels waiting PARCEL_REMINDER_DAYS, at most once a day. A parcel logged offline is
// recorded as arrived when the device says (within the gate's limits: 400 beyond), once however often it comes.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE_PINS } from '../../server/db/seed/gateDevices';
import { DEMO_PARCELS } from '../../server/db/seed/parcels';
import { PICKUP_CODE_SCHEME } from '../../server/domain/parcels/pickupCode';
import { notificationWords } from '../../server/domain/shared/notificationWords';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import type { ErrorAnswer } from '../../src/api/errors';
import { GATE_LIMITS } from '../../src/api/gate';
import { notificationTarget } from '../../src/api/notifications';
import { PARCEL_PATHS, PARCEL_REMINDER_DAYS, ParcelAnswer, ParcelDwellingsAnswer } from '../../src/api/parcels';
import { pairedDevice, shiftSession } from '../support/gateDeviceServerFixtures';
import { api } from '../support/http';
import {
  anyDwellingOf,
  arrivalDraft,
  arrive,
  arriveOk,
  condoId,
  dwellingId,
  handOverWithCode,
  handOverWithSignature,
  myParcels,
  PNG_1X1,
  userIdOf,
  waitingParcels,
} from '../support/parcelServerFixtures';
import {
  call,
  createTestApp,
  dialect,
  expectOk,
  RELAXED_RATE_LIMITS,
  signInAs,
  type TestApp,
  testClock,
} from '../support/testApp';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

describe(`parcels (${dialect})`, () => {
  // A clock of this file's own (it moves days for the reminders): its seed is this app's.
  const clock = testClock(new Date('2026-03-02T15:00:00.123Z'));
  let t: TestApp;
  let guard: string;
  let resident: string;
  let admin: string;
  let a101: number;
  let a603: number;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      rateLimits: { ...RELAXED_RATE_LIMITS, parcelCodePerParcel: DEFAULT_RATE_LIMITS.parcelCodePerParcel },
    });
    guard = await signInAs(t.app, 'guardia@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    a101 = await dwellingId(t.app.db, 'Torre A/101');
    a603 = await dwellingId(t.app.db, 'Torre A/603');
  });

  const notificationsOf = async (email: string) =>
    t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', await userIdOf(t.app.db, email))
      .where('modulo', '=', 'paqueteria')
      .orderBy('id')
      .execute();

  it('lists the dwellings a parcel can be logged for', async () => {
    const body = await expectOk<ParcelDwellingsAnswer>(
      call(t.app, 'GET', api(PARCEL_PATHS.dwellings), { token: guard }),
      ParcelDwellingsAnswer,
    );
    expect(body.items).toContainEqual({ apartmentId: a101, tower: 'Torre A', apartment: '101' });
  });

  it('logs an arrival, tells the dwelling’s residents with the code, and the resident sees the same code', async () => {
    const before = (await notificationsOf('residente@demo.mx')).length;
    const draft = arrivalDraft(a101, { carrier: 'Estafeta', size: 'mediano', photo: PNG_1X1 });
    const { data, replayed } = await arriveOk(t, guard, draft);
    expect(replayed).toBe(false);
    expect(data).toMatchObject({ status: 'waiting', carrier: 'Estafeta', dwelling: { tower: 'Torre A', apartment: '101' } });
    // The gate never reads the code.
    expect(data.pickupCode).toBeNull();
    expect(data.photoUrl).toMatch(/\/api\/--paqueteria\/archivo\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
    const photo = await t.app.inject({ method: 'GET', url: data.photoUrl! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const notices = await notificationsOf('residente@demo.mx');
    expect(notices.length).toBe(before + 1);
    const notice = notices.at(-1)!;
    expect(notice.titulo).toBe('Llegó un paquete');
    const mine = await myParcels(t, resident, '?status=waiting');
    const listed = mine.items.find((p) => p.id === data.id)!;
    expect(listed.pickupCode).toMatch(/^\d{6}$/);
    expect(notice.texto_app).toContain(listed.pickupCode!);
    expect(notice.texto_app).toContain('Torre A - 101');
    expect(notificationTarget({ Modulo: notice.modulo, Props: notice.props })).toBe('/paqueteria');
    // Nothing of the code is stored: the row names how it is derived.
    const row = await t.app.db.selectFrom('parcels').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row.pickup_code_hash).toBe(PICKUP_CODE_SCHEME);
    expect(JSON.stringify(row)).not.toContain(listed.pickupCode!);
  });

  it('e-mails the dwelling’s residents the code once, after the answer; a replay mails nothing', async () => {
    const mails = async () =>
      t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'residente@demo.mx').orderBy('id').execute();
    const before = (await mails()).length;
    const draft = arrivalDraft(a101, { carrier: 'Paquetexpress', size: 'grande' });
    const { data } = await arriveOk(t, guard, draft);
    await arriveOk(t, guard, draft);
    await t.app.tasks.drain();
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    const code = (await myParcels(t, resident, '?status=waiting')).items.find((p) => p.id === data.id)!.pickupCode!;
    expect(sent[0]!.subject).toBe('Llegó un paquete para Torre A - 101');
    expect(sent[0]!.text).toContain(`paquete grande de Paquetexpress para Torre A - 101`);
    expect(sent[0]!.text).toContain(code);
  });

  it('words the notice in each resident’s language when read (the row keeps the Spanish words)', async () => {
    const residentId = await userIdOf(t.app.db, 'residente@demo.mx');
    await t.app.db.updateTable('memberships').set({ language: 'en' }).where('user_id', '=', residentId).execute();
    try {
      await arriveOk(t, guard, arrivalDraft(a101, { carrier: 'UPS', size: 'sobre' }));
      const notice = (await notificationsOf('residente@demo.mx')).at(-1)!;
      expect(notice.titulo).toBe('Llegó un paquete');
      const read = notificationWords('en', notice);
      expect(read.Titulo).toBe('A parcel arrived');
      expect(read.TextoApp).toContain('envelope from UPS');
    } finally {
      await t.app.db.updateTable('memberships').set({ language: 'es' }).where('user_id', '=', residentId).execute();
    }
  });

  it('answers a replayed clientId with the parcel logged the first time and writes nothing', async () => {
    const draft = arrivalDraft(a603);
    const first = await arriveOk(t, guard, draft);
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('parcels')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const notices = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [parcels, told] = [await count(), await notices()];
    const again = await arriveOk(t, guard, { ...draft, carrier: 'Otro' });
    expect(again.replayed).toBe(true);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.carrier).toBe('DHL');
    expect([await count(), await notices()]).toEqual([parcels, told]);
  });

  it('records a parcel logged offline as arrived when the device says, tells its residents when it arrives, and once', async () => {
    const before = (await notificationsOf('residente@demo.mx')).length;
    const occurredAt = new Date(clock.now().getTime() - 20 * 60 * MINUTE).toISOString();
    const draft = arrivalDraft(a101, { carrier: 'Sin red', occurredAt, offline: true });
    const first = await arriveOk(t, guard, draft);
    expect(first.replayed).toBe(false);
    const row = await t.app.db.selectFrom('parcels').selectAll().where('id', '=', first.data.id).executeTakeFirstOrThrow();
    expect(row.arrived_at).toBe(occurredAt);
    // Las Palmas is in Mexico City's zone (UTC-6 in March); the separator of date and time is left aside.
    expect(first.data.arrivedAt.replace('T', ' ')).toBe(
      new Date(Date.parse(occurredAt) - 6 * 60 * MINUTE).toISOString().slice(0, 16).replace('T', ' '),
    );
    expect((await notificationsOf('residente@demo.mx')).length).toBe(before + 1);
    // The device's queue sends it again (its answer was lost): the same parcel, nothing written.
    const again = await arriveOk(t, guard, draft);
    expect(again).toMatchObject({ replayed: true, data: { id: first.data.id } });
    expect((await notificationsOf('residente@demo.mx')).length).toBe(before + 1);
  });

  it('takes a device’s clock a little ahead, and refuses an arrival dated too far ahead or too long ago', async () => {
    const at = (minutesFromNow: number) => new Date(clock.now().getTime() + minutesFromNow * MINUTE).toISOString();
    const ahead = arrivalDraft(a101, { occurredAt: at(GATE_LIMITS.clockSkewMinutes - 1), offline: true });
    expect((await arriveOk(t, guard, ahead)).replayed).toBe(false);
    const refused = [
      { occurredAt: at(GATE_LIMITS.clockSkewMinutes + 1), message: 'La hora del dispositivo está adelantada.' },
      {
        occurredAt: at(-GATE_LIMITS.offlineDays * DAY_MINUTES - 1),
        message: 'El paquete se registró sin conexión hace más de 7 días y ya no se puede registrar.',
      },
    ];
    for (const { occurredAt, message } of refused) {
      const draft = arrivalDraft(a101, { occurredAt, offline: true });
      const res = await arrive(t, guard, draft);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorAnswer>()).toMatchObject({ field: 'occurredAt', message: expect.stringContaining(message) });
      const written = await t.app.db.selectFrom('parcels').select('id').where('client_id', '=', draft.clientId).execute();
      expect(written).toEqual([]);
    }
  });

  it('refuses another condominium’s dwelling and a picture that is not one', async () => {
    const other = await anyDwellingOf(t.app.db, 'bosque');
    const res = await arrive(t, guard, arrivalDraft(other));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'apartmentId' });
    const fake = `data:image/png;base64,${Buffer.from('not a png at all, really').toString('base64')}`;
    const bad = await arrive(t, guard, arrivalDraft(a101, { photo: fake }));
    expect(bad.statusCode).toBe(400);
  });

  it('hands over with the right code; a wrong code is 409 and leaves it waiting', async () => {
    const { data } = await arriveOk(t, guard, arrivalDraft(a101));
    const code = (await myParcels(t, resident, '?status=waiting')).items.find((p) => p.id === data.id)!.pickupCode!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await handOverWithCode(t, guard, data.id, wrong);
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as ErrorAnswer;
    expect(body).toMatchObject({ success: false, code: 'CONFLICT', messageId: 'parcelsNotices.refusal.wrongCode' });
    expect(body.message).toContain('código de entrega');
    const handed = await expectOk<ParcelAnswer>(handOverWithCode(t, guard, data.id, code), ParcelAnswer);
    expect(handed.data).toMatchObject({ status: 'collected', collectedMethod: 'code', pickupCode: null });
    // One-time: the same code again finds it collected.
    expect((await handOverWithCode(t, guard, data.id, code)).statusCode).toBe(409);
    const history = await myParcels(t, resident, '?status=collected');
    expect(history.items.find((p) => p.id === data.id)).toMatchObject({ status: 'collected', pickupCode: null });
  });

  it('counts code attempts per parcel: past the limit, 429', async () => {
    const { data } = await arriveOk(t, guard, arrivalDraft(a603));
    const { max } = DEFAULT_RATE_LIMITS.parcelCodePerParcel;
    for (let i = 0; i < max; i++) expect((await handOverWithCode(t, guard, data.id, '000000')).statusCode).toBeOneOf([409, 200]);
    expect((await handOverWithCode(t, guard, data.id, '000000')).statusCode).toBe(429);
  });

  it('hands over with a signature, kept as a PNG with the name of who took it', async () => {
    const { data } = await arriveOk(t, admin, arrivalDraft(a101, { size: 'grande' }));
    const nameless = await call(t.app, 'POST', api(`/--paqueteria/${data.id}/entregar-con-firma`), {
      token: guard,
      payload: { signature: PNG_1X1, collectedByName: '  ' },
    });
    expect(nameless.statusCode).toBe(400);
    const handed = await expectOk<ParcelAnswer>(handOverWithSignature(t, guard, data.id, 'Rosa Hernández Díaz'), ParcelAnswer);
    expect(handed.data).toMatchObject({
      status: 'collected',
      collectedMethod: 'signature',
      collectedByName: 'Rosa Hernández Díaz',
    });
    const signature = await t.app.inject({ method: 'GET', url: handed.data.signatureUrl! });
    expect(signature.statusCode).toBe(200);
    expect((await handOverWithSignature(t, guard, data.id)).statusCode).toBe(409);
  });

  it('gives one of two guards handing the same parcel over at once the parcel, the other 409', async () => {
    const supervisor = await signInAs(t.app, 'supervisor@demo.mx');
    for (let round = 0; round < 3; round++) {
      const { data } = await arriveOk(t, guard, arrivalDraft(a603));
      const files = async () =>
        Number(
          (
            await t.app.db
              .selectFrom('files')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const filesBefore = await files();
      const statuses = (
        await Promise.all([handOverWithSignature(t, guard, data.id, 'Uno'), handOverWithSignature(t, supervisor, data.id, 'Dos')])
      ).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([200, 409]);
      const row = await t.app.db.selectFrom('parcels').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('collected');
      // The loser's signature was not kept.
      expect(await files()).toBe(filesBefore + 1);
    }
  });

  it('shows a resident only their own dwellings’ parcels', async () => {
    const { data: theirs } = await arriveOk(t, guard, arrivalDraft(a603, { carrier: 'Solo 603' }));
    const mine = await myParcels(t, resident, '?limit=50');
    expect(mine.items.every((p) => p.dwelling.apartmentId === a101)).toBe(true);
    expect(mine.items.some((p) => p.id === theirs.id)).toBe(false);
    // The demo's: two waiting for Torre A - 101, one collected.
    const demo = DEMO_PARCELS.filter((p) => p.dwelling === 'Torre A/101').map((p) => p.clientId);
    expect(
      mine.items
        .filter((p) => demo.includes(p.clientId))
        .map((p) => p.status)
        .sort(),
    ).toEqual(['collected', 'waiting', 'waiting']);
    // Waiting first.
    const statuses = mine.items.map((p) => p.status);
    expect(statuses.indexOf('collected')).toBeGreaterThan(statuses.lastIndexOf('waiting'));
    // A member with no dwelling reads an empty list.
    const employee = await signInAs(t.app, 'empleado@demo.mx');
    expect((await myParcels(t, employee)).items).toEqual([]);
  });

  it('lists the waiting parcels by dwelling, searchable and paged', async () => {
    const all = await waitingParcels(t, guard, '?limit=50');
    expect(all.items.every((p) => p.status === 'waiting' && p.pickupCode === null)).toBe(true);
    const labels = all.items.map((p) => `${p.dwelling.tower}/${p.dwelling.apartment}`);
    expect(labels.indexOf('Torre A/101')).toBeLessThan(labels.indexOf('Torre B/803'));
    const found = await waitingParcels(t, guard, `?q=${encodeURIComponent('mercado libre')}`);
    expect(found.items.map((p) => p.carrier)).toEqual(['Mercado Libre']);
    const byDwelling = await waitingParcels(t, guard, `?apartmentId=${a101}&limit=1`);
    expect(byDwelling.items).toHaveLength(1);
    expect(byDwelling.total).toBeGreaterThan(1);
    const second = await waitingParcels(t, guard, `?apartmentId=${a101}&limit=1&offset=1`);
    expect(second.items[0]!.id).not.toBe(byDwelling.items[0]!.id);
  });

  it('lets a paired device’s shift log, list and hand over, recording the device, but not read anyone’s own list', async () => {
    const device = await pairedDevice(t.app, admin, 'Tableta de paquetería');
    const shift = await shiftSession(t.app, device.token, 'Gabriel Flores Luna', DEMO_GATE_PINS['guardia@demo.mx']!);
    const { data } = await arriveOk(t, shift, arrivalDraft(a101, { carrier: 'Turno' }));
    const row = await t.app.db.selectFrom('parcels').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_id: device.id, logged_by_user_id: await userIdOf(t.app.db, 'guardia@demo.mx') });
    expect((await waitingParcels(t, shift)).items.some((p) => p.id === data.id)).toBe(true);
    await expectOk(handOverWithSignature(t, shift, data.id));
    expect((await call(t.app, 'GET', api(PARCEL_PATHS.mine), { token: shift })).statusCode).toBe(403);
  });

  it('answers 404 for another condominium’s parcel', async () => {
    const bosque = await condoId(t.app.db, 'bosque');
    const other = await t.app.db
      .insertInto('parcels')
      .values({
        condo_id: bosque,
        client_id: crypto.randomUUID(),
        apartment_id: await anyDwellingOf(t.app.db, 'bosque'),
        carrier: 'DHL',
        size: 'sobre',
        pickup_code_hash: PICKUP_CODE_SCHEME,
        status: 'waiting',
        arrived_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await handOverWithCode(t, guard, other.id, '123456')).statusCode).toBe(404);
    expect((await handOverWithSignature(t, guard, other.id)).statusCode).toBe(404);
    expect((await handOverWithCode(t, guard, 2_000_000_000, '123456')).statusCode).toBe(404);
  });

  it(`reminds the residents of parcels waiting ${PARCEL_REMINDER_DAYS} days, at most once a day`, async () => {
    const { data } = await arriveOk(t, guard, arrivalDraft(a101, { carrier: 'Recordatorio' }));
    const reminders = async () =>
      (await notificationsOf('residente@demo.mx')).filter(
        (n) => n.titulo === 'Tu paquete sigue en la caseta' && n.texto_app.includes('Recordatorio'),
      );
    const rowOf = () => t.app.db.selectFrom('parcels').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    // A day short of due: nothing for it.
    clock.advanceMinutes((PARCEL_REMINDER_DAYS - 1) * DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(0);
    // Due: one reminder, counted.
    clock.advanceMinutes(DAY_MINUTES + 60);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(1);
    expect(await rowOf()).toMatchObject({ reminders: 1 });
    expect((await rowOf()).reminded_at).not.toBeNull();
    // The same day again: no second reminder.
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(1);
    // The next day: a second one; then collected, no more.
    clock.advanceMinutes(DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(2);
    expect((await reminders()).at(-1)!.texto_app).toMatch(/desde hace \d+ días/);
    // Sessions end as the clock moves days: the guard signs in again.
    await expectOk(handOverWithSignature(t, await signInAs(t.app, 'guardia@demo.mx'), data.id));
    clock.advanceMinutes(DAY_MINUTES);
    await t.app.jobRunner.runOnce();
    expect(await reminders()).toHaveLength(2);
  });
});
