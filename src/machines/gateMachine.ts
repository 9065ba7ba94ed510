// The caseta's flow (issue 26): the guard types a pass's code and checks it; the verdict shows at once and,
// from it, the guard records the entry (valid), the exit (its visitor is inside) or a refusal (not valid, or
// an unknown code for which the guard types who it was). A walk-in without a pass is walkInMachine's (invoked
// while `walkIn`): it asks the dwelling's residents and records the guard's decision. Every movement carries a clientId made once per attempt: a retry after a failure
// re-sends the very same request, so the server records it once; the next attempt makes a new one.
// Escanear opens the camera (cameraScannerMachine, invoked while `scanning`): the code it reads is checked like
// a typed one, and leaving `scanning` any way gives the camera back.

import { is } from 'superstruct';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { type GateCheck, GateEntryRequest, type GateRefusal, GateRefusalRequest } from '../api/gate';
import {
  checkGateCode,
  type GateCheckResult,
  type GateRecord,
  type MovementOutcome,
  type QueuedMovement,
  type RecordedMovement,
  recordMovement,
  wasQueued,
} from '../services/gateService';
import { cameraScannerMachine } from './cameraScannerMachine';
import { type CallFailure, callFailure } from './shared/callFailure';
import { type WalkInOutput, walkInMachine } from './walkInMachine';

/** How long 'Registrado' stays before the caseta is ready for the next visitor. */
export const REGISTERED_SHOWN_MS = 4000;

export interface GateContext {
  /** The code last checked (trimmed). */
  codigo: string;
  check: GateCheck | null;
  /** The id of the movement being recorded, made once per attempt. */
  clientId: string | null;
  /** The movement being (or last) sent: a retry sends it again as it is. */
  pending: GateRecord | null;
  recorded: RecordedMovement | null;
  failure: CallFailure | null;
}

/** What the entry form gives: people, plates, access point, note. */
export interface EntryDraft {
  people: number;
  plates: string;
  accessPoint: string;
  note: string;
}

export type GateEvent =
  | { type: 'check'; codigo: string }
  | { type: 'scan' }
  | { type: 'registerEntry'; draft: EntryDraft }
  | { type: 'registerExit' }
  | { type: 'refuse'; visitorName: string; note: string }
  | { type: 'walkIn' }
  | { type: 'retry' }
  | { type: 'clear' };

export type GateEmitted =
  | { type: 'recorded'; recorded: RecordedMovement }
  /** No network: the movement waits in the device's offline queue (src/services/offlineQueue.ts). */
  | { type: 'queued'; record: GateRecord };

/** A real UUID the guards never see; the requests are checked against the contract before one is made. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

const codeOf = (event: GateEvent) => (event.type === 'check' ? event.codigo.trim() : '');
const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The entry on the checked pass the draft describes. */
export function passEntry(check: GateCheck, draft: EntryDraft, clientId: string): GateEntryRequest {
  return {
    clientId,
    passId: check.passId,
    apartmentId: check.apartmentId,
    visitorName: check.pass.Nombre,
    people: draft.people,
    plates: text(draft.plates),
    accessPoint: text(draft.accessPoint),
    note: text(draft.note),
  };
}

/** A refusal of the checked pass (its reason) or of an unknown code (who the guard says it was). */
export function refusalOf(check: GateCheck | null, visitorName: string, note: string, clientId: string): GateRefusalRequest {
  const reason: GateRefusal = check ? (check.reason ?? 'guardDecision') : 'unknown';
  return {
    clientId,
    passId: check?.passId ?? null,
    apartmentId: check?.apartmentId ?? null,
    visitorName: check ? check.pass.Nombre : visitorName.trim(),
    reason,
    note: text(note),
  };
}

/** A new code, checked from any state that is not already checking or recording. */
const newCode = { guard: 'hasCode', target: '#gate.checking', actions: 'takeCode' } as const;
const clear = { target: '#gate.idle', actions: 'forget' } as const;
const walkIn = { target: '#gate.walkIn', actions: 'forget' } as const;
const scan = { target: '#gate.scanning', actions: 'forget' } as const;

export const gateMachine = setup({
  types: {
    context: {} as GateContext,
    events: {} as GateEvent,
    emitted: {} as GateEmitted,
  },
  actors: {
    checkCode: fromPromise<GateCheckResult, string>(({ input, signal }) => checkGateCode(input, signal)),
    record: fromPromise<MovementOutcome, GateRecord>(({ input, signal }) => recordMovement(input, signal)),
    scanner: cameraScannerMachine,
    walkIn: walkInMachine,
  },
  delays: { shown: REGISTERED_SHOWN_MS },
  guards: {
    hasCode: ({ event }) => codeOf(event) !== '',
    /** The service kept the movement in the offline queue (no network) instead of recording it now. */
    wasQueued: (_, outcome: MovementOutcome) => wasQueued(outcome),
    checked: (_, result: GateCheckResult) => result.kind === 'checked',
    notFound: (_, result: GateCheckResult) => result.kind === 'notFound',
    mayEnter: ({ context, event }) =>
      event.type === 'registerEntry' &&
      context.check?.verdict === 'valid' &&
      context.check.insideEntryId === null &&
      is(passEntry(context.check, event.draft, PLACEHOLDER_ID), GateEntryRequest),
    isInside: ({ context }) => context.check?.insideEntryId != null,
    mayRefuse: ({ context, event }) =>
      event.type === 'refuse' &&
      context.check?.verdict !== 'valid' &&
      is(refusalOf(context.check, event.visitorName, event.note, PLACEHOLDER_ID), GateRefusalRequest),
    walkInRecorded: (_, output: WalkInOutput) => output.recorded !== null,
  },
  actions: {
    takeCode: assign(({ event }) => {
      assertEvent(event, 'check');
      return { codigo: codeOf(event), check: null, pending: null, recorded: null };
    }),
    takeScanned: assign((_, scanned: { text: string }) => ({
      codigo: scanned.text.trim(),
      check: null,
      pending: null,
      recorded: null,
    })),
    keepCheck: assign((_, result: GateCheckResult) => ({ check: result.kind === 'checked' ? result.check : null })),
    forget: assign({ codigo: '', check: null, pending: null, clientId: null }),
    /** A new attempt: a new id (the model gives a fixed one). */
    makeClientId: assign(() => ({ clientId: globalThis.crypto.randomUUID() })),
    takeEntry: assign(({ context, event }) => {
      assertEvent(event, 'registerEntry');
      return { pending: { kind: 'entry', request: passEntry(context.check!, event.draft, context.clientId!) } as GateRecord };
    }),
    takeExit: assign(({ context }) => ({
      pending: { kind: 'exit', request: { clientId: context.clientId!, entryId: context.check!.insideEntryId! } } as GateRecord,
    })),
    takeRefusal: assign(({ context, event }) => {
      assertEvent(event, 'refuse');
      const request = refusalOf(context.check, event.visitorName, event.note, context.clientId!);
      return { pending: { kind: 'refusal', request } as GateRecord };
    }),
    keepWalkIn: assign((_, output: WalkInOutput) => ({ recorded: output.recorded })),
    tellWalkIn: emit((_, output: WalkInOutput) => ({ type: 'recorded' as const, recorded: output.recorded! })),
    keepRecorded: assign((_, recorded: RecordedMovement) => ({ recorded })),
    tellRecorded: emit((_, recorded: RecordedMovement) => ({ type: 'recorded' as const, recorded })),
    tellQueued: emit((_, queued: QueuedMovement) => ({ type: 'queued' as const, record: queued.record })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'gate',
  context: { codigo: '', check: null, clientId: null, pending: null, recorded: null, failure: null },
  initial: 'idle',
  states: {
    idle: { on: { check: newCode, scan, walkIn } },
    /** The camera looks for a pass's QR; a code typed meanwhile is checked as well. */
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        onDone: { target: 'checking', actions: { type: 'takeScanned', params: ({ event }) => event.output } },
      },
      on: { check: newCode, walkIn, clear },
    },
    checking: {
      entry: 'forgetFailure',
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context }) => context.codigo,
        onDone: [
          {
            guard: { type: 'checked', params: ({ event }) => event.output },
            target: 'verdict',
            actions: { type: 'keepCheck', params: ({ event }) => event.output },
          },
          { guard: { type: 'notFound', params: ({ event }) => event.output }, target: 'notFound' },
          { target: 'limited' },
        ],
        onError: { target: 'checkFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The pass and its verdict: enter (valid, not inside), exit (inside), or refuse (not valid). */
    verdict: {
      on: {
        registerEntry: { guard: 'mayEnter', target: 'recording', actions: ['makeClientId', 'takeEntry'] },
        registerExit: { guard: 'isInside', target: 'recording', actions: ['makeClientId', 'takeExit'] },
        refuse: { guard: 'mayRefuse', target: 'recording', actions: ['makeClientId', 'takeRefusal'] },
        check: newCode,
        scan,
        walkIn,
        clear,
      },
    },
    /** No pass of the condominium has the code: the guard may record the refusal, naming who it was. */
    notFound: {
      on: {
        refuse: { guard: 'mayRefuse', target: 'recording', actions: ['makeClientId', 'takeRefusal'] },
        check: newCode,
        scan,
        walkIn,
        clear,
      },
    },
    /** Too many checks in a minute: wait, then retry (or check another code). */
    limited: { on: { retry: 'checking', check: newCode, scan, clear } },
    checkFailed: { on: { retry: 'checking', check: newCode, scan, clear } },
    /**
     * Sin pase: walkInMachine asks the dwelling and records the guard's decision; when it ends the caseta is
     * ready again (a recorded decision is heard like any movement). A new code or Nueva consulta leave it.
     */
    walkIn: {
      invoke: {
        id: 'walkIn',
        src: 'walkIn',
        onDone: [
          {
            guard: { type: 'walkInRecorded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              { type: 'keepWalkIn', params: ({ event }) => event.output },
              { type: 'tellWalkIn', params: ({ event }) => event.output },
            ],
          },
          { target: 'idle' },
        ],
      },
      on: { check: newCode, clear },
    },
    recording: {
      entry: 'forgetFailure',
      invoke: {
        id: 'record',
        src: 'record',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: { type: 'wasQueued', params: ({ event }) => event.output },
            target: 'queued',
            actions: { type: 'tellQueued', params: ({ event }) => event.output as QueuedMovement },
          },
          {
            target: 'registered',
            actions: [
              { type: 'keepRecorded', params: ({ event }) => event.output as RecordedMovement },
              { type: 'tellRecorded', params: ({ event }) => event.output as RecordedMovement },
            ],
          },
        ],
        onError: { target: 'recordFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not recorded (or no answer): Reintentar sends the same request, with the same clientId. */
    recordFailed: { on: { retry: 'recording', check: newCode, clear } },
    registered: {
      after: { shown: clear },
      on: { check: newCode, scan, walkIn, clear },
    },
    /** Guardado sin conexión: the offline queue sends it when the network is back; shown like 'registered'. */
    queued: {
      after: { shown: clear },
      on: { check: newCode, scan, walkIn, clear },
    },
  },
});
