// The inbox of an IC section (issue 13): the caller's conversations, latest activity first, with their
// unread counts, CONVERSATIONS_PAGE_SIZE at a time, refreshed every CONVERSATION_REFRESH_MS; and a new
// conversation: write for one's own dwelling (or as the administration), to the administration or to a
// dwelling picked by tower then dwelling from the directory (which never carries anyone's contact data),
// with a first message. Once started the page opens it (the `started` event) and the inbox refreshes.
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  CONVERSATION_REFRESH_MS,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationListAnswer,
  type ConversationSummary,
  type DirectoryAnswer,
  MESSAGE_TEXT_MAX,
  type StartConversationRequest,
} from '../api/conversations';
import {
  type ConversationListPage,
  fetchConversations,
  fetchDirectory,
  type StartedConversation,
  startConversation,
} from '../services/conversationsService';
import { canAddPhoto, type PhotoUpload, withoutPhoto } from './messagePhotos';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

/** The most conversations one refresh asks for (the contract's limit): pages beyond it stay as they were. */
export const REFRESH_LIMIT = 50;

/** A tower by its id, or the houses without a tower. */
export type TowerChoice = number | 'none';

export interface Draft {
  /** The caller's dwelling they write for; null: as the administration. */
  desde: number | null;
  to: 'administracion' | 'vivienda' | null;
  tower: TowerChoice | null;
  apmtId: number | null;
  text: string;
  photos: PhotoUpload[];
}

export interface ConversationListContext {
  sectionId: number;
  items: ConversationSummary[];
  total: number;
  /** The last call that failed: why. */
  failure: CallFailure | null;
  directory: DirectoryAnswer | null;
  draft: Draft;
}

export type ConversationListEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'loadMore' }
  | { type: 'markRead'; conversationId: number }
  | { type: 'newConversation' }
  | { type: 'cancel' }
  | { type: 'chooseSide'; apmtId: number | null }
  | { type: 'chooseRecipient'; to: 'administracion' | 'vivienda' }
  | { type: 'chooseTower'; tower: TowerChoice }
  | { type: 'chooseDwelling'; apmtId: number }
  | { type: 'edit'; text: string }
  | { type: 'attach'; photo: PhotoUpload }
  | { type: 'detach'; index: number }
  | { type: 'submit' };

export type ConversationListEmitted = { type: 'started'; conversationId: number };

const EMPTY_DRAFT: Draft = { desde: null, to: null, tower: null, apmtId: null, text: '', photos: [] };

/** The towers to pick from: the directory's, then the houses without a tower when there are any. */
export function towerChoices(directory: DirectoryAnswer): TowerChoice[] {
  const towers: TowerChoice[] = directory.torres.map((t) => t.TorreId);
  return directory.viviendas.some((v) => v.TorreId === null) ? [...towers, 'none'] : towers;
}

/** The dwellings of a tower one may write to: never the one written for. */
export function dwellingsOf(directory: DirectoryAnswer, tower: TowerChoice | null, desde: number | null) {
  if (tower === null) return [];
  const torreId = tower === 'none' ? null : tower;
  return directory.viviendas.filter((v) => v.TorreId === torreId && v.ApmtId !== desde);
}

/** One may write for a dwelling of one's own, or as the administration. */
const canWriteFor = (directory: DirectoryAnswer | null, desde: number | null) =>
  directory !== null && (desde === null ? directory.comoAdministracion : directory.mias.some((m) => m.ApmtId === desde));

/** The first side offered: one's first dwelling, else the administration. */
export function draftFor(directory: DirectoryAnswer): Draft {
  const desde = directory.mias[0]?.ApmtId ?? null;
  return { ...EMPTY_DRAFT, desde, to: desde === null ? 'vivienda' : null };
}

/** The draft is complete: a side, a recipient one may write to, and a message. */
export function draftComplete(context: Pick<ConversationListContext, 'directory' | 'draft'>): boolean {
  const { directory, draft } = context;
  if (!canWriteFor(directory, draft.desde)) return false;
  if (draft.text.trim().length === 0 || draft.text.length > MESSAGE_TEXT_MAX) return false;
  if (draft.to === 'administracion') return draft.desde !== null;
  return draft.to === 'vivienda' && dwellingsOf(directory!, draft.tower, draft.desde).some((v) => v.ApmtId === draft.apmtId);
}

export function startRequestOf(context: ConversationListContext): StartConversationRequest {
  const { draft } = context;
  return {
    sectionId: context.sectionId,
    desdeApmtId: draft.desde,
    para: { ApmtId: draft.to === 'administracion' ? null : draft.apmtId },
    Texto: draft.text.trim(),
    fotos: draft.photos,
  };
}

/** A refresh's first page in place of the ones it covers; conversations further down stay, each once. */
export function mergeRefreshed(items: readonly ConversationSummary[], fresh: readonly ConversationSummary[]) {
  const freshIds = new Set(fresh.map((c) => c.ConversationId));
  return [...fresh, ...items.slice(fresh.length).filter((c) => !freshIds.has(c.ConversationId))];
}

/** A further page after the shown ones, each conversation once. */
export function appendPage(items: readonly ConversationSummary[], page: readonly ConversationSummary[]) {
  const shown = new Set(items.map((c) => c.ConversationId));
  return [...items, ...page.filter((c) => !shown.has(c.ConversationId))];
}

/** The draft with a change; any change puts a failure to start aside. */
const changed = (context: ConversationListContext, change: Partial<Draft>) => ({
  draft: { ...context.draft, ...change },
  failure: null,
});

export const conversationListMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { sectionId: number },
    context: {} as ConversationListContext,
    events: {} as ConversationListEvent,
    emitted: {} as ConversationListEmitted,
  },
  actors: {
    fetchPage: fromPromise<ConversationListAnswer, ConversationListPage>(({ input, signal }) =>
      fetchConversations(input, signal),
    ),
    fetchDirectory: fromPromise<DirectoryAnswer, { sectionId: number }>(({ input, signal }) =>
      fetchDirectory(input.sectionId, signal),
    ),
    // Not aborted: once pressed, the first message is the user's to send.
    startConversation: fromPromise<StartedConversation, StartConversationRequest>(({ input }) => startConversation(input)),
  },
  delays: {
    refreshDelay: CONVERSATION_REFRESH_MS,
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    isEmpty: ({ context }) => context.items.length === 0,
    hasMore: ({ context }) => context.items.length < context.total,
    canWrite: (_, { directory }: { directory: DirectoryAnswer }) => directory.mias.length > 0 || directory.comoAdministracion,
    sideAllowed: ({ context }, { apmtId }: { apmtId: number | null }) => canWriteFor(context.directory, apmtId),
    // The administration writes to dwellings only.
    recipientAllowed: ({ context }, { to }: { to: 'administracion' | 'vivienda' }) =>
      to === 'vivienda' || context.draft.desde !== null,
    towerAllowed: ({ context }, { tower }: { tower: TowerChoice }) => towerChoices(context.directory!).includes(tower),
    dwellingAllowed: ({ context }, { apmtId }: { apmtId: number }) =>
      dwellingsOf(context.directory!, context.draft.tower, context.draft.desde).some((v) => v.ApmtId === apmtId),
    canAttach: ({ context }) => canAddPhoto(context.draft.photos),
    complete: ({ context }) => draftComplete(context),
  },
  actions: {
    showFirstPage: assign((_, { answer }: { answer: ConversationListAnswer }) => ({
      items: appendPage([], answer.items),
      total: answer.total,
      failure: null,
    })),
    showRefreshed: assign(({ context }, { answer }: { answer: ConversationListAnswer }) => ({
      items: mergeRefreshed(context.items, answer.items),
      total: answer.total,
    })),
    showNextPage: assign(({ context }, { answer }: { answer: ConversationListAnswer }) => {
      const items = appendPage(context.items, answer.items);
      // A short page is the end, whatever the counter said.
      return { items, total: answer.items.length < CONVERSATIONS_PAGE_SIZE ? items.length : answer.total, failure: null };
    }),
    // Opening a conversation marks its messages read on the server; the inbox shows it at once.
    markRead: assign(({ context }, { conversationId }: { conversationId: number }) => ({
      items: context.items.map((c) => (c.ConversationId === conversationId && c.noLeidos > 0 ? { ...c, noLeidos: 0 } : c)),
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    openDraft: assign((_, { directory }: { directory: DirectoryAnswer }) => ({
      directory,
      draft: draftFor(directory),
      failure: null,
    })),
    closeDraft: assign({ directory: null, draft: EMPTY_DRAFT, failure: null }),
    // Written as the administration, the message goes to a dwelling; never to the dwelling written for.
    chooseSide: assign(({ context }, { apmtId }: { apmtId: number | null }) =>
      changed(context, {
        desde: apmtId,
        to: apmtId === null ? 'vivienda' : context.draft.to,
        apmtId: context.draft.apmtId === apmtId ? null : context.draft.apmtId,
      }),
    ),
    chooseRecipient: assign(({ context }, { to }: { to: 'administracion' | 'vivienda' }) =>
      changed(context, to === 'administracion' ? { to, tower: null, apmtId: null } : { to }),
    ),
    chooseTower: assign(({ context }, { tower }: { tower: TowerChoice }) =>
      changed(context, { tower, apmtId: context.draft.tower === tower ? context.draft.apmtId : null }),
    ),
    chooseDwelling: assign(({ context }, { apmtId }: { apmtId: number }) => changed(context, { apmtId })),
    edit: assign(({ context }, { text }: { text: string }) => changed(context, { text })),
    attach: assign(({ context }, { photo }: { photo: PhotoUpload }) =>
      changed(context, { photos: [...context.draft.photos, photo] }),
    ),
    detach: assign(({ context }, { index }: { index: number }) =>
      changed(context, { photos: withoutPhoto(context.draft.photos, index) }),
    ),
    announceStarted: emit((_, { answer }: { answer: StartedConversation }) => ({
      type: 'started' as const,
      conversationId: answer.ConversationId,
    })),
  },
}).createMachine({
  id: 'conversationList',
  context: ({ input }) => ({
    sectionId: input.sectionId,
    items: [],
    total: 0,
    failure: null,
    directory: null,
    draft: EMPTY_DRAFT,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'firstPage',
        src: 'fetchPage',
        input: ({ context }) => ({ sectionId: context.sectionId, limit: CONVERSATIONS_PAGE_SIZE, offset: 0 }),
        onDone: { target: 'ready', actions: { type: 'showFirstPage', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'refused' },
          { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    /** Not an IC section the caller may use. */
    refused: {},
    ready: {
      initial: 'deciding',
      on: { markRead: { actions: { type: 'markRead', params: ({ event }) => ({ conversationId: event.conversationId }) } } },
      states: {
        deciding: { always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'list' }] },
        // Where nothing failed, no failure is shown.
        empty: {
          entry: 'clearFailure',
          after: { refreshDelay: 'refreshing' },
          on: { refresh: 'refreshing', newConversation: 'composing' },
        },
        list: {
          initial: 'idle',
          on: { newConversation: 'composing' },
          states: {
            idle: {
              entry: 'clearFailure',
              after: { refreshDelay: '#conversationList.ready.refreshing' },
              on: {
                refresh: '#conversationList.ready.refreshing',
                loadMore: { guard: 'hasMore', target: 'loadingMore' },
              },
            },
            loadingMore: {
              tags: ['busy'],
              invoke: {
                id: 'nextPage',
                src: 'fetchPage',
                input: ({ context }) => ({
                  sectionId: context.sectionId,
                  limit: CONVERSATIONS_PAGE_SIZE,
                  offset: context.items.length,
                }),
                onDone: { target: 'idle', actions: { type: 'showNextPage', params: ({ event }) => ({ answer: event.output }) } },
                onError: {
                  target: 'moreFailed',
                  actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // Its alert stays until Reintentar or the next refresh.
            moreFailed: {
              after: { refreshDelay: '#conversationList.ready.refreshing' },
              on: { loadMore: { target: 'loadingMore', actions: 'clearFailure' } },
            },
          },
        },
        /** The shown conversations asked again (as many as shown, up to REFRESH_LIMIT), the list staying on screen. */
        refreshing: {
          // The button stays usable while the inbox refreshes; a change announced meanwhile reads again from the start.
          on: { newConversation: 'composing', refresh: { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'refresh',
            src: 'fetchPage',
            input: ({ context }) => ({
              sectionId: context.sectionId,
              limit: Math.min(REFRESH_LIMIT, Math.max(CONVERSATIONS_PAGE_SIZE, context.items.length)),
              offset: 0,
            }),
            onDone: { target: 'deciding', actions: { type: 'showRefreshed', params: ({ event }) => ({ answer: event.output }) } },
            // What is shown stays; the next refresh tries again.
            onError: { target: 'deciding' },
          },
        },
        composing: {
          initial: 'loadingDirectory',
          states: {
            loadingDirectory: {
              on: { cancel: { target: '#conversationList.ready.deciding', actions: 'closeDraft' } },
              invoke: {
                id: 'directory',
                src: 'fetchDirectory',
                input: ({ context }) => ({ sectionId: context.sectionId }),
                onDone: [
                  {
                    guard: { type: 'canWrite', params: ({ event }) => ({ directory: event.output }) },
                    target: 'form',
                    actions: { type: 'openDraft', params: ({ event }) => ({ directory: event.output }) },
                  },
                  { target: 'unavailable' },
                ],
                onError: {
                  target: 'directoryFailed',
                  actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            directoryFailed: {
              on: {
                retry: { target: 'loadingDirectory', actions: 'clearFailure' },
                cancel: { target: '#conversationList.ready.deciding', actions: 'closeDraft' },
              },
            },
            /** Neither a dwelling of one's own nor the administration to write for. */
            unavailable: {
              on: { cancel: { target: '#conversationList.ready.deciding', actions: 'closeDraft' } },
            },
            form: {
              initial: 'editing',
              on: {
                cancel: { target: '#conversationList.ready.deciding', actions: 'closeDraft' },
                chooseSide: {
                  guard: { type: 'sideAllowed', params: ({ event }) => ({ apmtId: event.apmtId }) },
                  target: '.editing',
                  actions: { type: 'chooseSide', params: ({ event }) => ({ apmtId: event.apmtId }) },
                },
                chooseRecipient: {
                  guard: { type: 'recipientAllowed', params: ({ event }) => ({ to: event.to }) },
                  target: '.editing',
                  actions: { type: 'chooseRecipient', params: ({ event }) => ({ to: event.to }) },
                },
                chooseTower: {
                  guard: { type: 'towerAllowed', params: ({ event }) => ({ tower: event.tower }) },
                  target: '.editing',
                  actions: { type: 'chooseTower', params: ({ event }) => ({ tower: event.tower }) },
                },
                chooseDwelling: {
                  guard: { type: 'dwellingAllowed', params: ({ event }) => ({ apmtId: event.apmtId }) },
                  target: '.editing',
                  actions: { type: 'chooseDwelling', params: ({ event }) => ({ apmtId: event.apmtId }) },
                },
                edit: { target: '.editing', actions: { type: 'edit', params: ({ event }) => ({ text: event.text }) } },
                attach: {
                  guard: 'canAttach',
                  target: '.editing',
                  actions: { type: 'attach', params: ({ event }) => ({ photo: event.photo }) },
                },
                detach: { target: '.editing', actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) } },
              },
              states: {
                editing: { on: { submit: { guard: 'complete', target: '#conversationList.ready.composing.starting' } } },
                /** The server refused or could not be reached: everything written stays. */
                failed: { on: { submit: { guard: 'complete', target: '#conversationList.ready.composing.starting' } } },
              },
            },
            starting: {
              invoke: {
                id: 'start',
                src: 'startConversation',
                input: ({ context }) => startRequestOf(context),
                onDone: {
                  target: '#conversationList.ready.refreshing',
                  actions: [{ type: 'announceStarted', params: ({ event }) => ({ answer: event.output }) }, 'closeDraft'],
                },
                onError: {
                  target: 'form.failed',
                  actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});
