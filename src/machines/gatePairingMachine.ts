// dispositivos/register/{id} on the device itself (issue 26): with nobody signed in, the device is paired by its
// one-time code, then lists who may start a shift; a guard's PIN opens the shift, whose token the app-wide session
// adopts (the page then opens the caseta). A device already paired (this browser keeps it) starts at the staff
// list; one whose token no longer works (revoked, paired again elsewhere) asks for a code again.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { PAIRING_CODE_DIGITS, type PairedDevice, PIN_PATTERN, type ShiftMember } from '../api/gateDevices';
import {
  fetchShiftStaff,
  type PairResult,
  pairThisDevice,
  type ShiftResult,
  type StaffResult,
  startShift,
} from '../services/gateDevicesService';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface GatePairingInput {
  /** The device this page is for (the path's id). */
  deviceId: number;
  /** What this browser keeps as a paired device, if anything. */
  stored: PairedDevice | null;
  session: SessionRef;
}

/** An answer the person reads on the form: the code or PIN was wrong, too many tries, the device was unpaired. */
export type PairingRefusal = 'wrongCode' | 'wrongPin' | 'tooMany' | 'unpaired';

export interface GatePairingContext {
  deviceId: number;
  device: PairedDevice | null;
  /** This browser is paired as another device (pairing this one replaces it). */
  otherDevice: PairedDevice | null;
  staff: ShiftMember[];
  refusal: PairingRefusal | null;
  failure: CallFailure | null;
  session: SessionRef;
}

export type GatePairingEvent =
  | { type: 'pair'; code: string }
  | { type: 'start'; membershipId: number; pin: string }
  | { type: 'retry' };

const CODE_PATTERN = new RegExp(`^\\d{${PAIRING_CODE_DIGITS}}$`);

export const gatePairingMachine = setup({
  types: {
    input: {} as GatePairingInput,
    context: {} as GatePairingContext,
    events: {} as GatePairingEvent,
  },
  actors: {
    pairDevice: fromPromise<PairResult, { id: number; code: string }>(({ input, signal }) =>
      pairThisDevice(input.id, input.code, signal),
    ),
    loadStaff: fromPromise<StaffResult, string>(({ input, signal }) => fetchShiftStaff(input, signal)),
    startShift: fromPromise<ShiftResult, { token: string; membershipId: number; pin: string }>(({ input, signal }) =>
      startShift(input.token, input.membershipId, input.pin, signal),
    ),
  },
  guards: {
    pairedHere: ({ context }) => context.device !== null,
    codeComplete: ({ event }) => event.type === 'pair' && CODE_PATTERN.test(event.code.trim()),
    pinFor: ({ context, event }) =>
      event.type === 'start' &&
      PIN_PATTERN.test(event.pin) &&
      context.staff.some((m) => m.membershipId === event.membershipId && m.hasPin),
    paired: (_, r: PairResult) => r.kind === 'paired',
    staffListed: (_, r: StaffResult) => r.kind === 'staff',
    opened: (_, r: ShiftResult) => r.kind === 'opened',
    unpaired: (_, r: ShiftResult) => r.kind === 'unpaired',
  },
  actions: {
    keepDevice: assign((_, r: PairResult) => (r.kind === 'paired' ? { device: r.device, otherDevice: null, refusal: null } : {})),
    keepStaff: assign((_, r: StaffResult) => ({ staff: r.kind === 'staff' ? r.items : [], failure: null })),
    refuse: assign((_, r: { kind: string }) => ({ refusal: r.kind as PairingRefusal })),
    // The token opens nothing any more: this browser is no longer the device.
    forgetDevice: assign({ device: null, staff: [], refusal: 'unpaired' as const }),
    clearAnswer: assign({ refusal: null, failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    // The shift's token is the app's session from now on (kept across reloads: a tablet is reloaded mid-shift).
    adoptShift: sendTo(
      ({ context }) => context.session,
      (_, r: ShiftResult) => ({ type: 'signedIn' as const, token: r.kind === 'opened' ? r.token : '', rememberMe: true }),
    ),
  },
}).createMachine({
  id: 'gatePairing',
  context: ({ input }) => {
    const mine = input.stored !== null && input.stored.deviceId === input.deviceId;
    return {
      deviceId: input.deviceId,
      device: mine ? input.stored : null,
      otherDevice: mine ? null : input.stored,
      staff: [],
      refusal: null,
      failure: null,
      session: input.session,
    };
  },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'pairedHere', target: 'loadingStaff' }, { target: 'askingCode' }] },
    askingCode: { on: { pair: { guard: 'codeComplete', target: 'pairing', actions: 'clearAnswer' } } },
    pairing: {
      invoke: {
        id: 'pairDevice',
        src: 'pairDevice',
        input: ({ context, event }) => {
          assertEvent(event, 'pair');
          return { id: context.deviceId, code: event.code.trim() };
        },
        onDone: [
          {
            guard: { type: 'paired', params: ({ event }) => event.output },
            target: 'loadingStaff',
            actions: { type: 'keepDevice', params: ({ event }) => event.output },
          },
          { target: 'askingCode', actions: { type: 'refuse', params: ({ event }) => event.output } },
        ],
        onError: { target: 'askingCode', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingStaff: {
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        input: ({ context }) => context.device?.token ?? '',
        onDone: [
          {
            guard: { type: 'staffListed', params: ({ event }) => event.output },
            target: 'askingPin',
            actions: { type: 'keepStaff', params: ({ event }) => event.output },
          },
          { target: 'askingCode', actions: 'forgetDevice' },
        ],
        onError: { target: 'staffFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    staffFailed: { on: { retry: 'loadingStaff' } },
    askingPin: { on: { start: { guard: 'pinFor', target: 'startingShift', actions: 'clearAnswer' } } },
    startingShift: {
      invoke: {
        id: 'startShift',
        src: 'startShift',
        input: ({ context, event }) => {
          assertEvent(event, 'start');
          return { token: context.device?.token ?? '', membershipId: event.membershipId, pin: event.pin };
        },
        onDone: [
          {
            guard: { type: 'opened', params: ({ event }) => event.output },
            target: 'onDuty',
            actions: { type: 'adoptShift', params: ({ event }) => event.output },
          },
          { guard: { type: 'unpaired', params: ({ event }) => event.output }, target: 'askingCode', actions: 'forgetDevice' },
          { target: 'askingPin', actions: { type: 'refuse', params: ({ event }) => event.output } },
        ],
        onError: { target: 'askingPin', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The session loads the shift's data; the page opens the caseta once it has.
    onDuty: { type: 'final' },
  },
});
