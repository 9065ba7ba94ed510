// Gate devices, pairing, shifts and PINs (src/api/gateDevices.ts, issue 26). The administrators' calls need a
// person's own session (never a shift's); pairing needs nobody (the device itself, rate limited per device and
// address); the shift screen's calls name the device by its token (the gate-device header) and need no session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GATE_DEVICE_HEADER,
  GATE_DEVICE_PATHS,
  type GateDeviceAnswer,
  type GateDeviceCodeAnswer,
  GateDeviceDraft,
  type GateDeviceListAnswer,
  GateDeviceParams,
  type PairAnswer,
  PairRequest,
  PinRequest,
  type PinStatusAnswer,
  type ShiftAnswer,
  ShiftRequest,
  type ShiftStaffAnswer,
} from '../../src/api/gateDevices';
import { canManageGateDevices, canUseGate } from '../../src/api/permissions';
import { listDevices, newPairingCodeFor, registerDevice, revokeDevice, updateDevice } from '../domain/gate/devices';
import { pairDevice, resolveDevice } from '../domain/gate/pairing';
import { hasPin, setPin } from '../domain/gate/pins';
import { openShift, shiftStaff } from '../domain/gate/shift';
import { clientOf } from '../domain/shared/sessionRows';
import { signedInRoutes } from './guards';

/** The device token a request carries, or null (too long to be one: null too). */
function deviceTokenOf(request: FastifyRequest): string | null {
  const value = request.headers[GATE_DEVICE_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

export default async function gateDeviceRoutes(app: FastifyInstance, options: { scryptLogN: number }) {
  const routes = signedInRoutes(app);

  // Administrators: every device of the condominium.
  routes.get(GATE_DEVICE_PATHS.list, { allow: canManageGateDevices }, async (request): Promise<GateDeviceListAnswer> => {
    return { success: true, items: await listDevices(app.db, app.clock, request.auth) };
  });

  // Administrators: a new device and its one-time pairing code (shown once).
  routes.post<{ Body: GateDeviceDraft }>(
    GATE_DEVICE_PATHS.register,
    { schema: { body: GateDeviceDraft }, allow: canManageGateDevices },
    async (request): Promise<GateDeviceCodeAnswer> => ({
      success: true,
      ...(await registerDevice(app.db, app.clock, request.auth, request.body)),
    }),
  );

  // Administrators: rename a device or change its access point; another condominium's device: 404.
  routes.post<{ Params: GateDeviceParams; Body: GateDeviceDraft }>(
    GATE_DEVICE_PATHS.update,
    { schema: { params: GateDeviceParams, body: GateDeviceDraft }, allow: canManageGateDevices },
    async (request): Promise<GateDeviceAnswer> => ({
      success: true,
      device: await updateDevice(app.db, app.clock, request.auth, request.params.id, request.body),
    }),
  );

  // Administrators: a new pairing code for a device that is not revoked.
  routes.post<{ Params: GateDeviceParams }>(
    GATE_DEVICE_PATHS.newCode,
    { schema: { params: GateDeviceParams }, allow: canManageGateDevices },
    async (request): Promise<GateDeviceCodeAnswer> => ({
      success: true,
      ...(await newPairingCodeFor(app.db, app.clock, request.auth, request.params.id)),
    }),
  );

  // Administrators: revoke a device at once (its token and its shifts).
  routes.post<{ Params: GateDeviceParams }>(
    GATE_DEVICE_PATHS.revoke,
    { schema: { params: GateDeviceParams }, allow: canManageGateDevices },
    async (request): Promise<GateDeviceAnswer> => ({
      success: true,
      device: await revokeDevice(app.db, app.clock, request.auth, request.params.id),
    }),
  );

  // Nobody signed in: the device pairs itself with the code. Counted per device and per address before the
  // code is looked at, so a code cannot be guessed.
  app.post<{ Params: GateDeviceParams; Body: PairRequest }>(
    GATE_DEVICE_PATHS.pair,
    { schema: { params: GateDeviceParams, body: PairRequest } },
    async (request): Promise<PairAnswer> => {
      await app.rateLimiter.consume([
        { limit: 'gatePairPerIp', key: request.ip },
        { limit: 'gatePairPerDevice', key: String(request.params.id) },
      ]);
      return { success: true, device: await pairDevice(app.db, app.clock, request.params.id, request.body.code) };
    },
  );

  // The paired device: who may start a shift on it.
  app.get(GATE_DEVICE_PATHS.shiftStaff, async (request): Promise<ShiftStaffAnswer> => {
    const device = await resolveDevice(app.db, app.clock, deviceTokenOf(request));
    return { success: true, items: await shiftStaff(app.db, device) };
  });

  // The paired device: a guard's PIN opens a shift session on it. Counted per device and per member.
  app.post<{ Body: ShiftRequest }>(
    GATE_DEVICE_PATHS.openShift,
    { schema: { body: ShiftRequest } },
    async (request): Promise<ShiftAnswer> => {
      const device = await resolveDevice(app.db, app.clock, deviceTokenOf(request));
      await app.rateLimiter.consume([
        { limit: 'gateShiftPerDevice', key: String(device.id) },
        { limit: 'gateShiftPerMember', key: String(request.body.membershipId) },
      ]);
      const client = clientOf(request.ip, request.headers['user-agent']);
      return { success: true, ...(await openShift(app.db, options.scryptLogN, app.clock, device, request.body, client)) };
    },
  );

  // Gate staff, in their own session: whether they have a PIN yet.
  routes.get(GATE_DEVICE_PATHS.pin, { allow: canUseGate }, async (request): Promise<PinStatusAnswer> => {
    return { success: true, hasPin: await hasPin(app.db, request.auth) };
  });

  // Gate staff, in their own session: set or change their PIN, confirming with their password.
  routes.post<{ Body: PinRequest }>(
    GATE_DEVICE_PATHS.pin,
    { schema: { body: PinRequest }, allow: canUseGate },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'gatePinPerUser', key: String(request.auth.userId) }]);
      await setPin(app.db, options.scryptLogN, app.clock, request.auth, request.body);
      return { success: true as const };
    },
  );
}
