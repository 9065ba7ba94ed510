// One interpersonal conversation (issue 13, ?conversacion=ID of an IC section): its newest MESSAGES_PAGE_SIZE
// messages, newest first, older pages on demand; new messages and read receipts fetched when the live channel says
// the conversation moved (`refresh`), and every CONVERSATION_REFRESH_MS besides while it is on screen; writing text with up to MESSAGE_MAX_PHOTOS photos (what was
// typed stays when sending fails); blocking or unblocking the other dwelling; reporting one of its messages
// to the administration with a reason. Every failure is a state that says what went wrong, in the server's
// words when it sent any.
import { assign, fromPromise, setup } from 'xstate';
import {
  type BlockRequest,
  CONVERSATION_REFRESH_MS,
  type ConversationAnswer,
  type ConversationSummary,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_SIZE,
  type Message,
  REPORT_REASON_MAX,
  type ReportRequest,
  type SendMessageAnswer,
  type SendMessageRequest,
  type UpdatesAnswer,
} from '../api/conversations';
import {
  type ConversationPage,
  fetchConversation,
  fetchConversationUpdates,
  reportMessage,
  sendMessage,
  setBlocked,
} from '../services/conversationsService';
import { canAddPhoto, type PhotoUpload, withoutPhoto } from './messagePhotos';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export interface ConversationContext {
  conversationId: number;
  conversation: ConversationSummary | null;
  /** Newest first, each once. */
  messages: Message[];
  /** Older messages wait on the server. */
  hayMas: boolean;
  /** What is being written. */
  text: string;
  photos: PhotoUpload[];
  /** The last call that failed: why. */
  failure: CallFailure | null;
  /** The message being reported, and the reason written for it. */
  reporting: Message | null;
  reason: string;
  /** Messages from the other side the last refresh brought (announced to screen readers). */
  arrived: number;
}

export type ConversationEvent =
  | { type: 'retry' }
  | { type: 'edit'; text: string }
  | { type: 'attach'; photo: PhotoUpload }
  | { type: 'detach'; index: number }
  | { type: 'send' }
  | { type: 'loadOlder' }
  | { type: 'block' }
  | { type: 'unblock' }
  | { type: 'dismiss' }
  | { type: 'report'; messageId: number }
  | { type: 'editReason'; text: string }
  | { type: 'submitReport' }
  | { type: 'cancelReport' }
  | { type: 'close' }
  /** The live channel: a new message or a read receipt in this conversation. */
  | { type: 'refresh' };

/** `incoming` merged into `messages`: newest first, each id once, the incoming copy winning. */
export function mergeMessages(messages: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The read times the other side reported, set on one's own messages. */
export function applyReadReceipts(messages: readonly Message[], leidos: UpdatesAnswer['leidos']): Message[] {
  if (leidos.length === 0) return messages as Message[];
  const readAt = new Map(leidos.map((r) => [r.id, r.Leido]));
  return messages.map((m) => (m.mio && readAt.has(m.id) && m.Leido === null ? { ...m, Leido: readAt.get(m.id)! } : m));
}

/** Newest message id shown (0 for none): the `after` of the refresh. */
export const newestId = (messages: readonly Message[]) => messages[0]?.id ?? 0;

/** The sending side is a dwelling (residents report and block; the administration does neither). */
const ownSideIsDwelling = (c: ConversationSummary | null) => c !== null && c.yo.ApmtId !== null;
/** Only a dwelling is blocked, never the administration. */
const blockable = (c: ConversationSummary | null) => ownSideIsDwelling(c) && c!.otro.ApmtId !== null;

export function sendRequestOf(context: ConversationContext): SendMessageRequest {
  return { conversationId: context.conversationId, Texto: context.text.trim(), fotos: context.photos };
}

const ANSWERED = { failure: null };

export const conversationMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { conversationId: number },
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actors: {
    loadConversation: fromPromise<ConversationAnswer, ConversationPage>(({ input, signal }) => fetchConversation(input, signal)),
    loadOlder: fromPromise<ConversationAnswer, ConversationPage>(({ input, signal }) => fetchConversation(input, signal)),
    fetchUpdates: fromPromise<UpdatesAnswer, { conversationId: number; after: number }>(({ input, signal }) =>
      fetchConversationUpdates(input, signal),
    ),
    // Not aborted by the signal: once pressed, the message is the user's to send whatever the screen does.
    sendMessage: fromPromise<SendMessageAnswer, SendMessageRequest>(({ input }) => sendMessage(input)),
    setBlocked: fromPromise<void, BlockRequest>(({ input, signal }) => setBlocked(input, signal)),
    reportMessage: fromPromise<void, ReportRequest>(({ input }) => reportMessage(input)),
  },
  delays: {
    refreshDelay: CONVERSATION_REFRESH_MS,
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    canSend: ({ context }) =>
      context.text.trim().length > 0 && context.text.length <= MESSAGE_TEXT_MAX && context.conversation?.bloqueado === false,
    canAttach: ({ context }) => canAddPhoto(context.photos),
    hasOlder: ({ context }) => context.hayMas && context.messages.length > 0,
    canBlock: ({ context }) => blockable(context.conversation) && !context.conversation!.bloqueado,
    canUnblock: ({ context }) => blockable(context.conversation) && context.conversation!.bloqueado,
    reportable: ({ context }, { messageId }: { messageId: number }) =>
      ownSideIsDwelling(context.conversation) && context.messages.some((m) => m.id === messageId && !m.mio),
    reasonGiven: ({ context }) => context.reason.trim().length > 0 && context.reason.length <= REPORT_REASON_MAX,
  },
  actions: {
    showConversation: assign((_, { answer }: { answer: ConversationAnswer }) => ({
      conversation: answer.conversation,
      messages: mergeMessages([], answer.messages),
      hayMas: answer.hayMas,
      ...ANSWERED,
    })),
    addOlder: assign(({ context }, { answer }: { answer: ConversationAnswer }) => ({
      messages: mergeMessages(context.messages, answer.messages),
      hayMas: answer.hayMas,
      ...ANSWERED,
    })),
    // An answer with nothing new leaves everything as it was (the last arrivals' announcement included).
    applyUpdates: assign(({ context }, { answer }: { answer: UpdatesAnswer }) => {
      if (answer.messages.length === 0 && answer.leidos.length === 0) return {};
      const fresh = answer.messages.filter((m) => !context.messages.some((shown) => shown.id === m.id));
      return {
        messages: applyReadReceipts(mergeMessages(context.messages, answer.messages), answer.leidos),
        arrived: fresh.filter((m) => !m.mio).length,
      };
    }),
    edit: assign((_, { text }: { text: string }) => ({ text })),
    attach: assign(({ context }, { photo }: { photo: PhotoUpload }) => ({ photos: [...context.photos, photo] })),
    detach: assign(({ context }, { index }: { index: number }) => ({ photos: withoutPhoto(context.photos, index) })),
    // The message as the server keeps it joins the list; the box empties for the next one.
    showSent: assign(({ context }, { answer }: { answer: SendMessageAnswer }) => ({
      messages: mergeMessages(context.messages, [answer.message]),
      text: '',
      photos: [],
      ...ANSWERED,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    markBlocked: assign(({ context }) => ({
      conversation: { ...context.conversation!, bloqueado: !context.conversation!.bloqueado },
      ...ANSWERED,
    })),
    startReport: assign(({ context }, { messageId }: { messageId: number }) => ({
      reporting: context.messages.find((m) => m.id === messageId) ?? null,
      reason: '',
      failure: null,
    })),
    editReason: assign((_, { text }: { text: string }) => ({ reason: text })),
    endReport: assign({ reporting: null, reason: '', failure: null }),
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    conversation: null,
    messages: [],
    hayMas: false,
    text: '',
    photos: [],
    failure: null,
    reporting: null,
    reason: '',
    arrived: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'conversation',
        src: 'loadConversation',
        input: ({ context }) => ({ conversationId: context.conversationId, limit: MESSAGES_PAGE_SIZE }),
        onDone: { target: 'viewing', actions: { type: 'showConversation', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'refused' },
          { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** Not the caller's conversation, or gone: nothing to show but the way back to the inbox. */
    refused: {},
    viewing: {
      initial: 'idle',
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ text: event.text }) } },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ photo: event.photo }) } },
        detach: { actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) } },
        send: { guard: 'canSend', target: 'sending' },
        block: { guard: 'canBlock', target: 'blocking' },
        unblock: { guard: 'canUnblock', target: 'blocking' },
        report: {
          guard: { type: 'reportable', params: ({ event }) => ({ messageId: event.messageId }) },
          target: 'reporting',
          actions: { type: 'startReport', params: ({ event }) => ({ messageId: event.messageId }) },
        },
      },
      states: {
        // Where nothing failed, no failure is shown.
        idle: {
          entry: 'clearFailure',
          after: { refreshDelay: 'refreshing' },
          on: { loadOlder: { guard: 'hasOlder', target: 'loadingOlder' }, refresh: 'refreshing' },
        },
        refreshing: {
          entry: 'clearFailure',
          // Asking for older messages does not wait for the refresh; the next one comes with the next word.
          on: {
            loadOlder: { guard: 'hasOlder', target: 'loadingOlder' },
            // Moved again while reading: read again from what is shown.
            refresh: { target: 'refreshing', reenter: true },
          },
          invoke: {
            id: 'updates',
            src: 'fetchUpdates',
            input: ({ context }) => ({ conversationId: context.conversationId, after: newestId(context.messages) }),
            onDone: { target: 'idle', actions: { type: 'applyUpdates', params: ({ event }) => ({ answer: event.output }) } },
            // What is shown stays; the next refresh tries again.
            onError: { target: 'idle' },
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
              limit: MESSAGES_PAGE_SIZE,
            }),
            onDone: { target: 'idle', actions: { type: 'addOlder', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'olderFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // A failure's alert stays until dismissed or until the next refresh has caught up.
        olderFailed: {
          after: { refreshDelay: 'refreshing' },
          on: {
            refresh: 'refreshing',
            loadOlder: { target: 'loadingOlder', actions: 'clearFailure' },
            // Back to the conversation, caught up at once.
            dismiss: 'refreshing',
          },
        },
        /** Blocking or unblocking failed: pressing it again (the menu) tries again. */
        blockFailed: {
          after: { refreshDelay: 'refreshing' },
          on: { dismiss: 'refreshing', refresh: 'refreshing' },
        },
      },
    },
    /** The other dwelling blocked or unblocked; nothing else starts meanwhile, so its answer is never lost. */
    blocking: {
      tags: ['busy'],
      invoke: {
        id: 'block',
        src: 'setBlocked',
        input: ({ context }) => ({ ApmtId: context.conversation!.otro.ApmtId!, bloquear: !context.conversation!.bloqueado }),
        onDone: { target: 'viewing', actions: 'markBlocked' },
        onError: {
          target: 'viewing.blockFailed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'sendMessage',
        input: ({ context }) => sendRequestOf(context),
        onDone: { target: 'viewing', actions: { type: 'showSent', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'sendFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** What was typed and attached is kept: send again, change it, or put the failure aside. */
    sendFailed: {
      on: {
        send: { guard: 'canSend', target: 'sending', actions: 'clearFailure' },
        edit: { target: 'viewing', actions: { type: 'edit', params: ({ event }) => ({ text: event.text }) } },
        dismiss: 'viewing.refreshing',
      },
    },
    reporting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            cancelReport: { target: '#conversation.viewing', actions: 'endReport' },
            editReason: { actions: { type: 'editReason', params: ({ event }) => ({ text: event.text }) } },
            submitReport: { guard: 'reasonGiven', target: 'submitting' },
          },
        },
        submitting: {
          invoke: {
            id: 'report',
            src: 'reportMessage',
            input: ({ context }) => ({ messageId: context.reporting!.id, motivo: context.reason.trim() }),
            onDone: { target: '#conversation.reported' },
            onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          on: {
            cancelReport: { target: '#conversation.viewing', actions: 'endReport' },
            submitReport: { guard: 'reasonGiven', target: 'submitting', actions: 'clearFailure' },
            editReason: {
              target: 'editing',
              actions: ['clearFailure', { type: 'editReason', params: ({ event }) => ({ text: event.text }) }],
            },
          },
        },
      },
    },
    /** The administration has the report; the dialog says so until closed. */
    reported: {
      on: { close: { target: 'viewing', actions: 'endReport' } },
    },
  },
});
