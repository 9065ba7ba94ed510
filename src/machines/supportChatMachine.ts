// The administrators' support chat behind the launcher (spec §3.1, §4, §7; issue 30). It boots with the session's
// boot data, then while the panel is closed it keeps the unread badge (support's messages not read yet) fresh; while
// it is open it shows the conversation (newest first, older pages on demand), brings new messages and read times,
// and writes text with up to four photos or PDFs (what was typed stays when sending fails, and across closing the
// panel). Outside the desk's office hours the panel says so (hours). The live channel's `support` event reads again at
// once (`changed`, sent by the launcher); every SUPPORT_CHAT_FALLBACK_MS it reads anyway, the safety net behind it.
import { assign, fromPromise, setup } from 'xstate';
import {
  SUPPORT_CHAT_FALLBACK_MS,
  SUPPORT_MESSAGES_PAGE,
  type SupportBootAnswer,
  type SupportBootRequest,
  type SupportChatAnswer,
  type SupportHours,
  type SupportMessage,
  type SupportSendAnswer,
  type SupportSendRequest,
  type SupportState,
  type SupportUnreadAnswer,
  type SupportUpdatesAnswer,
} from '../api/support';
import type { AttachmentUpload } from '../api/uploads';
import {
  bootSupport,
  fetchSupportChat,
  fetchSupportUnread,
  fetchSupportUpdates,
  type SupportPage,
  sendToSupport,
} from '../services/supportService';
import { type CallFailure, callFailure } from './shared/callFailure';
import {
  applySupportReadMarks,
  canAttachFile,
  hasSomethingToSend,
  mergeSupportMessages,
  newestSupportId,
} from './supportMessages';

export interface SupportChatContext {
  boot: SupportBootRequest;
  /** The launcher's panel is open (the view says so with open and close). */
  panelOpen: boolean;
  /** Support's messages the administration has not read: the badge. */
  unread: number;
  hours: SupportHours | null;
  estado: SupportState | null;
  /** Newest first, each once. */
  messages: SupportMessage[];
  hayMas: boolean;
  text: string;
  files: AttachmentUpload[];
  failure: CallFailure | null;
  /** Support's messages the last refresh brought (announced to screen readers). */
  arrived: number;
}

export type SupportChatEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'changed' }
  | { type: 'retry' }
  | { type: 'edit'; text: string }
  | { type: 'attach'; file: AttachmentUpload }
  | { type: 'detach'; index: number }
  | { type: 'send' }
  | { type: 'loadOlder' }
  | { type: 'dismiss' };

const ANSWERED = { failure: null };

export const supportChatMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { boot: SupportBootRequest; panelOpen?: boolean },
    context: {} as SupportChatContext,
    events: {} as SupportChatEvent,
  },
  actors: {
    boot: fromPromise<SupportBootAnswer, SupportBootRequest>(({ input, signal }) => bootSupport(input, signal)),
    fetchUnread: fromPromise<SupportUnreadAnswer, void>(({ signal }) => fetchSupportUnread(signal)),
    fetchChat: fromPromise<SupportChatAnswer, SupportPage>(({ input, signal }) => fetchSupportChat(input, signal)),
    fetchOlder: fromPromise<SupportChatAnswer, SupportPage>(({ input, signal }) => fetchSupportChat(input, signal)),
    fetchUpdates: fromPromise<SupportUpdatesAnswer, { after: number }>(({ input, signal }) =>
      fetchSupportUpdates(input.after, signal),
    ),
    // Not aborted: once pressed, the message is the administrator's to send, whatever the panel does.
    send: fromPromise<SupportSendAnswer, SupportSendRequest>(({ input }) => sendToSupport(input)),
  },
  delays: { refreshDelay: SUPPORT_CHAT_FALLBACK_MS },
  guards: {
    panelOpen: ({ context }) => context.panelOpen,
    canSend: ({ context }) => hasSomethingToSend(context.text, context.files),
    canAttach: ({ context }) => canAttachFile(context.files),
    hasOlder: ({ context }) => context.hayMas && context.messages.length > 0,
  },
  actions: {
    opened: assign({ panelOpen: true }),
    closed: assign({ panelOpen: false }),
    booted: assign((_, { answer }: { answer: SupportBootAnswer }) => ({
      unread: answer.noLeidos,
      hours: answer.horario,
      ...ANSWERED,
    })),
    counted: assign((_, { answer }: { answer: SupportUnreadAnswer }) => ({ unread: answer.noLeidos })),
    // Opening the panel reads support's messages: the badge goes.
    showChat: assign(({ context }, { answer }: { answer: SupportChatAnswer }) => ({
      estado: answer.estado,
      hours: answer.horario,
      messages: mergeSupportMessages(context.messages, answer.messages),
      hayMas: answer.hayMas,
      unread: 0,
      ...ANSWERED,
    })),
    addOlder: assign(({ context }, { answer }: { answer: SupportChatAnswer }) => ({
      messages: mergeSupportMessages(context.messages, answer.messages),
      hayMas: answer.hayMas,
      ...ANSWERED,
    })),
    // Nothing new leaves everything as it was (the last arrivals' announcement included).
    applyUpdates: assign(({ context }, { answer }: { answer: SupportUpdatesAnswer }) => {
      if (answer.messages.length === 0 && answer.leidos.length === 0 && answer.estado === context.estado) return {};
      const fresh = answer.messages.filter((m) => !context.messages.some((shown) => shown.id === m.id));
      return {
        estado: answer.estado,
        messages: applySupportReadMarks(mergeSupportMessages(context.messages, answer.messages), answer.leidos),
        arrived: fresh.filter((m) => !m.mio).length,
      };
    }),
    edit: assign((_, { text }: { text: string }) => ({ text })),
    attach: assign(({ context }, { file }: { file: AttachmentUpload }) => ({ files: [...context.files, file] })),
    detach: assign(({ context }, { index }: { index: number }) => ({ files: context.files.filter((_, i) => i !== index) })),
    // The message as the server keeps it joins the list; the box empties; the conversation waits on support.
    showSent: assign(({ context }, { answer }: { answer: SupportSendAnswer }) => ({
      messages: mergeSupportMessages(context.messages, [answer.message]),
      estado: 'abierta' as const,
      text: '',
      files: [],
      ...ANSWERED,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'supportChat',
  context: ({ input }) => ({
    boot: input.boot,
    panelOpen: input.panelOpen ?? false,
    unread: 0,
    hours: null,
    estado: null,
    messages: [],
    hayMas: false,
    text: '',
    files: [],
    failure: null,
    arrived: 0,
  }),
  initial: 'booting',
  // Where a state does not say otherwise, the panel's opening and closing are only remembered.
  on: {
    open: { actions: 'opened' },
    close: { actions: 'closed' },
  },
  states: {
    /** Spec §7: started with the boot data; the badge and the hours come back. */
    booting: {
      tags: ['busy'],
      invoke: {
        id: 'boot',
        src: 'boot',
        input: ({ context }) => context.boot,
        onDone: [
          {
            guard: 'panelOpen',
            target: 'loading',
            actions: { type: 'booted', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'background', actions: { type: 'booted', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'bootFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The panel says why and offers Reintentar; closed, it tries again by itself. */
    bootFailed: {
      after: { refreshDelay: 'booting' },
      on: { retry: 'booting' },
    },
    /** The panel is closed: the badge is kept fresh. */
    background: {
      after: { refreshDelay: 'counting' },
      on: {
        open: { target: 'loading', actions: 'opened' },
        changed: 'counting',
      },
    },
    counting: {
      invoke: {
        id: 'unread',
        src: 'fetchUnread',
        onDone: { target: 'background', actions: { type: 'counted', params: ({ event }) => ({ answer: event.output }) } },
        // The badge stays as it was; the next count tries again.
        onError: 'background',
      },
      on: { open: { target: 'loading', actions: 'opened' } },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'chat',
        src: 'fetchChat',
        input: () => ({ limit: SUPPORT_MESSAGES_PAGE }),
        onDone: { target: 'viewing', actions: { type: 'showChat', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { close: { target: 'background', actions: 'closed' } },
    },
    loadFailed: {
      on: {
        retry: 'loading',
        close: { target: 'background', actions: ['closed', 'clearFailure'] },
      },
    },
    viewing: {
      initial: 'idle',
      on: {
        close: { target: 'background', actions: ['closed', 'clearFailure'] },
        edit: { actions: { type: 'edit', params: ({ event }) => ({ text: event.text }) } },
        attach: { guard: 'canAttach', actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) } },
        detach: { actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) } },
        send: { guard: 'canSend', target: 'sending' },
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
            input: ({ context }) => ({ after: newestSupportId(context.messages) }),
            onDone: { target: 'idle', actions: { type: 'applyUpdates', params: ({ event }) => ({ answer: event.output }) } },
            // What is shown stays; the next refresh tries again.
            onError: 'idle',
          },
        },
        loadingOlder: {
          tags: ['busy'],
          invoke: {
            id: 'older',
            src: 'fetchOlder',
            input: ({ context }) => ({ before: context.messages.at(-1)!.id, limit: SUPPORT_MESSAGES_PAGE }),
            onDone: { target: 'idle', actions: { type: 'addOlder', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'olderFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        olderFailed: {
          on: {
            loadOlder: { target: 'loadingOlder', actions: 'clearFailure' },
            dismiss: { target: 'idle', actions: 'clearFailure' },
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ Texto: context.text.trim(), adjuntos: context.files }),
        onDone: [
          {
            guard: 'panelOpen',
            target: 'viewing',
            actions: { type: 'showSent', params: ({ event }) => ({ answer: event.output }) },
          },
          // Closed while it was sending: kept, and the badge goes on from there.
          { target: 'background', actions: { type: 'showSent', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'sendFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** What was typed and attached is kept: send again, change it, or put the failure aside. */
    sendFailed: {
      on: {
        send: { guard: 'canSend', target: 'sending', actions: 'clearFailure' },
        edit: [
          {
            guard: 'panelOpen',
            target: 'viewing',
            actions: ['clearFailure', { type: 'edit', params: ({ event }) => ({ text: event.text }) }],
          },
          // Failed after the panel was closed: what was typed waits for the panel to open again.
          { target: 'background', actions: ['clearFailure', { type: 'edit', params: ({ event }) => ({ text: event.text }) }] },
        ],
        dismiss: [
          { guard: 'panelOpen', target: 'viewing', actions: 'clearFailure' },
          { target: 'background', actions: 'clearFailure' },
        ],
        close: { target: 'background', actions: ['closed', 'clearFailure'] },
      },
    },
  },
});
