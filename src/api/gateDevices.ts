// Gate devices (dispositivos, issue 26): administrators register the condominium's caseta tablets and guards'
// phones; a device is paired by opening dispositivos/register/{id} on it and typing the one-time code shown to
// the administrator, and then holds its own token (sent as the gate-device header on its own calls). A guard
// starts a shift on a paired device with their PIN: a session of kind 'gate' that may call the gate's routes
// only (server/routes/guards.ts gateShift). Revoking a device ends its token and every shift opened on it.
import { array, boolean, enums, type Infer, literal, nullable, number, object, pattern, string } from 'superstruct';
import { GATE_LIMITS } from './gate';
import { Id, IdParam, NonEmpty } from './validation';

export const GATE_DEVICE_PATHS = {
  /** canManageGateDevices: GET → GateDeviceListAnswer (every device of the condominium, revoked ones last). */
  list: '/--dispositivos',
  /** canManageGateDevices: POST GateDeviceDraft → GateDeviceCodeAnswer (the device and its one-time code). */
  register: '/--dispositivos/registrar',
  /** canManageGateDevices: POST GateDeviceDraft → GateDeviceAnswer; 409 revoked. */
  update: '/--dispositivos/:id/editar',
  /** canManageGateDevices: POST → GateDeviceCodeAnswer, a new code (the old one and any token stop working); 409 revoked. */
  newCode: '/--dispositivos/:id/codigo',
  /** canManageGateDevices: POST → GateDeviceAnswer; its token and every shift on it end at once. */
  revoke: '/--dispositivos/:id/revocar',
  /** Nobody signed in (the device itself): POST PairRequest → PairAnswer; 401 wrong or expired code; 429. */
  pair: '/--dispositivos/:id/vincular',
  /** The device (gate-device header): GET → ShiftStaffAnswer, who may start a shift on it. */
  shiftStaff: '/--dispositivos/turno/personal',
  /** The device (gate-device header): POST ShiftRequest → ShiftAnswer (a shift session's app-token); 401 wrong PIN; 429. */
  openShift: '/--dispositivos/turno/abrir',
  /** canUseGate, own session only: GET → PinStatusAnswer; POST PinRequest → OkAnswer (401 wrong password). */
  pin: '/--dispositivos/pin',
} as const;

/** The path of a device's call. */
export const gateDevicePath = (path: string, id: number) => path.replace(':id', String(id));

/** A device's id in a path. */
export const GateDeviceParams = object({ id: IdParam });
export type GateDeviceParams = Infer<typeof GateDeviceParams>;

/** The header a paired device sends on its own calls (pairing gives the token). */
export const GATE_DEVICE_HEADER = 'gate-device';

/** Where the dispositivos/register/{id} page of a device lives, under /condominio. */
export const PAIR_PAGE = (id: number) => `/dispositivos/register/${id}`;

/** How long a pairing code lasts. */
export const PAIRING_CODE_MINUTES = 15;
/** Digits in a pairing code. */
export const PAIRING_CODE_DIGITS = 8;
/** A shift session lasts at most this long, however much it is used. */
export const SHIFT_MAX_HOURS = 12;

export const GATE_DEVICE_LIMITS = { name: 80, accessPoint: GATE_LIMITS.accessPoint } as const;

/** A device's state: waiting for its code to be typed on it, paired, or revoked. */
export const GATE_DEVICE_STATES = ['waiting', 'paired', 'revoked'] as const;
export type GateDeviceState = (typeof GATE_DEVICE_STATES)[number];

export function gateDeviceState(d: { pairedAt: string | null; revokedAt: string | null }): GateDeviceState {
  if (d.revokedAt !== null) return 'revoked';
  return d.pairedAt !== null ? 'paired' : 'waiting';
}

export const GateDeviceDraft = object({
  name: NonEmpty(GATE_DEVICE_LIMITS.name),
  accessPoint: NonEmpty(GATE_DEVICE_LIMITS.accessPoint),
});
export type GateDeviceDraft = Infer<typeof GateDeviceDraft>;

export const GateDevice = object({
  id: number(),
  name: string(),
  accessPoint: string(),
  state: enums(GATE_DEVICE_STATES),
  /** ISO-8601 (UTC); null: never paired. */
  pairedAt: nullable(string()),
  /** ISO-8601 (UTC), to the minute; null: never used since it was paired. */
  lastUsedAt: nullable(string()),
  revokedAt: nullable(string()),
  /** Until when the last code shown can still pair it; null: no code waiting. */
  pairingExpiresAt: nullable(string()),
  createdAt: string(),
});
export type GateDevice = Infer<typeof GateDevice>;

export const GateDeviceListAnswer = object({ success: literal(true), items: array(GateDevice) });
export type GateDeviceListAnswer = Infer<typeof GateDeviceListAnswer>;

export const GateDeviceAnswer = object({ success: literal(true), device: GateDevice });
export type GateDeviceAnswer = Infer<typeof GateDeviceAnswer>;

/** The code is shown once: only its hash is kept. */
export const GateDeviceCodeAnswer = object({
  success: literal(true),
  device: GateDevice,
  code: string(),
  expiresAt: string(),
});
export type GateDeviceCodeAnswer = Infer<typeof GateDeviceCodeAnswer>;

export const PairingCode = pattern(string(), new RegExp(`^\\d{${PAIRING_CODE_DIGITS}}$`));
export const PairRequest = object({ code: PairingCode });
export type PairRequest = Infer<typeof PairRequest>;

/** What a paired device keeps (localStorage 'gate-device'). */
export const PairedDevice = object({
  token: string(),
  deviceId: number(),
  deviceName: string(),
  accessPoint: string(),
  condoId: number(),
  condoName: string(),
});
export type PairedDevice = Infer<typeof PairedDevice>;

export const PairAnswer = object({ success: literal(true), device: PairedDevice });
export type PairAnswer = Infer<typeof PairAnswer>;

/** Someone who may start a shift on the device: name and membership only. */
export const ShiftMember = object({ membershipId: number(), name: string(), hasPin: boolean() });
export type ShiftMember = Infer<typeof ShiftMember>;

export const ShiftStaffAnswer = object({ success: literal(true), items: array(ShiftMember) });
export type ShiftStaffAnswer = Infer<typeof ShiftStaffAnswer>;

export const PIN_PATTERN = /^\d{4,6}$/;
export const Pin = pattern(string(), PIN_PATTERN);

export const ShiftRequest = object({ membershipId: Id, pin: Pin });
export type ShiftRequest = Infer<typeof ShiftRequest>;

/** The shift session's token, sent as app-token from now on (until "Terminar turno"). */
export const ShiftAnswer = object({ success: literal(true), token: string() });
export type ShiftAnswer = Infer<typeof ShiftAnswer>;

export const PinStatusAnswer = object({ success: literal(true), hasPin: boolean() });
export type PinStatusAnswer = Infer<typeof PinStatusAnswer>;

export const PinRequest = object({ password: NonEmpty(200), pin: Pin });
export type PinRequest = Infer<typeof PinRequest>;
