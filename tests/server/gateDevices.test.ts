// Gate devices, pairing and shifts (issue 26) on both databases: registering shows a one-time code; pairing
// refuses a wrong, expired or spent code; a shift needs the guard's PIN; a shift session does gate work only
// (403 elsewhere, session data and sign-out accepted); revoking ends the device's token and its shifts at once;
// another condominium's device is 404; PINs are set with the current password.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { DEMO_GATE_DEVICE_TOKEN } from '../../server/db/seed/gateDevices';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { CONVERSATIONS_PATHS } from '../../src/api/conversations';
import { FINANCE_PATHS } from '../../src/api/finance';
import {
  GATE_DEVICE_PATHS,
  GateDeviceAnswer,
  GateDeviceCodeAnswer,
  GateDeviceListAnswer,
  gateDevicePath,
  PairAnswer,
  PinStatusAnswer,
} from '../../src/api/gateDevices';
import { SESSION_PATHS, SessionDataAnswer } from '../../src/api/sessions';
import {
  deviceHeaders,
  openShift,
  pair,
  pairedDevice,
  registerDevice,
  shiftSession,
  staffOf,
} from '../support/gateDeviceServerFixtures';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

const GUARD = 'Gabriel Flores Luna';
const SUPERVISOR = 'Sofía Vargas Peña';
const ADMIN = 'Ana Martínez Ruiz';

describe(`gate devices (${dialect})`, () => {
  const clock = testClock(new Date('2026-03-02T15:00:00.123Z'));
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  const list = async () =>
    (
      await expectOk<GateDeviceListAnswer>(
        call(t.app, 'GET', api(GATE_DEVICE_PATHS.list), { token: admin }),
        GateDeviceListAnswer,
      )
    ).items;
  const auditRows = (id: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'gate_device')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  it('lists the demo devices: the paired caseta and one waiting', async () => {
    const items = await list();
    expect(items.map((d) => [d.name, d.state])).toEqual(
      expect.arrayContaining([
        ['Caseta principal', 'paired'],
        ['Caseta peatonal', 'waiting'],
      ]),
    );
  });

  it('registers a device with an 8-digit code valid 15 minutes, kept only hashed', async () => {
    const answer = await registerDevice(t.app, admin, 'Tableta norte', 'Acceso norte');
    expect(() => GateDeviceCodeAnswer.create(answer)).not.toThrow();
    expect(answer.code).toMatch(/^\d{8}$/);
    expect(Date.parse(answer.expiresAt) - clock.now().getTime()).toBe(15 * 60_000);
    expect(answer.device).toMatchObject({ name: 'Tableta norte', accessPoint: 'Acceso norte', state: 'waiting', pairedAt: null });
    const row = await t.app.db
      .selectFrom('gate_devices')
      .selectAll()
      .where('id', '=', answer.device.id)
      .executeTakeFirstOrThrow();
    expect(row.pairing_code_hash).not.toContain(answer.code);
    expect(row.token_hash).toBeNull();
    expect((await auditRows(answer.device.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('pairs with the right code once; a wrong, spent or expired code is refused', async () => {
    const { device, code } = await registerDevice(t.app, admin);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const refused = await pair(t.app, device.id, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, messageId: 'gateDevices.error.wrongCode' });
    const paired = await expectOk<PairAnswer>(pair(t.app, device.id, code), PairAnswer);
    expect(paired.device).toMatchObject({
      deviceId: device.id,
      deviceName: 'Tableta de prueba',
      accessPoint: 'Caseta norte',
      condoName: 'Residencial Las Palmas',
    });
    expect(paired.device.token.length).toBeGreaterThanOrEqual(43);
    expect((await pair(t.app, device.id, code)).statusCode).toBe(401);
    const row = await t.app.db.selectFrom('gate_devices').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pairing_code_hash: null, pairing_expires_at: null });
    expect(row.token_hash).not.toBe(paired.device.token);
    expect((await list()).find((d) => d.id === device.id)).toMatchObject({
      state: 'paired',
      pairedAt: clock.now().toISOString(),
    });
    expect((await auditRows(device.id)).map((r) => r.action)).toEqual(['create', 'vincular']);

    const late = await registerDevice(t.app, admin, 'Tarde');
    clock.advanceMinutes(16);
    expect((await pair(t.app, late.device.id, late.code)).statusCode).toBe(401);
    expect((await list()).find((d) => d.id === late.device.id)?.pairingExpiresAt).toBeNull();
    // A new code works where the expired one did not.
    const fresh = await expectOk<GateDeviceCodeAnswer>(
      call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.newCode, late.device.id)), { token: admin }),
    );
    expect((await pair(t.app, late.device.id, late.code)).statusCode).toBe(401);
    expect((await pair(t.app, late.device.id, fresh.code)).statusCode).toBe(200);
  });

  it('pairing again replaces the old token', async () => {
    const { id, token } = await pairedDevice(t.app, admin);
    const again = await expectOk<GateDeviceCodeAnswer>(
      call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.newCode, id)), { token: admin }),
    );
    // Until the new code is typed, the old token still works.
    expect((await staffOf(t.app, token)).length).toBeGreaterThan(0);
    expect((await pair(t.app, id, again.code)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), { headers: deviceHeaders(token) })).statusCode).toBe(401);
  });

  it('renames a device and records it', async () => {
    const { device } = await registerDevice(t.app, admin);
    const renamed = await expectOk<GateDeviceAnswer>(
      call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.update, device.id)), {
        token: admin,
        payload: { name: 'Tableta sur', accessPoint: 'Acceso sur' },
      }),
      GateDeviceAnswer,
    );
    expect(renamed.device).toMatchObject({ name: 'Tableta sur', accessPoint: 'Acceso sur' });
    const bad = await call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.update, device.id)), {
      token: admin,
      payload: { name: '  ', accessPoint: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the gate staff to the paired device only, with whether they have a PIN', async () => {
    const staff = await staffOf(t.app, DEMO_GATE_DEVICE_TOKEN);
    const names = staff.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining([GUARD, SUPERVISOR, ADMIN]));
    expect(names).not.toContain('Rosa Hernández Díaz');
    expect(names).not.toContain('Emilio Torres Vega');
    expect(staff.find((m) => m.name === GUARD)).toMatchObject({ hasPin: true });
    expect(staff.find((m) => m.name === ADMIN)).toMatchObject({ hasPin: false });
    expect(Object.keys(staff[0]!).sort()).toEqual(['hasPin', 'membershipId', 'name']);
    expect((await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff))).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), { headers: deviceHeaders('x'.repeat(43)) })).statusCode,
    ).toBe(401);
    // An app-token is not a device token.
    expect((await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), { token: admin })).statusCode).toBe(401);
  });

  it('opens a shift with the right PIN only; the shift does gate work only', async () => {
    const staff = await staffOf(t.app, DEMO_GATE_DEVICE_TOKEN);
    const guard = staff.find((m) => m.name === GUARD)!;
    const wrong = await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, guard.membershipId, '9999');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ messageId: 'gateDevices.error.wrongPin' });
    const resident = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.email', '=', 'residente@demo.mx')
      .executeTakeFirstOrThrow();
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, resident.id, '1234')).statusCode).toBe(401);
    // Without the device's token, no PIN opens anything.
    expect(
      (
        await call(t.app, 'POST', api(GATE_DEVICE_PATHS.openShift), {
          payload: { membershipId: guard.membershipId, pin: '1234' },
        })
      ).statusCode,
    ).toBe(401);

    const shift = await shiftSession(t.app, DEMO_GATE_DEVICE_TOKEN, GUARD, '1234');
    const row = await t.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('kind', '=', 'gate')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.absolute_expires_at) - clock.now().getTime()).toBe(12 * 3_600_000);
    expect(row.device_id).not.toBeNull();

    const data = await expectOk<SessionDataAnswer>(getSessionData(t.app, shift), SessionDataAnswer);
    expect(data.data.dispositivo).toMatchObject({ name: 'Caseta principal', accessPoint: 'Caseta principal' });
    expect(data.data.usuario.UserName).toBe(GUARD);
    const own = await expectOk<SessionDataAnswer>(getSessionData(t.app, admin));
    expect(own.data.dispositivo).toBeNull();

    for (const path of [FINANCE_PATHS.years, CONVERSATIONS_PATHS.list, SESSION_PATHS.activeSessions, GATE_DEVICE_PATHS.pin]) {
      expect((await call(t.app, 'GET', api(path), { token: shift })).statusCode, path).toBe(403);
    }
    expect((await call(t.app, 'GET', api(GATE_DEVICE_PATHS.list), { token: shift })).statusCode).toBe(403);

    // A new shift on the device ends the one before it.
    const next = await shiftSession(t.app, DEMO_GATE_DEVICE_TOKEN, SUPERVISOR, '5678');
    expect((await getSessionData(t.app, shift)).statusCode).toBe(401);
    // "Terminar turno": sign-out ends the shift; the device's token stays.
    expect((await call(t.app, 'POST', api(SESSION_PATHS.signOut), { token: next })).statusCode).toBe(200);
    expect((await getSessionData(t.app, next)).statusCode).toBe(401);
    expect((await staffOf(t.app, DEMO_GATE_DEVICE_TOKEN)).length).toBeGreaterThan(0);
  });

  it('keeps the device’s last use to the minute', async () => {
    const { id, token } = await pairedDevice(t.app, admin);
    const lastUsed = async () =>
      (await t.app.db.selectFrom('gate_devices').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow())
        .last_used_at;
    await staffOf(t.app, token);
    const first = await lastUsed();
    expect(first).toBe(clock.now().toISOString());
    await staffOf(t.app, token);
    expect(await lastUsed()).toBe(first);
    clock.advanceMinutes(2);
    await staffOf(t.app, token);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('revoking a device ends its token and its shift at once', async () => {
    const { id, token } = await pairedDevice(t.app, admin);
    const shift = await shiftSession(t.app, token, GUARD, '1234');
    expect((await getSessionData(t.app, shift)).statusCode).toBe(200);
    const revoked = await expectOk<GateDeviceAnswer>(
      call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.revoke, id)), { token: admin }),
    );
    expect(revoked.device.state).toBe('revoked');
    expect((await getSessionData(t.app, shift)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), { headers: deviceHeaders(token) })).statusCode).toBe(401);
    const sessions = await t.app.db.selectFrom('sessions').select('revoked_at').where('device_id', '=', id).execute();
    expect(sessions.length).toBe(1);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    // A revoked device gets no new code and no new name.
    expect((await call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.newCode, id)), { token: admin })).statusCode).toBe(
      409,
    );
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['create', 'vincular', 'revocar']);
    // Revoked ones come last.
    expect((await list()).at(-1)?.id).toBe(id);
  });

  it('answers 404 for another condominium’s device', async () => {
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const { device } = await registerDevice(t.app, bosqueAdmin, 'Bosque');
    for (const path of [GATE_DEVICE_PATHS.newCode, GATE_DEVICE_PATHS.revoke]) {
      const res = await call(t.app, 'POST', api(gateDevicePath(path, device.id)), { token: admin });
      expect(res.statusCode, path).toBe(404);
    }
    const update = await call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.update, device.id)), {
      token: admin,
      payload: { name: 'Mío', accessPoint: 'x' },
    });
    expect(update.statusCode).toBe(404);
    expect((await list()).some((d) => d.id === device.id)).toBe(false);
    expect((await call(t.app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.revoke, 999_999)), { token: admin })).statusCode).toBe(
      404,
    );
  });

  it('lets gate staff set their PIN with their password, and only then opens shifts with it', async () => {
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    const status = await expectOk<{ hasPin: boolean }>(
      call(t.app, 'GET', api(GATE_DEVICE_PATHS.pin), { token: guard }),
      PinStatusAnswer,
    );
    expect(status.hasPin).toBe(true);
    const wrong = await call(t.app, 'POST', api(GATE_DEVICE_PATHS.pin), {
      token: guard,
      payload: { password: 'nope-nope', pin: '2468' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', api(GATE_DEVICE_PATHS.pin), { token: guard, payload: { password: DEMO_PASSWORD, pin: '12a4' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', api(GATE_DEVICE_PATHS.pin), {
          token: guard,
          payload: { password: DEMO_PASSWORD, pin: '246813' },
        })
      ).statusCode,
    ).toBe(200);
    const member = (await staffOf(t.app, DEMO_GATE_DEVICE_TOKEN)).find((m) => m.name === GUARD)!;
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, member.membershipId, '1234')).statusCode).toBe(401);
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, member.membershipId, '246813')).statusCode).toBe(200);

    const adminStatus = await expectOk<{ hasPin: boolean }>(call(t.app, 'GET', api(GATE_DEVICE_PATHS.pin), { token: admin }));
    expect(adminStatus.hasPin).toBe(false);
    const resident = await signInAs(t.app, 'consejo@demo.mx');
    expect(
      (
        await call(t.app, 'POST', api(GATE_DEVICE_PATHS.pin), {
          token: resident,
          payload: { password: DEMO_PASSWORD, pin: '1111' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe(`gate device rate limits (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        gatePairPerDevice: { max: 3, windowSeconds: 60 },
        gatePairPerIp: { max: 5, windowSeconds: 60 },
        gateShiftPerMember: { max: 2, windowSeconds: 60 },
      },
    });
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  it('counts pairing tries per device, even the right code once over', async () => {
    const { device, code } = await registerDevice(t.app, admin);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 3; i++) expect((await pair(t.app, device.id, wrong, '10.9.0.1')).statusCode).toBe(401);
    const limited = await pair(t.app, device.id, code, '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts pairing tries per address across devices', async () => {
    const a = await registerDevice(t.app, admin, 'A');
    const b = await registerDevice(t.app, admin, 'B');
    for (let i = 0; i < 2; i++) expect((await pair(t.app, a.device.id, '12345678', '10.9.0.3')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await pair(t.app, b.device.id, '12345678', '10.9.0.3')).statusCode).toBe(401);
    expect((await pair(t.app, b.device.id, '12345678', '10.9.0.3')).statusCode).toBe(401);
    expect((await pair(t.app, b.device.id, b.code, '10.9.0.3')).statusCode).toBe(429);
  });

  it('counts PIN tries per member', async () => {
    const member = (await staffOf(t.app, DEMO_GATE_DEVICE_TOKEN)).find((m) => m.name === SUPERVISOR)!;
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, member.membershipId, '0000')).statusCode).toBe(401);
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, member.membershipId, '0001')).statusCode).toBe(401);
    expect((await openShift(t.app, DEMO_GATE_DEVICE_TOKEN, member.membershipId, '5678')).statusCode).toBe(429);
  });
});
