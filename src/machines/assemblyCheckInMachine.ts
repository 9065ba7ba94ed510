// "Registrar en la puerta" (issue 32): who manages an assembly reads an owner's access code with the camera
// (cameraScannerMachine, invoked while `scanning`) or types it, and the server records that person's dwellings present
// (owned ones and those whose accepted proxy they hold), once. The answer (who, which dwellings now, which were
// already present) or the refusal's words (another assembly's code, a forged one, a tenant's) stay shown until the
// next code; the door stays open for the next person. The assembly's screen reads itself again on the live channel.
import { assign, fromPromise, setup } from 'xstate';
import type { CheckInAnswer } from '../api/assemblyMinutes';
import { checkInAtDoor } from '../services/assemblyMinutesService';
import { cameraScannerMachine } from './cameraScannerMachine';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface AssemblyCheckInContext {
  assemblyId: number;
  code: string;
  result: CheckInAnswer | null;
  failure: CallFailure | null;
}

export type AssemblyCheckInEvent = { type: 'scan' } | { type: 'stop' } | { type: 'code'; text: string };

export const assemblyCheckInMachine = setup({
  types: {
    input: {} as { assemblyId: number },
    context: {} as AssemblyCheckInContext,
    events: {} as AssemblyCheckInEvent,
  },
  actors: {
    scanner: cameraScannerMachine,
    send: fromPromise<CheckInAnswer, { assemblyId: number; code: string }>(({ input, signal }) =>
      checkInAtDoor(input.assemblyId, input.code, signal),
    ),
  },
  guards: {
    hasText: ({ event }) => event.type === 'code' && event.text.trim() !== '',
  },
  actions: {
    takeCode: assign(({ event }) => ({ code: event.type === 'code' ? event.text.trim() : '', result: null, failure: null })),
    takeScanned: assign((_, scanned: { text: string }) => ({ code: scanned.text.trim(), result: null, failure: null })),
    keepResult: assign((_, result: CheckInAnswer) => ({ result, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyCheckIn',
  context: ({ input }) => ({ assemblyId: input.assemblyId, code: '', result: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        scan: 'scanning',
        code: { guard: 'hasText', target: 'sending', actions: 'takeCode' },
      },
    },
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        onDone: { target: 'sending', actions: { type: 'takeScanned', params: ({ event }) => event.output } },
      },
      on: {
        code: { guard: 'hasText', target: 'sending', actions: 'takeCode' },
        stop: 'idle',
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ assemblyId: context.assemblyId, code: context.code }),
        onDone: { target: 'idle', actions: { type: 'keepResult', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
