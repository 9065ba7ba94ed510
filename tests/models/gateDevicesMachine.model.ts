// Dispositivos (the administrator's gate devices) as a test model: the list loads (or fails and is retried), a
// device is registered and its code shown until closed, renamed, given a new code, or revoked; any call may fail.
// The words its scenarios are told in: docs/scenarios/gateDevicesMachine.md.
import { gateDevicesMachine } from '../../src/machines/gateDevicesMachine';
import { ApiError } from '../../src/services/http';
import { DEVICES, ISSUED, NEW_DEVICE_DRAFT, PAIRED, REVOKED } from '../support/gateDeviceFixtures';
import { BARE, defineModel } from '../support/machineModel';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const gateDevicesModel = defineModel({
  machine: gateDevicesMachine,
  payloads: {
    register: [{ draft: NEW_DEVICE_DRAFT }],
    update: [{ id: PAIRED.id, draft: { name: 'Caseta norte', accessPoint: 'Norte' } }],
    newCode: [{ id: PAIRED.id }],
    revoke: [{ id: PAIRED.id }],
    closeCode: BARE,
    retry: BARE,
    'xstate.done.actor.listDevices': [{ output: DEVICES }],
    'xstate.error.actor.listDevices': failure,
    'xstate.done.actor.registerDevice': [{ output: ISSUED }],
    'xstate.error.actor.registerDevice': failure,
    'xstate.done.actor.updateDevice': [{ output: { ...PAIRED, name: 'Caseta norte', accessPoint: 'Norte' } }],
    'xstate.error.actor.updateDevice': failure,
    'xstate.done.actor.newCode': [{ output: { ...ISSUED, device: { ...PAIRED, pairingExpiresAt: ISSUED.expiresAt } } }],
    'xstate.error.actor.newCode': failure,
    'xstate.done.actor.revokeDevice': [{ output: REVOKED }],
    'xstate.error.actor.revokeDevice': failure,
  },
  words: {
    states: {
      loading: 'Dispositivos loading.',
      loadFailed: 'The list could not load, with Reintentar.',
      ready: 'The devices, each with its state, last use and actions; Registrar dispositivo.',
      registering: 'The new device is being saved.',
      updating: 'The device’s new name is being saved.',
      issuing: 'A new code is being asked for.',
      revoking: 'The device is being revoked.',
      codeShown: 'Código de vinculación: the 8 digits, until when, the link and its QR, and Listo.',
    },
    events: {
      register: () => 'fills Nombre and Punto de acceso and presses Guardar',
      update: () => 'edits a device and presses Guardar',
      newCode: () => 'presses Nuevo código',
      revoke: () => 'presses Revocar and confirms',
      closeCode: () => 'presses Listo',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.listDevices': () => 'the server lists the devices',
      'xstate.error.actor.listDevices': () => 'the connection fails',
      'xstate.done.actor.registerDevice': () => 'the server registers it and answers its code',
      'xstate.error.actor.registerDevice': () => 'the connection fails',
      'xstate.done.actor.updateDevice': () => 'the server saves it',
      'xstate.error.actor.updateDevice': () => 'the connection fails',
      'xstate.done.actor.newCode': () => 'the server answers a new code',
      'xstate.error.actor.newCode': () => 'the connection fails',
      'xstate.done.actor.revokeDevice': () => 'the server revokes it',
      'xstate.error.actor.revokeDevice': () => 'the connection fails',
    },
  },
});
