// One poll as the caller votes in it (?PollId=): the poll is read, then what voteRefusal() says of the chosen
// seat (a dwelling in a votación, the person in an encuesta; several dwellings: one at a time) decides the
// screen: not allowed (closed, not yet open, in arrears, already voted, not in the electorate), the vote cast
// (with its receipt; a poll whose votes may change offers to change it), or the ballot. Choosing keeps each
// question's answer within its limits; reviewing shows them before the vote goes; a 409 says why the server
// refused it and shows the poll as it is now (two people of one dwelling voting at once: the second is told
// the first one counted). While choosing or looking at the poll it is read again every POLL_REFRESH_MS, so a
// closing, new results or someone else's vote show; the read runs beside the screen, which stays as it is.
import { assign, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import type { VoteRefusal } from '../api/pollLifecycle';
import { POLL_FREE_TEXT_MAX, POLL_REFRESH_MS, type PollAnswer, type VoteAnswer, type VoteRequest } from '../api/polls';
import { castVote, fetchPoll, type VoteResult } from '../services/pollsService';
import { type Choices, choicesComplete, choicesOf, type SeatDecision, seatDecision, seatOf, voteRespuestas } from './pollVote';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

/** A read of the poll, and when it came. */
export interface PollRead {
  answer: PollAnswer;
  /** ms since the epoch: the moment the lifecycle judges the poll's phase at. */
  at: number;
}

/** The vote's answer, and when it came. */
export type VoteSent = VoteResult & { at: number };

/** What the vote just cast from this screen answered (the seat's own record has the rest). */
export type VoteConfirmation = Pick<VoteAnswer, 'recibo' | 'FechaVoto' | 'MensajeConfirmacion' | 'copiaEnviada' | 'cambio'>;

export interface PollVoteInput {
  pollId: number;
  /** The dwelling voting (votación); null: the caller's first seat (an encuesta's only one). */
  ApmtId: number | null;
}

export interface PollVoteContext {
  pollId: number;
  apmtId: number | null;
  answer: PollAnswer | null;
  at: number;
  choices: Choices;
  /** Changing a vote already cast (where the poll allows it). */
  changing: boolean;
  confirmation: VoteConfirmation | null;
  /** The last vote sent was refused by the server: why, and its words. */
  refused: { motivo: VoteRefusal | null; message: string } | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
  /** The poll is being read again beside the screen. */
  refreshing: boolean;
  /** The last reading again failed (the poll shown may be old; the next one tries again). */
  refreshFailed: boolean;
}

export type PollVoteEvent =
  | { type: 'retry' }
  | { type: 'select'; preguntaId: number; opcionId: number }
  | { type: 'toggle'; preguntaId: number; opcionId: number }
  | { type: 'write'; preguntaId: number; texto: string }
  | { type: 'review' }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'changeVote' }
  | { type: 'keepVote' }
  | { type: 'chooseSeat'; ApmtId: number | null }
  | { type: 'refreshNow' }
  // The read again runs as a spawned child (the screen stays in its state meanwhile); these are its answers.
  | { type: 'xstate.done.actor.refresh'; output: PollRead }
  | { type: 'xstate.error.actor.refresh'; error: unknown };

const REFRESH = 'refresh';

const read = async (pollId: number, signal: AbortSignal): Promise<PollRead> => ({
  answer: await fetchPoll(pollId, signal),
  at: Date.now(),
});

/** The facts the decision reads from the context. */
export const decisionOf = (context: PollVoteContext): SeatDecision | null =>
  context.answer
    ? seatDecision({
        answer: context.answer,
        at: context.at,
        apmtId: context.apmtId,
        changing: context.changing,
        justVoted: context.confirmation !== null,
      })
    : null;

const question = (context: PollVoteContext, preguntaId: number) =>
  context.answer?.poll.preguntas.find((q) => q.id === preguntaId) ?? null;

const hasOption = (context: PollVoteContext, preguntaId: number, opcionId: number) =>
  !!question(context, preguntaId)?.opciones.some((o) => o.id === opcionId);

/** The vote request the choices make for the seat. */
export function voteRequest(context: PollVoteContext): VoteRequest {
  const answer = context.answer!;
  return {
    pollId: context.pollId,
    ApmtId: seatOf(answer, context.apmtId)?.ApmtId ?? null,
    respuestas: voteRespuestas(answer, context.choices),
  };
}

/** A 409 with this refusal goes to its "not allowed" state. */
const refusedFor = (motivo: VoteRefusal, target: string) => ({
  guard: {
    type: 'refusedWith' as const,
    params: ({ event }: { event: { output: VoteSent } }) => ({ sent: event.output, motivo }),
  },
  target,
  actions: { type: 'refused' as const, params: ({ event }: { event: { output: VoteSent } }) => ({ sent: event.output }) },
});

/** The states where the poll is looked at: read again every POLL_REFRESH_MS (or at once when asked). */
const watched = {
  after: { refreshEvery: { guard: 'idle' as const, actions: ['startRefresh' as const, 'markRefreshing' as const] } },
  exit: ['stopRefresh' as const, 'endRefresh' as const],
  on: {
    refreshNow: { guard: 'idle' as const, actions: ['startRefresh' as const, 'markRefreshing' as const] },
    'xstate.done.actor.refresh': {
      target: '#pollVote.deciding',
      actions: { type: 'showRead' as const, params: ({ event }: { event: { output: PollRead } }) => ({ read: event.output }) },
    },
    'xstate.error.actor.refresh': [
      // No longer the caller's to see (another condominium, a cancelled proposal of someone else).
      {
        guard: { type: 'refusedCall' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        target: '#pollVote.notFound',
      },
      { target: '#pollVote.deciding', actions: 'refreshFailed' as const },
    ],
    chooseSeat: {
      guard: {
        type: 'otherSeat' as const,
        params: ({ event }: { event: { ApmtId: number | null } }) => ({ ApmtId: event.ApmtId }),
      },
      target: '#pollVote.deciding',
      actions: {
        type: 'chooseSeat' as const,
        params: ({ event }: { event: { ApmtId: number | null } }) => ({ ApmtId: event.ApmtId }),
      },
    },
  },
};

export const pollVoteMachine = setup({
  types: {
    input: {} as PollVoteInput,
    context: {} as PollVoteContext,
    events: {} as PollVoteEvent,
  },
  actors: {
    loadPoll: fromPromise<PollRead, { pollId: number }>(({ input, signal }) => read(input.pollId, signal)),
    castVote: fromPromise<VoteSent, VoteRequest>(async ({ input, signal }) => ({
      ...(await castVote(input, signal)),
      at: Date.now(),
    })),
  },
  delays: {
    refreshEvery: POLL_REFRESH_MS,
  },
  guards: {
    refusedCall: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    decided: ({ context }, { decision }: { decision: SeatDecision }) => decisionOf(context) === decision,
    idle: ({ context }) => !context.refreshing,
    otherSeat: ({ context }, { ApmtId }: { ApmtId: number | null }) =>
      !!context.answer &&
      context.answer.asientos.some((s) => s.ApmtId === ApmtId) &&
      seatOf(context.answer, context.apmtId)?.ApmtId !== ApmtId,
    /** unica and sí / no / abstención: one of the question's options. */
    selectable: ({ context }, { preguntaId, opcionId }: { preguntaId: number; opcionId: number }) => {
      const tipo = question(context, preguntaId)?.tipo;
      return (tipo === 'unica' || tipo === 'sino') && hasOption(context, preguntaId, opcionId);
    },
    /** multiple: an option chosen is dropped; another is added while fewer than `maximo` are chosen. */
    toggleable: ({ context }, { preguntaId, opcionId }: { preguntaId: number; opcionId: number }) => {
      const q = question(context, preguntaId);
      if (q?.tipo !== 'multiple' || !hasOption(context, preguntaId, opcionId)) return false;
      const chosen = context.choices[preguntaId]?.opciones ?? [];
      return chosen.includes(opcionId) || chosen.length < (q.maximo ?? q.opciones.length);
    },
    writable: ({ context }, { preguntaId, texto }: { preguntaId: number; texto: string }) =>
      question(context, preguntaId)?.tipo === 'abierta' && texto.length <= POLL_FREE_TEXT_MAX,
    complete: ({ context }) => !!context.answer && choicesComplete(context.answer, context.choices),
    /** The seat voted and the poll lets votes change until closing. */
    mayChange: ({ context }) => decisionOf({ ...context, changing: true, confirmation: null }) === 'choosing',
    changing: ({ context }) => context.changing,
    refusedWith: (_, { sent, motivo }: { sent: VoteSent; motivo: VoteRefusal }) =>
      sent.kind === 'conflict' && sent.motivo === motivo,
    lostRace: (_, { sent }: { sent: VoteSent }) => sent.kind === 'conflict',
  },
  actions: {
    showRead: assign((_, { read }: { read: PollRead }) => ({
      answer: read.answer,
      at: read.at,
      refreshing: false,
      refreshFailed: false,
    })),
    startRefresh: spawnChild('loadPoll', { id: REFRESH, input: ({ context }) => ({ pollId: context.pollId }) }),
    markRefreshing: assign({ refreshing: true }),
    stopRefresh: stopChild(REFRESH),
    endRefresh: assign({ refreshing: false }),
    refreshFailed: assign({ refreshing: false, refreshFailed: true }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    chooseSeat: assign((_, { ApmtId }: { ApmtId: number | null }) => ({
      apmtId: ApmtId,
      choices: {},
      changing: false,
      confirmation: null,
      refused: null,
      failure: null,
    })),
    select: assign(({ context }, { preguntaId, opcionId }: { preguntaId: number; opcionId: number }) => ({
      choices: { ...context.choices, [preguntaId]: { opciones: [opcionId], texto: '' } },
    })),
    toggle: assign(({ context }, { preguntaId, opcionId }: { preguntaId: number; opcionId: number }) => {
      const chosen = context.choices[preguntaId]?.opciones ?? [];
      const opciones = chosen.includes(opcionId) ? chosen.filter((id) => id !== opcionId) : [...chosen, opcionId];
      return { choices: { ...context.choices, [preguntaId]: { opciones, texto: '' } } };
    }),
    write: assign(({ context }, { preguntaId, texto }: { preguntaId: number; texto: string }) => ({
      choices: { ...context.choices, [preguntaId]: { opciones: [], texto } },
    })),
    /** Changing a vote starts from what the seat chose. */
    startChange: assign(({ context }) => ({
      changing: true,
      confirmation: null,
      choices: choicesOf(seatOf(context.answer!, context.apmtId)),
    })),
    keepVote: assign({ changing: false, choices: {} }),
    voted: assign((_, { sent }: { sent: VoteSent }) => {
      if (sent.kind !== 'voted') return {};
      const { poll, success: _success, ...confirmation } = sent.answer;
      return { answer: poll, at: sent.at, confirmation, choices: {}, changing: false, refused: null, failure: null };
    }),
    refused: assign((_, { sent }: { sent: VoteSent }) =>
      sent.kind === 'conflict'
        ? { answer: sent.answer, at: sent.at, refused: { motivo: sent.motivo, message: sent.message }, changing: false }
        : {},
    ),
  },
}).createMachine({
  id: 'pollVote',
  context: ({ input }) => ({
    pollId: input.pollId,
    apmtId: input.ApmtId,
    answer: null,
    at: 0,
    choices: {},
    changing: false,
    confirmation: null,
    refused: null,
    failure: null,
    refreshing: false,
    refreshFailed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearFailure',
      invoke: {
        id: 'load',
        src: 'loadPoll',
        input: ({ context }) => ({ pollId: context.pollId }),
        onDone: { target: 'deciding', actions: { type: 'showRead', params: ({ event }) => ({ read: event.output }) } },
        onError: [
          { guard: { type: 'refusedCall', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    notFound: {},
    // Decides at once from the poll as last read and the seat chosen.
    deciding: {
      always: [
        { guard: { type: 'decided', params: { decision: 'closed' } }, target: 'notAllowed.closed' },
        { guard: { type: 'decided', params: { decision: 'notYetOpen' } }, target: 'notAllowed.notYetOpen' },
        { guard: { type: 'decided', params: { decision: 'notEligible' } }, target: 'notAllowed.notEligible' },
        { guard: { type: 'decided', params: { decision: 'inArrears' } }, target: 'notAllowed.inArrears' },
        { guard: { type: 'decided', params: { decision: 'alreadyVoted' } }, target: 'notAllowed.alreadyVoted' },
        { guard: { type: 'decided', params: { decision: 'voted' } }, target: 'voted' },
        { target: 'choosing' },
      ],
    },
    notAllowed: {
      ...watched,
      initial: 'closed',
      states: {
        closed: {},
        notYetOpen: {},
        inArrears: {},
        alreadyVoted: {},
        notEligible: {},
      },
    },
    choosing: {
      ...watched,
      on: {
        ...watched.on,
        select: {
          guard: {
            type: 'selectable',
            params: ({ event }) => ({ preguntaId: event.preguntaId, opcionId: event.opcionId }),
          },
          actions: { type: 'select', params: ({ event }) => ({ preguntaId: event.preguntaId, opcionId: event.opcionId }) },
        },
        toggle: {
          guard: {
            type: 'toggleable',
            params: ({ event }) => ({ preguntaId: event.preguntaId, opcionId: event.opcionId }),
          },
          actions: { type: 'toggle', params: ({ event }) => ({ preguntaId: event.preguntaId, opcionId: event.opcionId }) },
        },
        write: {
          guard: { type: 'writable', params: ({ event }) => ({ preguntaId: event.preguntaId, texto: event.texto }) },
          actions: { type: 'write', params: ({ event }) => ({ preguntaId: event.preguntaId, texto: event.texto }) },
        },
        review: { guard: 'complete', target: 'reviewing' },
        keepVote: { guard: 'changing', target: 'deciding', actions: 'keepVote' },
      },
    },
    reviewing: {
      on: {
        back: 'choosing',
        confirm: 'sending',
      },
    },
    sending: {
      entry: 'clearFailure',
      invoke: {
        id: 'vote',
        src: 'castVote',
        input: ({ context }) => voteRequest(context),
        onDone: [
          refusedFor('cerrada', 'notAllowed.closed'),
          refusedFor('no_abierta', 'notAllowed.notYetOpen'),
          refusedFor('moroso', 'notAllowed.inArrears'),
          refusedFor('ya_voto', 'notAllowed.alreadyVoted'),
          refusedFor('no_elegible', 'notAllowed.notEligible'),
          // A 409 without a refusal: decided again from the poll as it is now.
          {
            guard: { type: 'lostRace', params: ({ event }) => ({ sent: event.output }) },
            target: 'deciding',
            actions: { type: 'refused', params: ({ event }) => ({ sent: event.output }) },
          },
          { target: 'voted', actions: { type: 'voted', params: ({ event }) => ({ sent: event.output }) } },
        ],
        onError: { target: 'sendFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The choices are kept: review them again and send.
    sendFailed: { on: { retry: 'reviewing' } },
    voted: {
      ...watched,
      on: {
        ...watched.on,
        changeVote: { guard: 'mayChange', target: 'choosing', actions: 'startChange' },
      },
    },
  },
});
