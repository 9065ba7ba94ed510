// Gate devices as the contract shapes them (issue 26): the administrator's list, a code just issued, a paired
// device as a browser keeps it, and the shift screen's staff. Plain values for machine models and view tests.
import type { GateDevice, PairedDevice, ShiftMember } from '../../src/api/gateDevices';
import type { IssuedCode } from '../../src/services/gateDevicesService';

export const PAIRED: GateDevice = {
  id: 1,
  name: 'Caseta principal',
  accessPoint: 'Caseta principal',
  state: 'paired',
  pairedAt: '2026-03-01T14:00:00.000Z',
  lastUsedAt: '2026-03-02T15:00:00.000Z',
  revokedAt: null,
  pairingExpiresAt: null,
  createdAt: '2026-03-01T13:50:00.000Z',
};

export const WAITING: GateDevice = {
  id: 2,
  name: 'Caseta peatonal',
  accessPoint: 'Acceso peatonal',
  state: 'waiting',
  pairedAt: null,
  lastUsedAt: null,
  revokedAt: null,
  pairingExpiresAt: null,
  createdAt: '2026-03-01T13:55:00.000Z',
};

export const DEVICES: GateDevice[] = [PAIRED, WAITING];

export const NEW_DEVICE_DRAFT = { name: 'Tableta norte', accessPoint: 'Acceso norte' };

export const ISSUED: IssuedCode = {
  device: {
    ...WAITING,
    id: 3,
    ...NEW_DEVICE_DRAFT,
    pairingExpiresAt: '2026-03-02T15:15:00.000Z',
    createdAt: '2026-03-02T15:00:00.000Z',
  },
  code: '04812736',
  expiresAt: '2026-03-02T15:15:00.000Z',
};

export const REVOKED: GateDevice = { ...PAIRED, state: 'revoked', revokedAt: '2026-03-02T16:00:00.000Z' };

export const STORED_DEVICE: PairedDevice = {
  token: 'device-token-0000000000000000000000000000000',
  deviceId: 1,
  deviceName: 'Caseta principal',
  accessPoint: 'Caseta principal',
  condoId: 1,
  condoName: 'Residencial Las Palmas',
};

export const STAFF: ShiftMember[] = [
  { membershipId: 11, name: 'Ana Martínez Ruiz', hasPin: false },
  { membershipId: 15, name: 'Gabriel Flores Luna', hasPin: true },
  { membershipId: 16, name: 'Sofía Vargas Peña', hasPin: true },
];
