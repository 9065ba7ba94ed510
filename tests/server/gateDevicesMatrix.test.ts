// Who may call what among the gate devices' paths (issue 26): every demo account of DESIGN.md §6 and a caller
// without a session, against every path of src/api/gateDevices.ts, on Las Palmas's devices and on Torres del
// Bosque's (404 for the administrator: nothing says it exists). Pairing and the shift screen's calls answer to
// the device's token, never to a person's session. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE_DEVICE_TOKEN } from '../../server/db/seed/gateDevices';
import { GATE_DEVICE_PATHS, gateDevicePath } from '../../src/api/gateDevices';
import { deviceHeaders, registerDevice } from '../support/gateDeviceServerFixtures';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];
const ALL_401: Expected = [401, 401, 401, 401, 401, 401, 401, 401];
const ALL_200: Expected = [200, 200, 200, 200, 200, 200, 200, 200];
/** canUseGate: administrators, guards and supervisors with ACC-PAS. */
const GATE_STAFF: Expected = [200, 403, 403, 403, 200, 200, 401, 401];
const GATE_STAFF_WRONG_PASSWORD: Expected = [401, 403, 403, 403, 401, 401, 401, 401];

const fixtures = { device: 0, bosqueDevice: 0 };
const draft = { name: 'Matriz', accessPoint: 'Caseta' };

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: GATE_DEVICE_PATHS.list,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', GATE_DEVICE_PATHS.list),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.register,
    variant: 'new',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', GATE_DEVICE_PATHS.register, draft),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.update,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.update, fixtures.device), draft),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.update,
    variant: "another condominium's device",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.update, fixtures.bosqueDevice), draft),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.newCode,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.newCode, fixtures.device)),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.newCode,
    variant: "another condominium's device",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.newCode, fixtures.bosqueDevice)),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.revoke,
    variant: 'a device of its own',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const admin = await signInAs(t.app, 'admin@demo.mx');
      const { device } = await registerDevice(t.app, admin, 'Para revocar');
      return status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.revoke, device.id));
    },
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.revoke,
    variant: "another condominium's device",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.revoke, fixtures.bosqueDevice)),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.pair,
    variant: 'wrong code, whoever sends it',
    expected: ALL_401,
    run: (t, c) => status(t, c, 'POST', gateDevicePath(GATE_DEVICE_PATHS.pair, fixtures.device), { code: '00000000' }),
  },
  {
    method: 'GET',
    path: GATE_DEVICE_PATHS.shiftStaff,
    variant: 'a session but no device',
    expected: ALL_401,
    run: (t, c) => status(t, c, 'GET', GATE_DEVICE_PATHS.shiftStaff),
  },
  {
    method: 'GET',
    path: GATE_DEVICE_PATHS.shiftStaff,
    variant: 'the paired demo device',
    expected: ALL_200,
    run: async (t, c) =>
      (
        await call(t.app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), {
          token: c.token,
          headers: deviceHeaders(DEMO_GATE_DEVICE_TOKEN),
        })
      ).statusCode,
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.openShift,
    variant: 'the paired demo device, wrong PIN',
    expected: ALL_401,
    run: async (t, c) =>
      (
        await call(t.app, 'POST', api(GATE_DEVICE_PATHS.openShift), {
          token: c.token,
          headers: deviceHeaders(DEMO_GATE_DEVICE_TOKEN),
          payload: { membershipId: 1, pin: '000000' },
        })
      ).statusCode,
  },
  {
    method: 'GET',
    path: GATE_DEVICE_PATHS.pin,
    variant: 'own PIN',
    expected: GATE_STAFF,
    run: (t, c) => status(t, c, 'GET', GATE_DEVICE_PATHS.pin),
  },
  {
    method: 'POST',
    path: GATE_DEVICE_PATHS.pin,
    variant: 'wrong password',
    expected: GATE_STAFF_WRONG_PASSWORD,
    run: (t, c) => status(t, c, 'POST', GATE_DEVICE_PATHS.pin, { password: 'no-es-la-clave', pin: '4321' }),
  },
];

describe(`gate devices: who may call what (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.device = (await registerDevice(t.app, admin, 'Matriz')).device.id;
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    fixtures.bosqueDevice = (await registerDevice(t.app, bosque, 'Bosque')).device.id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the gate devices contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(GATE_DEVICE_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
