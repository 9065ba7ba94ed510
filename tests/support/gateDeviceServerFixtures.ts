// Gate devices set up on a test app (issue 26): register one as an administrator, pair it with its code, and
// open a shift with a guard's PIN, each expecting success. Server tests only.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  GATE_DEVICE_HEADER,
  GATE_DEVICE_PATHS,
  type GateDeviceCodeAnswer,
  gateDevicePath,
  type PairAnswer,
  type ShiftAnswer,
  type ShiftStaffAnswer,
} from '../../src/api/gateDevices';
import { api } from './http';
import { call } from './testApp';

export async function registerDevice(
  app: FastifyInstance,
  adminToken: string,
  name = 'Tableta de prueba',
  accessPoint = 'Caseta norte',
) {
  const res = await call(app, 'POST', api(GATE_DEVICE_PATHS.register), { token: adminToken, payload: { name, accessPoint } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GateDeviceCodeAnswer;
}

export function pair(app: FastifyInstance, id: number, code: string, remoteAddress?: string) {
  return call(app, 'POST', api(gateDevicePath(GATE_DEVICE_PATHS.pair, id)), {
    payload: { code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A registered and paired device: its id and its token. */
export async function pairedDevice(app: FastifyInstance, adminToken: string, name?: string) {
  const { device, code } = await registerDevice(app, adminToken, name);
  const res = await pair(app, device.id, code);
  expect(res.statusCode, res.body).toBe(200);
  return { id: device.id, token: (res.json() as PairAnswer).device.token };
}

export const deviceHeaders = (token: string) => ({ [GATE_DEVICE_HEADER]: token });

export async function staffOf(app: FastifyInstance, deviceToken: string) {
  const res = await call(app, 'GET', api(GATE_DEVICE_PATHS.shiftStaff), { headers: deviceHeaders(deviceToken) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ShiftStaffAnswer).items;
}

export function openShift(app: FastifyInstance, deviceToken: string, membershipId: number, pin: string) {
  return call(app, 'POST', api(GATE_DEVICE_PATHS.openShift), {
    headers: deviceHeaders(deviceToken),
    payload: { membershipId, pin },
  });
}

/** A shift session of the named member (by name in the staff list) on the device; its app-token. */
export async function shiftSession(app: FastifyInstance, deviceToken: string, name: string, pin: string): Promise<string> {
  const member = (await staffOf(app, deviceToken)).find((m) => m.name === name);
  if (!member) throw new Error(`${name} may not start a shift`);
  const res = await openShift(app, deviceToken, member.membershipId, pin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ShiftAnswer).token;
}
