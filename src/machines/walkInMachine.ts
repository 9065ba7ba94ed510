// A walk-in at the caseta (issue 26): the guard picks the dwelling and says who it is and why, and asks; the
// dwelling's residents answer from their phones; the caseta reads the walk-in again as soon as the live channel says
// it moved (issue 30), and every WALK_IN_POLL_MS besides; approved, refused, or no answer in time, the guard decides and
// the decision is recorded as an entry or a refusal. The ask and the decision each carry a clientId made once:
// a retry after a failure re-sends the very same request, so the server asks (and records) once.
// Invoked by gateMachine's `walkIn` state; it ends when the decision is recorded (output: the movement) or when
// the guard cancels before anyone was asked (output: null).

import { is } from 'superstruct';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  WALK_IN_POLL_MS,
  type WalkIn,
  type WalkInAskAnswer,
  WalkInAskRequest,
  type WalkInDecidedAnswer,
  type WalkInDecideRequest,
  type WalkInDecision,
  type WalkInReason,
} from '../api/gateWalkIns';
import type { RecordedMovement } from '../services/gateService';
import { askWalkIn, decideWalkIn, fetchWalkIn } from '../services/gateWalkInsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** What the walk-in form gives. */
export interface WalkInDraft {
  apartmentId: number | null;
  visitorName: string;
  reason: WalkInReason;
  people: number;
  plates: string;
  /** Where the movement is recorded (the device's access point first); '' none. */
  accessPoint: string;
  note: string;
}

export interface WalkInContext {
  /** Where the decision's movement is recorded, from the form. */
  accessPoint: string | null;
  /** The ask being (or last) sent: a retry sends it again as it is. */
  ask: WalkInAskRequest | null;
  walkIn: WalkIn | null;
  /** Residents told when it was asked (0: nobody will answer). */
  told: number;
  /** The decision being (or last) sent, with its own clientId. */
  decision: WalkInDecideRequest | null;
  recorded: RecordedMovement | null;
  failure: CallFailure | null;
}

export type WalkInEvent =
  | { type: 'ask'; draft: WalkInDraft }
  | { type: 'decide'; decision: WalkInDecision }
  | { type: 'retry' }
  | { type: 'cancel' }
  /** The live channel: this walk-in was answered (or otherwise moved). */
  | { type: 'refresh' };

export interface WalkInOutput {
  /** The movement the decision recorded; null when the guard cancelled before asking. */
  recorded: RecordedMovement | null;
}

/** A real UUID the guards never see; the requests are checked against the contract before one is made. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The ask the draft describes. */
export function askOf(draft: WalkInDraft, clientId: string): WalkInAskRequest {
  return {
    clientId,
    apartmentId: draft.apartmentId ?? 0,
    visitorName: draft.visitorName.trim(),
    reason: draft.reason,
    people: draft.people,
    plates: text(draft.plates),
    note: text(draft.note),
  };
}

/** Which decisions the walk-in's answer leaves the guard: a resident's refusal leaves only the refusal. */
export function decisionsFor(walkIn: WalkIn | null): WalkInDecision[] {
  if (walkIn?.status === 'approved' || walkIn?.status === 'noAnswer') return ['entry', 'refusal'];
  if (walkIn?.status === 'refused') return ['refusal'];
  return [];
}

/** The answer the walk-in has; one another device already decided reads as the answer it had. */
const ANSWERED: Record<'approved' | 'refused' | 'noAnswer', WalkIn['answer']> = {
  approved: 'approve',
  refused: 'refuse',
  noAnswer: null,
};
const answered = (walkIn: WalkIn, status: keyof typeof ANSWERED) =>
  walkIn.status === status || (walkIn.status === 'decided' && walkIn.answer === ANSWERED[status]);

const decide = { guard: 'mayDecide', target: '#walkIn.deciding', actions: ['makeDecision'] } as const;

export const walkInMachine = setup({
  types: {
    context: {} as WalkInContext,
    events: {} as WalkInEvent,
    output: {} as WalkInOutput,
  },
  actors: {
    ask: fromPromise<WalkInAskAnswer, WalkInAskRequest>(({ input, signal }) => askWalkIn(input, signal)),
    poll: fromPromise<WalkIn, number>(({ input, signal }) => fetchWalkIn(input, signal)),
    decide: fromPromise<WalkInDecidedAnswer, { id: number; request: WalkInDecideRequest }>(({ input, signal }) =>
      decideWalkIn(input.id, input.request, signal),
    ),
  },
  delays: { poll: WALK_IN_POLL_MS },
  guards: {
    askValid: ({ event }) =>
      event.type === 'ask' && event.draft.apartmentId !== null && is(askOf(event.draft, PLACEHOLDER_ID), WalkInAskRequest),
    mayDecide: ({ context, event }) => event.type === 'decide' && decisionsFor(context.walkIn).includes(event.decision),
    isApproved: (_, walkIn: WalkIn) => answered(walkIn, 'approved'),
    isRefused: (_, walkIn: WalkIn) => answered(walkIn, 'refused'),
    isNoAnswer: (_, walkIn: WalkIn) => answered(walkIn, 'noAnswer'),
  },
  actions: {
    /** A new attempt: a new id (the model gives a fixed one). */
    makeAsk: assign(({ event }) => {
      assertEvent(event, 'ask');
      return { ask: askOf(event.draft, globalThis.crypto.randomUUID()), accessPoint: text(event.draft.accessPoint) };
    }),
    keepAsked: assign((_, answer: WalkInAskAnswer) => ({ walkIn: answer.data, told: answer.told })),
    keepWalkIn: assign((_, walkIn: WalkIn) => ({ walkIn, failure: null })),
    makeDecision: assign(({ context, event }) => {
      assertEvent(event, 'decide');
      return {
        decision: { clientId: globalThis.crypto.randomUUID(), decision: event.decision, accessPoint: context.accessPoint },
      };
    }),
    keepDecided: assign((_, answer: WalkInDecidedAnswer) => ({
      walkIn: answer.data,
      recorded: { movement: answer.movement, duplicate: answer.duplicate },
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'walkIn',
  context: {
    accessPoint: null,
    ask: null,
    walkIn: null,
    told: 0,
    decision: null,
    recorded: null,
    failure: null,
  },
  initial: 'form',
  output: ({ context }) => ({ recorded: context.recorded }),
  states: {
    /** Vivienda, Nombre, Motivo, Personas, Placas, Nota; Preguntar a la vivienda. */
    form: {
      on: {
        ask: { guard: 'askValid', target: 'asking', actions: 'makeAsk' },
        cancel: 'cancelled',
      },
    },
    asking: {
      entry: 'forgetFailure',
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => context.ask!,
        onDone: { target: 'waiting', actions: { type: 'keepAsked', params: ({ event }) => event.output } },
        onError: { target: 'askFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not asked (or no answer): Reintentar sends the same ask, with the same clientId. */
    askFailed: { on: { retry: 'asking', cancel: 'cancelled' } },
    /** The residents have the notice; the caseta asks again when the live channel says the walk-in moved (`refresh`),
     * or after a pause (a safety net, and how an unanswered one runs out). A failed poll waits and asks again. */
    waiting: { after: { poll: 'polling' }, on: { refresh: 'polling' } },
    polling: {
      // The walk-in moved while this poll ran: its answer may be from before. Ask again, from the start.
      on: { refresh: { target: 'polling', reenter: true } },
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => context.walkIn!.id,
        onDone: [
          {
            guard: { type: 'isApproved', params: ({ event }) => event.output },
            target: 'approved',
            actions: { type: 'keepWalkIn', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'refused',
            actions: { type: 'keepWalkIn', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isNoAnswer', params: ({ event }) => event.output },
            target: 'noAnswer',
            actions: { type: 'keepWalkIn', params: ({ event }) => event.output },
          },
          { target: 'waiting', actions: { type: 'keepWalkIn', params: ({ event }) => event.output } },
        ],
        onError: { target: 'waiting', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** A resident approved: Dejar pasar (or, the visitor gone, No dejar pasar). */
    approved: { on: { decide } },
    /** A resident refused: only No dejar pasar. */
    refused: { on: { decide } },
    /** Sin respuesta: the guard decides. */
    noAnswer: { on: { decide } },
    deciding: {
      entry: 'forgetFailure',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ id: context.walkIn!.id, request: context.decision! }),
        onDone: { target: 'decided', actions: { type: 'keepDecided', params: ({ event }) => event.output } },
        onError: { target: 'decideFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Not recorded: Reintentar sends the same decision, with the same clientId. */
    decideFailed: { on: { retry: 'deciding' } },
    decided: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
