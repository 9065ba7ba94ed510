// One conversation in the support desk's console (issue 30): the condominium, the administrators who started the
// chat (their checked boot data), its messages newest first (older pages on demand) refreshed every
// SUPPORT_REFRESH_MS, the reply box with up to four files and the canned answers to insert, and the conversation's
// assignee and state (src/api/support.ts SUPPORT_LIFECYCLE: only the moves it lists are offered). A change that
// lost a race comes back as the server's 409 with the conversation as it is now, shown with its words. A desk
// session that ended is its own state (the console shows the sign-in).
import { assign, fromPromise, setup } from 'xstate';
import {
  canMoveSupport,
  SUPPORT_MESSAGES_PAGE,
  SUPPORT_REFRESH_MS,
  type SupportContact,
  type SupportConversationSummary,
  type SupportDeskAssignRequest,
  type SupportDeskConversationAnswer,
  type SupportDeskReplyAnswer,
  type SupportDeskReplyRequest,
  type SupportDeskStateRequest,
  type SupportDeskUpdatesAnswer,
  type SupportMessage,
  type SupportState,
} from '../api/support';
import type { AttachmentUpload } from '../api/uploads';
import {
  type DeskChangeResult,
  deskAssign,
  deskMove,
  deskReply,
  deskSessionEnded,
  fetchDeskConversation,
  fetchDeskUpdates,
} from '../services/supportDeskService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';
import {
  applySupportReadMarks,
  canAttachFile,
  hasSomethingToSend,
  mergeSupportMessages,
  newestSupportId,
} from './supportMessages';

export interface SupportDeskConversationContext {
  conversationId: number;
  conversation: SupportConversationSummary | null;
  contacts: SupportContact[];
  agents: { id: number; nombre: string }[];
  messages: SupportMessage[];
  hayMas: boolean;
  text: string;
  files: AttachmentUpload[];
  failure: CallFailure | null;
  /** The administration's messages the last refresh brought (announced to screen readers). */
  arrived: number;
}

export type SupportDeskConversationEvent =
  | { type: 'retry' }
  | { type: 'edit'; text: string }
  | { type: 'insert'; text: string }
  | { type: 'attach'; file: AttachmentUpload }
  | { type: 'detach'; index: number }
  | { type: 'send' }
  | { type: 'loadOlder' }
  | { type: 'assign'; agentId: number | null }
  | { type: 'move'; estado: SupportState }
  | { type: 'changed' }
  | { type: 'dismiss' };

const ANSWERED = { failure: null };

/** A refusal that names what happened, as callFailure reads a server's answer. */
const conflictFailure = (message: string): CallFailure => ({
  kind: 'refused',
  status: 409,
  code: 'CONFLICT',
  message,
  messageId: null,
  field: null,
});

export const supportDeskConversationMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { conversationId: number },
    context: {} as SupportDeskConversationContext,
    events: {} as SupportDeskConversationEvent,
  },
  actors: {
    load: fromPromise<SupportDeskConversationAnswer, { conversationId: number; before?: number; limit: number }>(
      ({ input, signal }) => fetchDeskConversation(input, signal),
    ),
    loadOlder: fromPromise<SupportDeskConversationAnswer, { conversationId: number; before?: number; limit: number }>(
      ({ input, signal }) => fetchDeskConversation(input, signal),
    ),
    fetchUpdates: fromPromise<SupportDeskUpdatesAnswer, { conversationId: number; after: number }>(({ input, signal }) =>
      fetchDeskUpdates(input, signal),
    ),
    reply: fromPromise<SupportDeskReplyAnswer, SupportDeskReplyRequest>(({ input }) => deskReply(input)),
    assign: fromPromise<DeskChangeResult, SupportDeskAssignRequest>(({ input }) => deskAssign(input)),
    move: fromPromise<DeskChangeResult, SupportDeskStateRequest>(({ input }) => deskMove(input)),
  },
  delays: { refreshDelay: SUPPORT_REFRESH_MS },
  guards: {
    ended: (_, { error }: { error: unknown }) => deskSessionEnded(error),
    gone: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    conflicted: (_, { result }: { result: DeskChangeResult }) => result.kind === 'conflict',
    canSend: ({ context }) => hasSomethingToSend(context.text, context.files),
    canAttach: ({ context }) => canAttachFile(context.files),
    hasOlder: ({ context }) => context.hayMas && context.messages.length > 0,
    otherAssignee: ({ context }, { agentId }: { agentId: number | null }) =>
      (context.conversation?.asignada?.id ?? null) !== agentId &&
      (agentId === null || context.agents.some((a) => a.id === agentId)),
    allowedMove: ({ context }, { estado }: { estado: SupportState }) =>
      context.conversation !== null && canMoveSupport(context.conversation.estado, estado),
  },
  actions: {
    show: assign(({ context }, { answer }: { answer: SupportDeskConversationAnswer }) => ({
      conversation: answer.conversation,
      contacts: answer.contactos,
      agents: answer.agentes,
      messages: mergeSupportMessages(context.messages, answer.messages),
      hayMas: answer.hayMas,
      ...ANSWERED,
    })),
    addOlder: assign(({ context }, { answer }: { answer: SupportDeskConversationAnswer }) => ({
      messages: mergeSupportMessages(context.messages, answer.messages),
      hayMas: answer.hayMas,
      ...ANSWERED,
    })),
    applyUpdates: assign(({ context }, { answer }: { answer: SupportDeskUpdatesAnswer }) => {
      const fresh = answer.messages.filter((m) => !context.messages.some((shown) => shown.id === m.id));
      const same =
        fresh.length === 0 && answer.leidos.length === 0 && answer.conversation.version === context.conversation?.version;
      if (same) return {};
      return {
        conversation: answer.conversation,
        messages: applySupportReadMarks(mergeSupportMessages(context.messages, answer.messages), answer.leidos),
        arrived: fresh.filter((m) => !m.mio).length,
      };
    }),
    edit: assign((_, { text }: { text: string }) => ({ text })),
    // A canned answer goes after what is typed, on its own paragraph.
    insert: assign(({ context }, { text }: { text: string }) => ({
      text: context.text.trim() ? `${context.text.trimEnd()}\n\n${text}` : text,
    })),
    attach: assign(({ context }, { file }: { file: AttachmentUpload }) => ({ files: [...context.files, file] })),
    detach: assign(({ context }, { index }: { index: number }) => ({ files: context.files.filter((_, i) => i !== index) })),
    showSent: assign(({ context }, { answer }: { answer: SupportDeskReplyAnswer }) => ({
      messages: mergeSupportMessages(context.messages, [answer.message]),
      conversation: answer.conversation,
      text: '',
      files: [],
      ...ANSWERED,
    })),
    changed: assign((_, { result }: { result: DeskChangeResult }) => ({
      conversation: result.conversation,
      failure: result.kind === 'conflict' ? conflictFailure(result.message) : null,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'supportDeskConversation',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    conversation: null,
    contacts: [],
    agents: [],
    messages: [],
    hayMas: false,
    text: '',
    files: [],
    failure: null,
    arrived: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'conversation',
        src: 'load',
        input: ({ context }) => ({ conversationId: context.conversationId, limit: SUPPORT_MESSAGES_PAGE }),
        onDone: { target: 'viewing', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { guard: { type: 'gone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** No such conversation: nothing but the way back to the list. */
    gone: {},
    /** The desk session ended: the console shows its sign-in. */
    sessionEnded: { type: 'final' },
    viewing: {
      initial: 'idle',
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ text: event.text }) } },
        insert: { actions: { type: 'insert', params: ({ event }) => ({ text: event.text }) } },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) } },
        detach: { actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) } },
        send: { guard: 'canSend', target: 'sending' },
        assign: { guard: { type: 'otherAssignee', params: ({ event }) => ({ agentId: event.agentId }) }, target: 'assigning' },
        move: { guard: { type: 'allowedMove', params: ({ event }) => ({ estado: event.estado }) }, target: 'moving' },
      },
      states: {
        idle: {
          after: { refreshDelay: 'refreshing' },
          on: {
            loadOlder: { guard: 'hasOlder', target: 'loadingOlder' },
            changed: 'refreshing',
          },
        },
        refreshing: {
          invoke: {
            id: 'updates',
            src: 'fetchUpdates',
            input: ({ context }) => ({ conversationId: context.conversationId, after: newestSupportId(context.messages) }),
            onDone: { target: 'idle', actions: { type: 'applyUpdates', params: ({ event }) => ({ answer: event.output }) } },
            onError: [
              {
                guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) },
                target: '#supportDeskConversation.sessionEnded',
              },
              { target: 'idle' },
            ],
          },
        },
        loadingOlder: {
          tags: ['busy'],
          invoke: {
            id: 'older',
            src: 'loadOlder',
            input: ({ context }) => ({
              conversationId: context.conversationId,
              before: context.messages.at(-1)!.id,
              limit: SUPPORT_MESSAGES_PAGE,
            }),
            onDone: { target: 'idle', actions: { type: 'addOlder', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** A failure (an older page, an assignment or a move) is shown until put aside. */
        failed: {
          on: {
            loadOlder: { guard: 'hasOlder', target: 'loadingOlder', actions: 'clearFailure' },
            dismiss: { target: 'idle', actions: 'clearFailure' },
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'reply',
        src: 'reply',
        input: ({ context }) => ({ conversationId: context.conversationId, Texto: context.text.trim(), adjuntos: context.files }),
        onDone: { target: 'viewing', actions: { type: 'showSent', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'sendFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    sendFailed: {
      on: {
        send: { guard: 'canSend', target: 'sending', actions: 'clearFailure' },
        edit: { target: 'viewing', actions: ['clearFailure', { type: 'edit', params: ({ event }) => ({ text: event.text }) }] },
        dismiss: { target: 'viewing', actions: 'clearFailure' },
      },
    },
    assigning: {
      tags: ['busy'],
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context, event }) => ({
          conversationId: context.conversationId,
          agentId: (event as Extract<SupportDeskConversationEvent, { type: 'assign' }>).agentId,
          version: context.conversation!.version,
        }),
        onDone: [
          {
            guard: { type: 'conflicted', params: ({ event }) => ({ result: event.output }) },
            target: 'viewing.failed',
            actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'viewing', actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'viewing.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'move',
        src: 'move',
        input: ({ context, event }) => ({
          conversationId: context.conversationId,
          estado: (event as Extract<SupportDeskConversationEvent, { type: 'move' }>).estado,
          version: context.conversation!.version,
        }),
        onDone: [
          {
            guard: { type: 'conflicted', params: ({ event }) => ({ result: event.output }) },
            target: 'viewing.failed',
            actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'viewing', actions: { type: 'changed', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: [
          { guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { target: 'viewing.failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
