// A resident's walk-ins waiting at the caseta (issue 26, condominio/visitas): their dwellings' walk-ins still
// asking, read again when the live channel says a walk-in moved (`refresh`), and every PENDING_WALK_INS_POLL_MS
// besides while the screen is open,
// and their answer — Aprobar or Rechazar — sent for one of them. The first answer wins on the server: a resident
// answering second hears who answered (409) and the list is read again.
import { assign, fromPromise, setup } from 'xstate';
import { PENDING_WALK_INS_POLL_MS, type WalkIn, type WalkInAnswerKind } from '../api/gateWalkIns';
import { fetchPendingWalkIns, respondToWalkIn } from '../services/gateWalkInsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PendingWalkInsContext {
  /** null until the first answer. */
  items: WalkIn[] | null;
  failure: CallFailure | null;
  /** The answer being (or last) sent. */
  answering: { id: number; answer: WalkInAnswerKind } | null;
  answerFailure: CallFailure | null;
  /** The walk-in last answered, for the screen's confirmation. */
  answered: number | null;
}

export type PendingWalkInsEvent =
  | { type: 'answer'; id: number; answer: WalkInAnswerKind }
  | { type: 'retry' }
  | { type: 'dismiss' }
  /** The live channel: a walk-in was asked, answered or decided. */
  | { type: 'refresh' };

export const pendingWalkInsMachine = setup({
  types: {
    context: {} as PendingWalkInsContext,
    events: {} as PendingWalkInsEvent,
  },
  actors: {
    fetchPending: fromPromise<WalkIn[]>(({ signal }) => fetchPendingWalkIns(signal)),
    respond: fromPromise<WalkIn, { id: number; answer: WalkInAnswerKind }>(({ input, signal }) =>
      respondToWalkIn(input.id, input.answer, signal),
    ),
  },
  delays: { poll: PENDING_WALK_INS_POLL_MS },
  guards: {
    isListed: ({ context, event }) => event.type === 'answer' && (context.items ?? []).some((w) => w.id === event.id),
  },
  actions: {
    keepItems: assign((_, items: WalkIn[]) => ({ items, failure: null })),
    takeAnswer: assign(({ event }) =>
      event.type === 'answer' ? { answering: { id: event.id, answer: event.answer }, answerFailure: null, answered: null } : {},
    ),
    keepAnswered: assign(({ context }) => ({ answered: context.answering?.id ?? null, answering: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    failAnswer: assign((_, { error }: { error: unknown }) => ({ answerFailure: callFailure(error) })),
    forgetAnswer: assign({ answering: null, answerFailure: null }),
  },
}).createMachine({
  id: 'pendingWalkIns',
  context: { items: null, failure: null, answering: null, answerFailure: null, answered: null },
  initial: 'loading',
  states: {
    /** The first read shows Cargando…; later ones keep the list on the screen. */
    loading: {
      // The live channel's word while this read is under way: read again, or the list keeps the earlier answer.
      on: { refresh: { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetchPending',
        src: 'fetchPending',
        onDone: { target: 'ready', actions: { type: 'keepItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { poll: 'loading' },
      on: { answer: { guard: 'isListed', target: 'answering', actions: 'takeAnswer' }, refresh: 'loading' },
    },
    /** Not read: Reintentar, or it is read again after the pause (or the live channel's word) by itself. */
    failed: { after: { poll: 'loading' }, on: { retry: 'loading', refresh: 'loading' } },
    answering: {
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => context.answering!,
        onDone: { target: 'loading', actions: 'keepAnswered' },
        onError: { target: 'answerFailed', actions: { type: 'failAnswer', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not sent, or somebody answered first (their name in the server's words): Reintentar or Cerrar. */
    answerFailed: { on: { retry: 'answering', dismiss: { target: 'loading', actions: 'forgetAnswer' } } },
  },
});
