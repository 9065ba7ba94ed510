// Dispositivos (issue 26): the administrator's list of the condominium's gate devices, registering one (which
// shows its one-time pairing code until the administrator closes it), renaming, a new code, and revoking. One call
// at a time; a failed one leaves the list as it was, with why.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { GateDevice, GateDeviceDraft } from '../api/gateDevices';
import {
  type IssuedCode,
  listGateDevices,
  newGateDeviceCode,
  registerGateDevice,
  revokeGateDevice,
  updateGateDevice,
} from '../services/gateDevicesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface GateDevicesContext {
  devices: GateDevice[];
  /** The code just issued, shown until closed (it is never shown again). */
  issued: IssuedCode | null;
  /** The device a call is working on (its card shows it busy). */
  busyId: number | null;
  failure: CallFailure | null;
}

export type GateDevicesEvent =
  | { type: 'register'; draft: GateDeviceDraft }
  | { type: 'update'; id: number; draft: GateDeviceDraft }
  | { type: 'newCode'; id: number }
  | { type: 'revoke'; id: number }
  | { type: 'closeCode' }
  | { type: 'retry' };

const filled = (draft: GateDeviceDraft) => draft.name.trim() !== '' && draft.accessPoint.trim() !== '';

/** Live devices by name, then revoked ones (as the server lists them). */
function withDevice(devices: GateDevice[], device: GateDevice): GateDevice[] {
  const others = devices.filter((d) => d.id !== device.id);
  const live = [...others.filter((d) => d.state !== 'revoked'), ...(device.state === 'revoked' ? [] : [device])].sort(
    (a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id,
  );
  const revoked = [...(device.state === 'revoked' ? [device] : []), ...others.filter((d) => d.state === 'revoked')];
  return [...live, ...revoked];
}

const failed = {
  target: 'ready',
  actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

export const gateDevicesMachine = setup({
  types: {
    context: {} as GateDevicesContext,
    events: {} as GateDevicesEvent,
  },
  actors: {
    listDevices: fromPromise<GateDevice[]>(({ signal }) => listGateDevices(signal)),
    registerDevice: fromPromise<IssuedCode, GateDeviceDraft>(({ input, signal }) => registerGateDevice(input, signal)),
    updateDevice: fromPromise<GateDevice, { id: number; draft: GateDeviceDraft }>(({ input, signal }) =>
      updateGateDevice(input.id, input.draft, signal),
    ),
    newCode: fromPromise<IssuedCode, number>(({ input, signal }) => newGateDeviceCode(input, signal)),
    revokeDevice: fromPromise<GateDevice, number>(({ input, signal }) => revokeGateDevice(input, signal)),
  },
  guards: {
    filledDraft: ({ event }) => (event.type === 'register' || event.type === 'update') && filled(event.draft),
    liveDevice: ({ context, event }) => 'id' in event && context.devices.some((d) => d.id === event.id && d.state !== 'revoked'),
    filledLiveDevice: ({ context, event }) =>
      event.type === 'update' && filled(event.draft) && context.devices.some((d) => d.id === event.id && d.state !== 'revoked'),
  },
  actions: {
    keepDevices: assign((_, devices: GateDevice[]) => ({ devices, failure: null })),
    keepIssued: assign(({ context }, issued: IssuedCode) => ({
      issued,
      devices: withDevice(context.devices, issued.device),
      busyId: null,
    })),
    keepDevice: assign(({ context }, device: GateDevice) => ({ devices: withDevice(context.devices, device), busyId: null })),
    markBusy: assign(({ event }) => ({ busyId: 'id' in event ? event.id : null, failure: null })),
    forgetIssued: assign({ issued: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), busyId: null })),
  },
}).createMachine({
  id: 'gateDevices',
  context: { devices: [], issued: null, busyId: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listDevices',
        src: 'listDevices',
        onDone: { target: 'ready', actions: { type: 'keepDevices', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        register: { guard: 'filledDraft', target: 'registering', actions: 'markBusy' },
        update: { guard: 'filledLiveDevice', target: 'updating', actions: 'markBusy' },
        newCode: { guard: 'liveDevice', target: 'issuing', actions: 'markBusy' },
        revoke: { guard: 'liveDevice', target: 'revoking', actions: 'markBusy' },
      },
    },
    registering: {
      invoke: {
        id: 'registerDevice',
        src: 'registerDevice',
        input: ({ event }) => {
          assertEvent(event, 'register');
          return event.draft;
        },
        onDone: { target: 'codeShown', actions: { type: 'keepIssued', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    updating: {
      invoke: {
        id: 'updateDevice',
        src: 'updateDevice',
        input: ({ event }) => {
          assertEvent(event, 'update');
          return { id: event.id, draft: event.draft };
        },
        onDone: { target: 'ready', actions: { type: 'keepDevice', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    issuing: {
      invoke: {
        id: 'newCode',
        src: 'newCode',
        input: ({ event }) => {
          assertEvent(event, 'newCode');
          return event.id;
        },
        onDone: { target: 'codeShown', actions: { type: 'keepIssued', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    revoking: {
      invoke: {
        id: 'revokeDevice',
        src: 'revokeDevice',
        input: ({ event }) => {
          assertEvent(event, 'revoke');
          return event.id;
        },
        onDone: { target: 'ready', actions: { type: 'keepDevice', params: ({ event }) => event.output } },
        onError: failed,
      },
    },
    // The code is on screen once: closing forgets it.
    codeShown: { on: { closeCode: { target: 'ready', actions: 'forgetIssued' } } },
  },
});
