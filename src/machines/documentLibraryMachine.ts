// The condominium's document library (issue 32, condominio/others): the folders with how many documents each shows the
// reader, a folder's documents by name, searched by name, a page at a time; a document opened with every version.
// Administrators (input `manage`) also archive or bring back a document, see the archive, and add a folder; an upload
// or a new version (documentUploadMachine) says so with `saved`, and the list is read again. A failure is kept to read.
import { assign, fromPromise, setup } from 'xstate';
import { DOCUMENT_PAGE_SIZE, type DocumentFolder, type DocumentsPageAnswer, type LibraryDocument } from '../api/documents';
import {
  addDocumentFolder,
  archiveDocument,
  fetchDocument,
  fetchDocumentFolders,
  fetchDocuments,
} from '../services/documentsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface LibraryQuery {
  /** A folder's key; null: every folder. */
  folder: string | null;
  q: string;
  archived: boolean;
  offset: number;
}

export type LibraryNotice = 'archived' | 'unarchived' | 'folderAdded' | 'uploaded' | 'versionAdded';

export interface DocumentLibraryContext {
  manage: boolean;
  query: LibraryQuery;
  folders: DocumentFolder[];
  items: LibraryDocument[];
  total: number;
  /** The document opened with its versions. */
  open: LibraryDocument | null;
  pending: { id: number; archived: boolean } | { folderName: string } | null;
  notice: LibraryNotice | null;
  failure: CallFailure | null;
}

export type DocumentLibraryEvent =
  | { type: 'folder'; folder: string | null }
  | { type: 'search'; q: string }
  | { type: 'page'; offset: number }
  | { type: 'showArchived'; archived: boolean }
  | { type: 'refresh' }
  | { type: 'retry' }
  | { type: 'open'; id: number }
  | { type: 'close' }
  | { type: 'archive'; id: number; archived: boolean }
  | { type: 'addFolder'; name: string }
  | { type: 'saved'; document: LibraryDocument; version: boolean }
  | { type: 'dismiss' };

interface Loaded {
  folders: DocumentFolder[];
  page: DocumentsPageAnswer;
}

export const documentLibraryMachine = setup({
  types: {
    input: {} as { manage: boolean; folder?: string | null },
    context: {} as DocumentLibraryContext,
    events: {} as DocumentLibraryEvent,
  },
  actors: {
    load: fromPromise<Loaded, LibraryQuery>(async ({ input, signal }) => {
      const [folders, page] = await Promise.all([
        fetchDocumentFolders(signal),
        fetchDocuments(
          {
            folder: input.folder ?? undefined,
            q: input.q.trim() || undefined,
            archived: input.archived ? '1' : undefined,
            limit: DOCUMENT_PAGE_SIZE,
            offset: input.offset,
          },
          signal,
        ),
      ]);
      return { folders, page };
    }),
    detail: fromPromise<LibraryDocument, number>(({ input, signal }) => fetchDocument(input, signal)),
    archive: fromPromise<LibraryDocument, { id: number; archived: boolean }>(({ input, signal }) =>
      archiveDocument(input.id, input.archived, signal),
    ),
    addFolder: fromPromise<DocumentFolder, string>(({ input, signal }) => addDocumentFolder(input.trim(), signal)),
  },
  guards: {
    manages: ({ context }) => context.manage,
    namedFolder: ({ context, event }) => context.manage && event.type === 'addFolder' && event.name.trim() !== '',
  },
  actions: {
    setQuery: assign(({ context, event }) => {
      const query = context.query;
      if (event.type === 'folder') return { query: { ...query, folder: event.folder, offset: 0 } };
      if (event.type === 'search') return { query: { ...query, q: event.q, offset: 0 } };
      if (event.type === 'page') return { query: { ...query, offset: Math.max(0, event.offset) } };
      if (event.type === 'showArchived') return { query: { ...query, archived: event.archived, offset: 0 } };
      return {};
    }),
    setLoaded: assign((_, loaded: Loaded) => ({
      folders: loaded.folders,
      items: loaded.page.items,
      total: loaded.page.total,
      failure: null,
    })),
    setOpen: assign((_, document: LibraryDocument) => ({ open: document, failure: null })),
    close: assign({ open: null }),
    holdArchive: assign(({ event }) =>
      event.type === 'archive' ? { pending: { id: event.id, archived: event.archived }, notice: null, failure: null } : {},
    ),
    holdFolder: assign(({ event }) =>
      event.type === 'addFolder' ? { pending: { folderName: event.name }, notice: null, failure: null } : {},
    ),
    archived: assign(({ context }, document: LibraryDocument) => ({
      open: context.open?.id === document.id ? document : context.open,
      notice: (document.archived ? 'archived' : 'unarchived') as LibraryNotice,
      pending: null,
    })),
    folderAdded: assign(({ context }, folder: DocumentFolder) => ({
      query: { ...context.query, folder: folder.key, offset: 0 },
      notice: 'folderAdded' as const,
      pending: null,
    })),
    saved: assign(({ context, event }) =>
      event.type === 'saved'
        ? {
            notice: (event.version ? 'versionAdded' : 'uploaded') as LibraryNotice,
            open: event.version ? event.document : context.open,
          }
        : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error), pending: null })),
    forget: assign({ notice: null, failure: null }),
  },
}).createMachine({
  id: 'documentLibrary',
  context: ({ input }) => ({
    manage: input.manage,
    query: { folder: input.folder ?? null, q: '', archived: false, offset: 0 },
    folders: [],
    items: [],
    total: 0,
    open: null,
    pending: null,
    notice: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      // Typing in the search box or choosing a folder while a page loads asks again at once.
      on: {
        // A change told while a page loads: ask again, or the list keeps what the earlier answer held.
        refresh: { target: 'loading', reenter: true },
        folder: { target: 'loading', reenter: true, actions: 'setQuery' },
        search: { target: 'loading', reenter: true, actions: 'setQuery' },
      },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        folder: { target: 'loading', actions: ['setQuery', 'forget'] },
        search: { target: 'loading', actions: 'setQuery' },
        page: { target: 'loading', actions: 'setQuery' },
        showArchived: { guard: 'manages', target: 'loading', actions: ['setQuery', 'forget'] },
        refresh: 'loading',
        open: 'opening',
        close: { actions: 'close' },
        archive: { guard: 'manages', target: 'archiving', actions: 'holdArchive' },
        addFolder: { guard: 'namedFolder', target: 'addingFolder', actions: 'holdFolder' },
        saved: { guard: 'manages', target: 'loading', actions: 'saved' },
        dismiss: { actions: 'forget' },
      },
    },
    opening: {
      invoke: {
        id: 'detail',
        src: 'detail',
        input: ({ event }) => (event.type === 'open' ? event.id : 0),
        onDone: { target: 'ready', actions: { type: 'setOpen', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    archiving: {
      invoke: {
        id: 'archive',
        src: 'archive',
        input: ({ context }) => context.pending as { id: number; archived: boolean },
        onDone: { target: 'loading', actions: { type: 'archived', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    addingFolder: {
      invoke: {
        id: 'addFolder',
        src: 'addFolder',
        input: ({ context }) => (context.pending as { folderName: string }).folderName,
        onDone: { target: 'loading', actions: { type: 'folderAdded', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
