// The caseta's two lists (issue 26): who is expected today (searchable by name, plate or dwelling, the search
// waiting GATE_SEARCH_DEBOUNCE_MS after the last keystroke) and who is inside now, with 'Salida' per row.
// Two parts side by side: the lists (read again every GATE_REFRESH_MS while shown, and at once after a
// movement; the answer stays on screen while the next one loads) and the exit of one row (its clientId made
// once per attempt, so Reintentar sends the same exit and the server records it once).
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import { GATE_REFRESH_MS, GATE_SEARCH_DEBOUNCE_MS, type GateExitRequest, type GateTodayAnswer } from '../api/gate';
import { fetchGateToday, type MovementOutcome, type RecordedMovement, recordMovement, wasQueued } from '../services/gateService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface GateTodayContext {
  /** The search as typed (sent once it has been still for the debounce). */
  q: string;
  answer: GateTodayAnswer | null;
  failure: CallFailure | null;
  /** The exit under way or last tried. */
  exit: GateExitRequest | null;
  exitFailure: CallFailure | null;
  /** Exits kept in the offline queue (no network): their rows cannot be let out twice meanwhile. */
  queuedExits: number[];
}

export type GateTodayEvent =
  | { type: 'search'; q: string }
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'exit'; entryId: number }
  | { type: 'retryExit' }
  | { type: 'dismissExit' };

export type GateTodayEmitted =
  | { type: 'exited'; recorded: RecordedMovement }
  /** No network: the exit waits in the device's offline queue. */
  | { type: 'exitQueued'; entryId: number };

export const gateTodayMachine = setup({
  types: {
    context: {} as GateTodayContext,
    events: {} as GateTodayEvent,
    emitted: {} as GateTodayEmitted,
  },
  actors: {
    fetchToday: fromPromise<GateTodayAnswer, string>(({ input, signal }) => fetchGateToday(input, signal)),
    recordExit: fromPromise<MovementOutcome, GateExitRequest>(({ input, signal }) =>
      recordMovement({ kind: 'exit', request: input }, signal),
    ),
  },
  delays: { debounce: GATE_SEARCH_DEBOUNCE_MS, refresh: GATE_REFRESH_MS },
  guards: {
    /** Only a row that is inside in the last answer, and whose exit is not already waiting offline. */
    isInside: ({ context, event }) =>
      event.type === 'exit' &&
      !context.queuedExits.includes(event.entryId) &&
      (context.answer?.inside.some((movement) => movement.id === event.entryId) ?? false),
    wasQueued: (_, outcome: MovementOutcome) => wasQueued(outcome),
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'search' ? { q: event.q } : {})),
    setAnswer: assign((_, answer: GateTodayAnswer) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    /** A new exit attempt with a new id (the model gives a fixed one). */
    startExit: assign(({ event }) =>
      event.type === 'exit'
        ? { exit: { clientId: globalThis.crypto.randomUUID(), entryId: event.entryId }, exitFailure: null }
        : {},
    ),
    failExit: assign((_, { error }: { error: unknown }) => ({ exitFailure: callFailure(error) })),
    forgetExit: assign({ exit: null, exitFailure: null }),
    forgetExitFailure: assign({ exitFailure: null }),
    tellExited: emit((_, recorded: RecordedMovement) => ({ type: 'exited' as const, recorded })),
    keepQueuedExit: assign(({ context }) => ({
      queuedExits: context.exit ? [...context.queuedExits, context.exit.entryId] : context.queuedExits,
    })),
    tellExitQueued: emit(({ context }) => ({ type: 'exitQueued' as const, entryId: context.exit?.entryId ?? 0 })),
    refreshLists: raise({ type: 'refresh' }),
  },
}).createMachine({
  id: 'gateToday',
  type: 'parallel',
  context: { q: '', answer: null, failure: null, exit: null, exitFailure: null, queuedExits: [] },
  states: {
    lists: {
      initial: 'loading',
      on: {
        search: { target: '.waiting', actions: 'setQuery' },
        refresh: '.loading',
      },
      states: {
        /** The search is typed: it is sent once it has been still for the debounce. */
        waiting: { after: { debounce: 'loading' } },
        loading: {
          invoke: {
            id: 'today',
            src: 'fetchToday',
            input: ({ context }) => context.q,
            onDone: { target: 'ready', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: { after: { refresh: 'loading' } },
        failed: { on: { retry: 'loading' } },
      },
    },
    exits: {
      initial: 'idle',
      states: {
        idle: { on: { exit: { guard: 'isInside', target: 'exiting', actions: 'startExit' } } },
        exiting: {
          entry: 'forgetExitFailure',
          invoke: {
            id: 'exit',
            src: 'recordExit',
            input: ({ context }) => context.exit!,
            onDone: [
              {
                guard: { type: 'wasQueued', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['keepQueuedExit', 'tellExitQueued', 'forgetExit'],
              },
              {
                target: 'idle',
                actions: [
                  'forgetExit',
                  { type: 'tellExited', params: ({ event }) => event.output as RecordedMovement },
                  'refreshLists',
                ],
              },
            ],
            onError: { target: 'failed', actions: { type: 'failExit', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** Not recorded (or no answer): Reintentar sends the same exit, with the same clientId. */
        failed: {
          on: {
            retryExit: 'exiting',
            dismissExit: { target: 'idle', actions: 'forgetExit' },
            exit: { guard: 'isInside', target: 'exiting', actions: 'startExit' },
          },
        },
      },
    },
  },
});
