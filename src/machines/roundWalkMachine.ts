// Walking a round (issue 31): the guard chooses one of the rounds open now and starts it; each checkpoint is read
// with the camera (cameraScannerMachine, invoked while `scanning`) or an NFC tag / typed code (`code`), and checked
// on the device against the round's checkpoints first: a code of no checkpoint of the round is a wrong checkpoint
// (nothing is sent), one already scanned reads as done, and in an ordered round a checkpoint whose earlier ones are
// not scanned is out of order until the guard records it anyway. The scan goes with the note and photo the guard
// added, under a clientId made once per scan (a retry sends the same), and without network it waits in the offline
// queue (queued). Ending the round sends it; checkpoints not scanned are then missed.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isOutOfOrder, type Round, type RoundStop, type ScanRequest, stopForCode } from '../api/rounds';
import { finishRound, type ScanOutcomeOrQueued, scanQueued, sendScan, startRound } from '../services/roundsService';
import { cameraScannerMachine } from './cameraScannerMachine';
import { type CallFailure, callFailure } from './shared/callFailure';

export type ScanResult = 'done' | 'late' | 'already' | 'queued';

export interface RoundWalkContext {
  round: Round | null;
  /** The code read last. */
  code: string;
  /** The checkpoint it names. */
  stop: RoundStop | null;
  note: string;
  photo: string | null;
  clientId: string | null;
  result: ScanResult | null;
  failure: CallFailure | null;
}

export type RoundWalkEvent =
  | { type: 'choose'; round: Round }
  | { type: 'scan' }
  | { type: 'code'; text: string }
  | { type: 'describe'; note: string; photo: string | null }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'dismiss' }
  | { type: 'retry' }
  | { type: 'finish' }
  | { type: 'back' };

const FRESH = { code: '', stop: null, clientId: null, result: null, failure: null } as const;

/** The round with the checkpoint marked as scanned on the device (an offline scan), until the server says more. */
function markedLocally(round: Round, stop: RoundStop, at: string): Round {
  return {
    ...round,
    stops: round.stops.map((s) => (s.id === stop.id ? { ...s, scannedAt: at.slice(0, 16), status: 'done' as const } : s)),
  };
}

export const roundWalkMachine = setup({
  types: {
    context: {} as RoundWalkContext,
    events: {} as RoundWalkEvent,
  },
  actors: {
    startRound: fromPromise<Round, Round>(({ input, signal }) => startRound(input, signal)),
    sendScan: fromPromise<ScanOutcomeOrQueued, ScanRequest>(({ input, signal }) => sendScan(input, signal)),
    finishRound: fromPromise<Round, number>(({ input, signal }) => finishRound(input, signal)),
    scanner: cameraScannerMachine,
  },
  guards: {
    hasText: ({ event }) => event.type === 'code' && event.text.trim() !== '',
    unknownCode: ({ context }) => context.stop === null,
    alreadyScanned: ({ context }) => context.stop?.scannedAt != null,
    outOfOrder: ({ context }) =>
      context.round !== null && context.stop !== null && isOutOfOrder(context.round, context.stop.position),
    wasQueued: (_, outcome: ScanOutcomeOrQueued) => scanQueued(outcome),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'choose');
      return { round: event.round, note: '', photo: null, ...FRESH };
    }),
    keepRound: assign((_, round: Round) => ({ round, failure: null })),
    takeCode: assign(({ context, event }) => {
      assertEvent(event, 'code');
      const code = event.text.trim();
      return { code, stop: context.round ? stopForCode(context.round.stops, code) : null, result: null, failure: null };
    }),
    takeScanned: assign(({ context }, scanned: { text: string }) => {
      const code = scanned.text.trim();
      return { code, stop: context.round ? stopForCode(context.round.stops, code) : null, result: null, failure: null };
    }),
    describe: assign(({ event }) => {
      assertEvent(event, 'describe');
      return { note: event.note, photo: event.photo };
    }),
    /** A new scan: a new id (the model gives a fixed one). */
    makeClientId: assign(() => ({ clientId: globalThis.crypto.randomUUID() })),
    already: assign({ result: 'already' as const }),
    keepAnswer: assign((_, outcome: ScanOutcomeOrQueued) =>
      scanQueued(outcome) ? {} : { round: outcome.data, result: outcome.outcome, note: '', photo: null, failure: null },
    ),
    markQueued: assign(({ context }, outcome: ScanOutcomeOrQueued) =>
      scanQueued(outcome) && context.round && context.stop
        ? {
            round: markedLocally(context.round, context.stop, outcome.request.scannedAt ?? new Date().toISOString()),
            result: 'queued' as const,
            note: '',
            photo: null,
            failure: null,
          }
        : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetScan: assign({ ...FRESH }),
    forget: assign({ round: null, note: '', photo: null, ...FRESH }),
  },
}).createMachine({
  id: 'roundWalk',
  context: { round: null, note: '', photo: null, ...FRESH },
  initial: 'idle',
  states: {
    idle: { on: { choose: { target: 'starting', actions: 'choose' } } },
    starting: {
      invoke: {
        id: 'startRound',
        src: 'startRound',
        input: ({ context }) => context.round!,
        onDone: { target: 'walking', actions: { type: 'keepRound', params: ({ event }) => event.output } },
        onError: { target: 'startFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    startFailed: { on: { retry: 'starting', back: { target: 'idle', actions: 'forget' } } },
    walking: {
      on: {
        scan: 'scanning',
        code: { guard: 'hasText', target: 'checking', actions: 'takeCode' },
        describe: { actions: 'describe' },
        finish: 'finishing',
        back: { target: 'idle', actions: 'forget' },
      },
    },
    /** The camera looks for a checkpoint's QR; an NFC tag read meanwhile counts as well. */
    scanning: {
      invoke: {
        id: 'scanner',
        src: 'scanner',
        onDone: { target: 'checking', actions: { type: 'takeScanned', params: ({ event }) => event.output } },
      },
      on: {
        code: { guard: 'hasText', target: 'checking', actions: 'takeCode' },
        cancel: { target: 'walking', actions: 'forgetScan' },
      },
    },
    checking: {
      always: [
        { guard: 'unknownCode', target: 'wrongCheckpoint' },
        { guard: 'alreadyScanned', target: 'checkpointDone', actions: 'already' },
        { guard: 'outOfOrder', target: 'outOfOrder' },
        { target: 'sending', actions: 'makeClientId' },
      ],
    },
    /** Not the next checkpoint of an ordered round: record it anyway, or go on walking. */
    outOfOrder: {
      on: { confirm: { target: 'sending', actions: 'makeClientId' }, cancel: { target: 'walking', actions: 'forgetScan' } },
    },
    wrongCheckpoint: {
      on: {
        scan: 'scanning',
        code: { guard: 'hasText', target: 'checking', actions: 'takeCode' },
        dismiss: { target: 'walking', actions: 'forgetScan' },
      },
    },
    sending: {
      invoke: {
        id: 'sendScan',
        src: 'sendScan',
        input: ({ context }): ScanRequest => ({
          clientId: context.clientId!,
          roundId: context.round!.id,
          code: context.code,
          note: context.note.trim() || null,
          photo: context.photo,
        }),
        onDone: [
          {
            guard: { type: 'wasQueued', params: ({ event }) => event.output },
            target: 'queued',
            actions: { type: 'markQueued', params: ({ event }) => event.output },
          },
          { target: 'checkpointDone', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        ],
        onError: { target: 'scanFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not recorded: Reintentar sends the same scan, with the same clientId. */
    scanFailed: { on: { retry: 'sending', dismiss: { target: 'walking', actions: 'forgetScan' } } },
    checkpointDone: {
      on: {
        scan: 'scanning',
        code: { guard: 'hasText', target: 'checking', actions: 'takeCode' },
        dismiss: { target: 'walking', actions: 'forgetScan' },
        finish: 'finishing',
      },
    },
    /** Guardado sin conexión: the offline queue sends it when the network is back. */
    queued: {
      on: {
        scan: 'scanning',
        code: { guard: 'hasText', target: 'checking', actions: 'takeCode' },
        dismiss: { target: 'walking', actions: 'forgetScan' },
        finish: 'finishing',
      },
    },
    finishing: {
      invoke: {
        id: 'finishRound',
        src: 'finishRound',
        input: ({ context }) => context.round!.id,
        onDone: { target: 'finished', actions: { type: 'keepRound', params: ({ event }) => event.output } },
        onError: { target: 'finishFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    finishFailed: { on: { retry: 'finishing', dismiss: { target: 'walking', actions: 'forgetScan' } } },
    finished: { on: { back: { target: 'idle', actions: 'forget' } } },
  },
});
