// dispositivos/register/{id} on the device as a test model: a browser that is not this device types the code
// (wrong, too many tries, a failure, or right), the staff list loads (or the device turns out unpaired, or the
// call fails), and a guard's PIN opens the shift (wrong PIN, too many, unpaired, failure, or on duty). The second
// input is a browser that already is this device. Words: docs/scenarios/gatePairingMachine.md.
import { gatePairingMachine } from '../../src/machines/gatePairingMachine';
import type { PairResult, ShiftResult, StaffResult } from '../../src/services/gateDevicesService';
import { ApiError } from '../../src/services/http';
import { STAFF, STORED_DEVICE } from '../support/gateDeviceFixtures';
import { BARE, defineModel } from '../support/machineModel';
import { sessionRecorder } from '../support/sessionRecorder';

export const SESSION = sessionRecorder();
export const CODE = '04812736';
export const PIN = '1234';
const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const gatePairingModel = defineModel({
  machine: gatePairingMachine,
  inputs: {
    'new browser': { deviceId: 1, stored: null, session: SESSION.ref },
    'paired browser': { deviceId: 1, stored: STORED_DEVICE, session: SESSION.ref },
  },
  payloads: {
    pair: [{ code: CODE }],
    start: [{ membershipId: 15, pin: PIN }],
    retry: BARE,
    'xstate.done.actor.pairDevice': (
      [{ kind: 'paired', device: STORED_DEVICE }, { kind: 'wrongCode' }, { kind: 'tooMany' }] as PairResult[]
    ).map((output) => ({ output })),
    'xstate.error.actor.pairDevice': failure,
    'xstate.done.actor.loadStaff': ([{ kind: 'staff', items: STAFF }, { kind: 'unpaired' }] as StaffResult[]).map((output) => ({
      output,
    })),
    'xstate.error.actor.loadStaff': failure,
    'xstate.done.actor.startShift': (
      [{ kind: 'opened', token: 'shift-token' }, { kind: 'wrongPin' }, { kind: 'tooMany' }, { kind: 'unpaired' }] as ShiftResult[]
    ).map((output) => ({ output })),
    'xstate.error.actor.startShift': failure,
  },
  words: {
    states: {
      deciding: 'Nothing yet: whether this browser is the device.',
      askingCode: 'Vincular dispositivo: Código de vinculación (8 digits) and Vincular, with the last refusal if any.',
      pairing: 'Vincular is busy.',
      loadingStaff: 'Loading who may start a shift.',
      staffFailed: 'The list could not load, with Reintentar.',
      askingPin: 'The condominium and device; ¿Quién está de turno?, PIN and Iniciar turno.',
      startingShift: 'Iniciar turno is busy.',
      onDuty: 'The shift is open; the caseta opens.',
    },
    events: {
      pair: (e) => `types ${e.code} and presses Vincular`,
      start: () => 'picks their name, types their PIN and presses Iniciar turno',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.pairDevice': (e) => `the server answers ${(e.output as PairResult).kind}`,
      'xstate.error.actor.pairDevice': () => 'the connection fails',
      'xstate.done.actor.loadStaff': (e) => `the server answers ${(e.output as StaffResult).kind}`,
      'xstate.error.actor.loadStaff': () => 'the connection fails',
      'xstate.done.actor.startShift': (e) => `the server answers ${(e.output as ShiftResult).kind}`,
      'xstate.error.actor.startShift': () => 'the connection fails',
    },
  },
});
