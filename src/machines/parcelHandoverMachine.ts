// Handing a parcel over at the gate: the guard picks a waiting parcel, then the way: the resident's pickup code
// (typed, six digits) or a signature drawn on the screen with the name of who takes it. A refusal (wrong code:
// 409, already collected, not found) or a broken call is kept as its failure; the guard retries, goes back to
// the way chosen to fix it, or cancels.
import { assign, fromPromise, setup } from 'xstate';
import { type Parcel, PICKUP_CODE_PATTERN } from '../api/parcels';
import { handOverWithCode, handOverWithSignature } from '../services/parcelsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type HandoverWay =
  | { method: 'code'; code: string; collectedByName: string | null }
  | { method: 'signature'; signature: string; collectedByName: string };

export interface ParcelHandoverContext {
  parcel: Parcel | null;
  way: HandoverWay | null;
  handed: Parcel | null;
  failure: CallFailure | null;
}

export type ParcelHandoverEvent =
  | { type: 'pick'; parcel: Parcel }
  | { type: 'useCode' }
  | { type: 'useSignature' }
  | { type: 'submitCode'; code: string; collectedByName: string }
  | { type: 'submitSignature'; signature: string; collectedByName: string }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'cancel' }
  | { type: 'done' };

export const codeValid = (code: string) => PICKUP_CODE_PATTERN.test(code.trim());

export const parcelHandoverMachine = setup({
  types: {
    context: {} as ParcelHandoverContext,
    events: {} as ParcelHandoverEvent,
  },
  actors: {
    handOver: fromPromise<Parcel, { parcelId: number; way: HandoverWay }>(({ input, signal }) =>
      input.way.method === 'code'
        ? handOverWithCode(input.parcelId, { code: input.way.code, collectedByName: input.way.collectedByName }, signal)
        : handOverWithSignature(
            input.parcelId,
            { signature: input.way.signature, collectedByName: input.way.collectedByName },
            signal,
          ),
    ),
  },
  guards: {
    codeValid: ({ event }) => event.type === 'submitCode' && codeValid(event.code),
    signed: ({ event }) =>
      event.type === 'submitSignature' && event.signature.startsWith('data:image/png') && event.collectedByName.trim() !== '',
    byCode: ({ context }) => context.way?.method === 'code',
  },
  actions: {
    pick: assign(({ event }) => (event.type === 'pick' ? { parcel: event.parcel, way: null, handed: null, failure: null } : {})),
    takeCode: assign(({ event }) =>
      event.type === 'submitCode'
        ? { way: { method: 'code' as const, code: event.code.trim(), collectedByName: event.collectedByName.trim() || null } }
        : {},
    ),
    takeSignature: assign(({ event }) =>
      event.type === 'submitSignature'
        ? { way: { method: 'signature' as const, signature: event.signature, collectedByName: event.collectedByName.trim() } }
        : {},
    ),
    setHanded: assign((_, handed: Parcel) => ({ handed, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    forget: assign({ parcel: null, way: null, handed: null, failure: null }),
  },
}).createMachine({
  id: 'parcelHandover',
  context: { parcel: null, way: null, handed: null, failure: null },
  initial: 'idle',
  states: {
    idle: { on: { pick: { target: 'choosing', actions: 'pick' } } },
    choosing: { on: { useCode: 'code', useSignature: 'signature', cancel: { target: 'idle', actions: 'forget' } } },
    code: {
      on: {
        submitCode: { guard: 'codeValid', target: 'handing', actions: 'takeCode' },
        back: { target: 'choosing', actions: 'forgetFailure' },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    signature: {
      on: {
        submitSignature: { guard: 'signed', target: 'handing', actions: 'takeSignature' },
        back: { target: 'choosing', actions: 'forgetFailure' },
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    handing: {
      invoke: {
        id: 'handOver',
        src: 'handOver',
        input: ({ context }) => ({ parcelId: context.parcel!.id, way: context.way! }),
        onDone: { target: 'handed', actions: { type: 'setHanded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        retry: 'handing',
        // Back to the way that was refused, keeping the failure in view until the next try.
        back: [{ guard: 'byCode', target: 'code' }, { target: 'signature' }],
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    handed: { on: { done: { target: 'idle', actions: 'forget' }, pick: { target: 'choosing', actions: 'pick' } } },
  },
});
