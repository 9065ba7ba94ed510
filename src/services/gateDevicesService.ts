// Browser side of the gate devices' calls (src/api/gateDevices.ts, issue 26): the administrators' list and
// changes, pairing this browser as a device, the shift screen (with the device's token in the gate-device header,
// set per request on the one ky instance), and a guard's own PIN. What this browser keeps as a paired device
// lives in localStorage under 'gate-device'. Refusals a person expects (wrong code, wrong PIN, too many tries, a
// device no longer paired) come back as typed results; anything else is thrown.
import { validate } from 'superstruct';
import {
  GATE_DEVICE_HEADER,
  GATE_DEVICE_PATHS,
  type GateDevice,
  GateDeviceAnswer,
  GateDeviceCodeAnswer,
  type GateDeviceDraft,
  GateDeviceListAnswer,
  gateDevicePath,
  PairAnswer,
  type PairedDevice,
  PairedDevice as PairedDeviceStruct,
  PinStatusAnswer,
  ShiftAnswer,
  type ShiftMember,
  ShiftStaffAnswer,
} from '../api/gateDevices';
import { OkAnswer } from '../api/sessions';
import { ApiError, apiPath, call, http } from './http';

/** Where a paired browser keeps its device token and names. */
export const DEVICE_STORAGE_KEY = 'gate-device';

export function readPairedDevice(): PairedDevice | null {
  if (typeof window === 'undefined') return null;
  try {
    const [, value] = validate(JSON.parse(window.localStorage.getItem(DEVICE_STORAGE_KEY) ?? 'null'), PairedDeviceStruct);
    return value ?? null;
  } catch {
    return null;
  }
}

export function savePairedDevice(device: PairedDevice): void {
  window.localStorage.setItem(DEVICE_STORAGE_KEY, JSON.stringify(device));
}

export function forgetPairedDevice(): void {
  window.localStorage.removeItem(DEVICE_STORAGE_KEY);
}

export interface IssuedCode {
  device: GateDevice;
  code: string;
  expiresAt: string;
}

export async function listGateDevices(signal?: AbortSignal): Promise<GateDevice[]> {
  return (await call(() => http.get(apiPath(GATE_DEVICE_PATHS.list), { signal }), GateDeviceListAnswer)).items;
}

export async function registerGateDevice(draft: GateDeviceDraft, signal?: AbortSignal): Promise<IssuedCode> {
  const { device, code, expiresAt } = await call(
    () => http.post(apiPath(GATE_DEVICE_PATHS.register), { json: draft, signal }),
    GateDeviceCodeAnswer,
  );
  return { device, code, expiresAt };
}

export async function updateGateDevice(id: number, draft: GateDeviceDraft, signal?: AbortSignal): Promise<GateDevice> {
  return (
    await call(() => http.post(apiPath(gateDevicePath(GATE_DEVICE_PATHS.update, id)), { json: draft, signal }), GateDeviceAnswer)
  ).device;
}

export async function newGateDeviceCode(id: number, signal?: AbortSignal): Promise<IssuedCode> {
  const { device, code, expiresAt } = await call(
    () => http.post(apiPath(gateDevicePath(GATE_DEVICE_PATHS.newCode, id)), { signal }),
    GateDeviceCodeAnswer,
  );
  return { device, code, expiresAt };
}

export async function revokeGateDevice(id: number, signal?: AbortSignal): Promise<GateDevice> {
  return (await call(() => http.post(apiPath(gateDevicePath(GATE_DEVICE_PATHS.revoke, id)), { signal }), GateDeviceAnswer))
    .device;
}

export type PairResult = { kind: 'paired'; device: PairedDevice } | { kind: 'wrongCode' } | { kind: 'tooMany' };

/** Pairs this browser as device `id`; kept in localStorage when it works. */
export async function pairThisDevice(id: number, code: string, signal?: AbortSignal): Promise<PairResult> {
  try {
    const { device } = await call(
      () => http.post(apiPath(gateDevicePath(GATE_DEVICE_PATHS.pair, id)), { json: { code }, signal }),
      PairAnswer,
    );
    savePairedDevice(device);
    return { kind: 'paired', device };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'wrongCode' };
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooMany' };
    throw error;
  }
}

const withDevice = (token: string) => ({ headers: { [GATE_DEVICE_HEADER]: token } });

/** The device's token opens nothing any more (revoked, or paired again elsewhere): forgotten here too. */
export type StaffResult = { kind: 'staff'; items: ShiftMember[] } | { kind: 'unpaired' };

export async function fetchShiftStaff(token: string, signal?: AbortSignal): Promise<StaffResult> {
  try {
    const { items } = await call(
      () => http.get(apiPath(GATE_DEVICE_PATHS.shiftStaff), { ...withDevice(token), signal }),
      ShiftStaffAnswer,
    );
    return { kind: 'staff', items };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetPairedDevice();
      return { kind: 'unpaired' };
    }
    throw error;
  }
}

export type ShiftResult = { kind: 'opened'; token: string } | { kind: 'wrongPin' } | { kind: 'tooMany' } | { kind: 'unpaired' };

export async function startShift(
  deviceToken: string,
  membershipId: number,
  pin: string,
  signal?: AbortSignal,
): Promise<ShiftResult> {
  try {
    const { token } = await call(
      () => http.post(apiPath(GATE_DEVICE_PATHS.openShift), { json: { membershipId, pin }, ...withDevice(deviceToken), signal }),
      ShiftAnswer,
    );
    return { kind: 'opened', token };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (error.messageId === 'gateDevices.error.wrongPin') return { kind: 'wrongPin' };
      forgetPairedDevice();
      return { kind: 'unpaired' };
    }
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooMany' };
    throw error;
  }
}

export async function fetchPinStatus(signal?: AbortSignal): Promise<boolean> {
  return (await call(() => http.get(apiPath(GATE_DEVICE_PATHS.pin), { signal }), PinStatusAnswer)).hasPin;
}

export type PinResult = { kind: 'saved' } | { kind: 'wrongPassword' } | { kind: 'tooMany' };

export async function savePin(password: string, pin: string, signal?: AbortSignal): Promise<PinResult> {
  try {
    await call(() => http.post(apiPath(GATE_DEVICE_PATHS.pin), { json: { password, pin }, signal }), OkAnswer);
    return { kind: 'saved' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'wrongPassword' };
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooMany' };
    throw error;
  }
}
