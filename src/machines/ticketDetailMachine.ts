// One request to the administrator (?ticket=ID, or the employee's task list): the request, its timeline and
// what the caller may do with it. The lifecycle actions offered are exactly those ticketActions() of
// src/api/ticketLifecycle.ts lists for the caller's roles at the moment the request was read, one guard per
// action reading that table. Besides: a public reply or an internal note with photos or PDFs (where
// abilities allow), the administrator's assignee, priority and due date, and the requester's rating (1–5 and
// a comment). While viewing, the request is read again every TICKET_REFRESH_MS so changes by others show. A
// change that lost the race (409) shows the fresh request and says so.
import { assign, fromPromise, setup } from 'xstate';
import {
  type TicketAction,
  type TicketFacts,
  type TicketPriority,
  ticketActions,
  ticketTransition,
} from '../api/ticketLifecycle';
import {
  TICKET_MAX_ATTACHMENTS,
  TICKET_RATING_COMMENT_MAX,
  TICKET_REFRESH_MS,
  TICKET_REPLY_MAX,
  type TicketAnswer,
  type TicketChangeRequest,
  type TicketRatingRequest,
  type TicketReplyRequest,
  type TicketUpdateRequest,
} from '../api/tickets';
import type { AttachmentUpload } from '../api/uploads';
import {
  changeTicket,
  fetchAssignees,
  fetchTicket,
  rateTicket,
  replyToTicket,
  type TicketAssignee,
  type TicketChangeResult,
  updateTicket,
} from '../services/ticketsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

/** A read of the request: the answer, the employees it may be assigned to (administrators), and when. */
export interface TicketRead {
  answer: TicketAnswer;
  /** null: not asked (not an administrator, or already known). */
  assignees: TicketAssignee[] | null;
  /** ms since the epoch: the moment the lifecycle table judges the 7 days against. */
  at: number;
}

/** A change's answer, and when it came. */
export type TicketChanged = TicketChangeResult & { at: number };

/** The administrator's edits not sent yet: only the fields touched. */
export interface TicketUpdateDraft {
  asignadoId?: number | null;
  Prioridad?: TicketPriority;
  /** ISO-8601 with time zone. */
  FechaLimite?: string;
}

export type TicketNotice = 'changed' | 'replied' | 'noted' | 'updated' | 'rated';

export interface TicketDetailContext {
  ticketId: number;
  answer: TicketAnswer | null;
  at: number;
  assignees: TicketAssignee[] | null;
  /** The employee chosen for asignar. */
  assignTo: number | null;
  /** The lifecycle action being sent. */
  acting: TicketAction | null;
  reply: string;
  internal: boolean;
  /** Photos or PDFs going with the reply. */
  replyFiles: AttachmentUpload[];
  update: TicketUpdateDraft;
  stars: number;
  comment: string;
  /** The last call failed: why. */
  failure: CallFailure | null;
  /** The server's words of the last 409; the request shown is the fresh one it sent. */
  conflict: string | null;
  /** What the last call did, said once. */
  notice: TicketNotice | null;
  /** The last automatic refresh failed (the request shown may be old; the next one tries again). */
  refreshFailed: boolean;
}

export type TicketDetailEvent =
  | { type: TicketAction }
  | { type: 'retry' }
  | { type: 'chooseAssignee'; asignadoId: number | null }
  | { type: 'editReply'; text: string }
  | { type: 'setInternal'; internal: boolean }
  | { type: 'attachReply'; file: AttachmentUpload }
  | { type: 'detachReply'; index: number }
  | { type: 'reply' }
  | { type: 'editUpdate'; draft: TicketUpdateDraft }
  | { type: 'update' }
  | { type: 'editRating'; stars?: number; comment?: string }
  | { type: 'rate' }
  | { type: 'dismiss' }
  /** The live channel: the request changed (or everything should be read again). */
  | { type: 'refresh' };

/** The facts of the request the lifecycle table reads. */
export const ticketFacts = (answer: TicketAnswer): TicketFacts => ({
  state: answer.ticket.Estado,
  resolvedAt: answer.ticket.FechaResuelta,
});

/** The lifecycle actions the table offers the caller now (the buttons shown). */
export function offeredActions(context: Pick<TicketDetailContext, 'answer' | 'at'>): TicketAction[] {
  if (!context.answer) return [];
  return ticketActions(ticketFacts(context.answer), context.answer.abilities.roles, new Date(context.at));
}

/** The touched fields that differ from the request as it is (what update would send). */
export function pendingUpdate(context: Pick<TicketDetailContext, 'answer' | 'update'>): TicketUpdateDraft {
  const ticket = context.answer?.ticket;
  if (!ticket) return {};
  const { asignadoId, Prioridad, FechaLimite } = context.update;
  const changes: TicketUpdateDraft = {};
  if (asignadoId !== undefined && asignadoId !== ticket.AsignadoId) changes.asignadoId = asignadoId;
  if (Prioridad !== undefined && Prioridad !== ticket.Prioridad) changes.Prioridad = Prioridad;
  if (FechaLimite !== undefined && !sameInstant(FechaLimite, ticket.FechaLimite)) changes.FechaLimite = FechaLimite;
  return changes;
}

const sameInstant = (a: string, b: string | null) => b !== null && new Date(a).getTime() === new Date(b).getTime();

const read = async (ticketId: number, withAssignees: boolean, signal: AbortSignal): Promise<TicketRead> => {
  const answer = await fetchTicket(ticketId, signal);
  const assignees = withAssignees && answer.abilities.canUpdate ? (await fetchAssignees(signal)).items : null;
  return { answer, assignees, at: Date.now() };
};

const timed = async (result: Promise<TicketChangeResult>): Promise<TicketChanged> => ({ ...(await result), at: Date.now() });

const changeOutcome = (output: TicketChanged) => ({ output });

/** A lifecycle action's transition: only when the table offers it (the guard), then the change call. */
const offer = (action: TicketAction) => ({
  guard: { type: 'offered' as const, params: { action } },
  target: 'changing' as const,
  actions: { type: 'act' as const, params: { action } },
});

export const ticketDetailMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { ticketId: number },
    context: {} as TicketDetailContext,
    events: {} as TicketDetailEvent,
  },
  actors: {
    loadTicket: fromPromise<TicketRead, { ticketId: number; withAssignees: boolean }>(({ input, signal }) =>
      read(input.ticketId, input.withAssignees, signal),
    ),
    changeTicket: fromPromise<TicketChanged, TicketChangeRequest>(({ input, signal }) => timed(changeTicket(input, signal))),
    replyToTicket: fromPromise<TicketChanged, TicketReplyRequest>(({ input, signal }) => timed(replyToTicket(input, signal))),
    updateTicket: fromPromise<TicketChanged, TicketUpdateRequest>(({ input, signal }) => timed(updateTicket(input, signal))),
    rateTicket: fromPromise<TicketChanged, TicketRatingRequest>(({ input, signal }) => timed(rateTicket(input, signal))),
  },
  delays: {
    refreshEvery: TICKET_REFRESH_MS,
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    lostRace: (_, { output }: { output: TicketChanged }) => output.kind === 'conflict',
    /** The table lists this action for the caller now; asignar also needs the employee chosen. */
    offered: ({ context }, { action }: { action: TicketAction }) => {
      if (!context.answer) return false;
      const transition = ticketTransition(
        ticketFacts(context.answer),
        action,
        context.answer.abilities.roles,
        new Date(context.at),
      );
      if (!transition) return false;
      return !transition.needsAssignee || (context.assignees ?? []).some((a) => a.UserId === context.assignTo);
    },
    canAttachReply: ({ context }) => !!context.answer?.abilities.canReply && context.replyFiles.length < TICKET_MAX_ATTACHMENTS,
    replyFileThere: ({ context }, { index }: { index: number }) => index >= 0 && index < context.replyFiles.length,
    canNote: ({ context }, { internal }: { internal: boolean }) => !internal || !!context.answer?.abilities.canWriteInternalNote,
    replyReady: ({ context }) =>
      !!context.answer?.abilities.canReply &&
      (!context.internal || context.answer.abilities.canWriteInternalNote) &&
      context.reply.trim().length > 0 &&
      context.reply.length <= TICKET_REPLY_MAX,
    canUpdate: ({ context }) => !!context.answer?.abilities.canUpdate,
    updateReady: ({ context }) => !!context.answer?.abilities.canUpdate && Object.keys(pendingUpdate(context)).length > 0,
    canRate: ({ context }) => !!context.answer?.abilities.canRate,
    ratingReady: ({ context }) =>
      !!context.answer?.abilities.canRate &&
      Number.isInteger(context.stars) &&
      context.stars >= 1 &&
      context.stars <= 5 &&
      context.comment.length <= TICKET_RATING_COMMENT_MAX,
  },
  actions: {
    showRead: assign(({ context }, { read }: { read: TicketRead }) => ({
      answer: read.answer,
      at: read.at,
      assignees: read.assignees ?? context.assignees,
      refreshFailed: false,
    })),
    refreshFailed: assign({ refreshFailed: true }),
    act: assign((_, { action }: { action: TicketAction }) => ({ acting: action })),
    chooseAssignee: assign((_, { asignadoId }: { asignadoId: number | null }) => ({ assignTo: asignadoId })),
    editReply: assign((_, { text }: { text: string }) => ({ reply: text })),
    setInternal: assign((_, { internal }: { internal: boolean }) => ({ internal })),
    attachReply: assign(({ context }, { file }: { file: AttachmentUpload }) => ({ replyFiles: [...context.replyFiles, file] })),
    detachReply: assign(({ context }, { index }: { index: number }) => ({
      replyFiles: context.replyFiles.filter((_, i) => i !== index),
    })),
    editUpdate: assign(({ context }, { draft }: { draft: TicketUpdateDraft }) => ({ update: { ...context.update, ...draft } })),
    editRating: assign(({ context }, { stars, comment }: { stars?: number; comment?: string }) => ({
      stars: stars ?? context.stars,
      comment: comment ?? context.comment,
    })),
    startCall: assign({ failure: null, conflict: null, notice: null }),
    /** The fresh request after a change that went through; what it sent is cleared. */
    changed: assign((_, { output, notice }: { output: TicketChanged; notice: TicketNotice }) => ({
      answer: output.answer,
      at: output.at,
      notice,
      acting: null,
      refreshFailed: false,
      ...(notice === 'changed' ? { assignTo: null } : {}),
      ...(notice === 'replied' || notice === 'noted' ? { reply: '', internal: false, replyFiles: [] } : {}),
      ...(notice === 'updated' ? { update: {} } : {}),
      ...(notice === 'rated' ? { stars: 0, comment: '' } : {}),
    })),
    /** Someone changed it first: the request as it is now, and the server's words. */
    lostRace: assign((_, { output }: { output: TicketChanged }) => ({
      answer: output.answer,
      at: output.at,
      conflict: output.kind === 'conflict' ? output.message : null,
      acting: null,
      update: {},
      assignTo: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), acting: null })),
    dismissConflict: assign({ conflict: null }),
  },
}).createMachine({
  id: 'ticketDetail',
  context: ({ input }) => ({
    ticketId: input.ticketId,
    answer: null,
    at: 0,
    assignees: null,
    assignTo: null,
    acting: null,
    reply: '',
    internal: false,
    replyFiles: [],
    update: {},
    stars: 0,
    comment: '',
    failure: null,
    conflict: null,
    notice: null,
    refreshFailed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadTicket',
        input: ({ context }) => ({ ticketId: context.ticketId, withAssignees: true }),
        onDone: { target: 'shown', actions: { type: 'showRead', params: ({ event }) => ({ read: event.output }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    notFound: {},
    shown: {
      initial: 'viewing',
      // Drafts may be written whatever the request is doing meanwhile.
      on: {
        chooseAssignee: {
          guard: 'canUpdate',
          actions: { type: 'chooseAssignee', params: ({ event }) => ({ asignadoId: event.asignadoId }) },
        },
        editReply: { actions: { type: 'editReply', params: ({ event }) => ({ text: event.text }) } },
        setInternal: {
          guard: { type: 'canNote', params: ({ event }) => ({ internal: event.internal }) },
          actions: { type: 'setInternal', params: ({ event }) => ({ internal: event.internal }) },
        },
        attachReply: {
          guard: 'canAttachReply',
          actions: { type: 'attachReply', params: ({ event }) => ({ file: event.file }) },
        },
        detachReply: {
          guard: { type: 'replyFileThere', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'detachReply', params: ({ event }) => ({ index: event.index }) },
        },
        editUpdate: {
          guard: 'canUpdate',
          actions: { type: 'editUpdate', params: ({ event }) => ({ draft: event.draft }) },
        },
        editRating: {
          guard: 'canRate',
          actions: { type: 'editRating', params: ({ event }) => ({ stars: event.stars, comment: event.comment }) },
        },
      },
      states: {
        viewing: {
          after: { refreshEvery: 'refreshing' },
          on: {
            refresh: 'refreshing',
            asignar: offer('asignar'),
            iniciar: offer('iniciar'),
            esperar: offer('esperar'),
            resolver: offer('resolver'),
            confirmar: offer('confirmar'),
            reabrir: offer('reabrir'),
            cerrar: offer('cerrar'),
            cancelar: offer('cancelar'),
            reply: { guard: 'replyReady', target: 'replying' },
            update: { guard: 'updateReady', target: 'updating' },
            rate: { guard: 'ratingReady', target: 'rating' },
          },
        },
        refreshing: {
          // A change announced while this read runs may have come after it read: read again, from the start.
          on: { refresh: { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'refresh',
            src: 'loadTicket',
            input: ({ context }) => ({ ticketId: context.ticketId, withAssignees: context.assignees === null }),
            onDone: { target: 'viewing', actions: { type: 'showRead', params: ({ event }) => ({ read: event.output }) } },
            onError: [
              // Taken from them meanwhile (reassigned, say): it is no longer theirs to see.
              { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: '#ticketDetail.notFound' },
              { target: 'viewing', actions: 'refreshFailed' },
            ],
          },
        },
        changing: {
          tags: ['busy'],
          entry: 'startCall',
          invoke: {
            id: 'change',
            src: 'changeTicket',
            input: ({ context }) => ({
              ticketId: context.ticketId,
              version: context.answer!.ticket.version,
              action: context.acting!,
              ...(context.acting === 'asignar' && context.assignTo !== null ? { asignadoId: context.assignTo } : {}),
            }),
            onDone: [
              {
                guard: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
                target: 'conflict',
                actions: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
              },
              {
                target: 'viewing',
                actions: { type: 'changed', params: ({ event }) => ({ output: event.output, notice: 'changed' as const }) },
              },
            ],
            onError: { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        replying: {
          tags: ['busy'],
          entry: 'startCall',
          invoke: {
            id: 'reply',
            src: 'replyToTicket',
            input: ({ context }) => ({
              ticketId: context.ticketId,
              Texto: context.reply.trim(),
              interna: context.internal,
              adjuntos: context.replyFiles,
            }),
            onDone: [
              {
                guard: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
                target: 'conflict',
                actions: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
              },
              {
                target: 'viewing',
                actions: {
                  type: 'changed',
                  params: ({ context, event }) => ({
                    output: event.output,
                    notice: context.internal ? ('noted' as const) : ('replied' as const),
                  }),
                },
              },
            ],
            onError: { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        updating: {
          tags: ['busy'],
          entry: 'startCall',
          invoke: {
            id: 'update',
            src: 'updateTicket',
            input: ({ context }) => ({
              ticketId: context.ticketId,
              version: context.answer!.ticket.version,
              ...pendingUpdate(context),
            }),
            onDone: [
              {
                guard: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
                target: 'conflict',
                actions: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
              },
              {
                target: 'viewing',
                actions: { type: 'changed', params: ({ event }) => ({ output: event.output, notice: 'updated' as const }) },
              },
            ],
            onError: { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        rating: {
          tags: ['busy'],
          entry: 'startCall',
          invoke: {
            id: 'rate',
            src: 'rateTicket',
            input: ({ context }) => ({
              ticketId: context.ticketId,
              estrellas: context.stars,
              ...(context.comment.trim() ? { comentario: context.comment.trim() } : {}),
            }),
            onDone: [
              {
                guard: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
                target: 'conflict',
                actions: { type: 'lostRace', params: ({ event }) => changeOutcome(event.output) },
              },
              {
                target: 'viewing',
                actions: { type: 'changed', params: ({ event }) => ({ output: event.output, notice: 'rated' as const }) },
              },
            ],
            onError: { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The fresh request is on screen with the server's words until the member says they saw it.
        conflict: {
          on: { dismiss: { target: 'viewing', actions: 'dismissConflict' } },
        },
      },
    },
  },
});
