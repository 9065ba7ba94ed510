// The document library as a test model: the folders and a page load (or fail and are retried); the reader chooses a
// folder, searches, turns the page; opens a document's versions (or the connection fails) and closes it; the
// administrator archives the opened document, sees the archive, adds a folder (a blank name is not sent), and an
// upload elsewhere says it saved. Each change is offered from the first page only, so the walk stays small. The
// words its scenarios are told in: docs/scenarios/documentLibraryMachine.md.
import { documentLibraryMachine } from '../../src/machines/documentLibraryMachine';
import {
  ADDED_FOLDER,
  BAD_FILE,
  FOLDERS,
  INSURANCE,
  NO_CONNECTION,
  PAGE,
  RULES,
  RULES_ARCHIVED,
  RULES_OPEN,
} from '../support/documentsFixtures';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

type Snap = Snapshot<typeof documentLibraryMachine>;

/** The first page, nothing open, nothing said. */
const fresh = (s: Snap) => {
  const q = s.context.query;
  return q.folder === null && q.q === '' && !q.archived && q.offset === 0 && s.context.open === null && s.context.notice === null;
};
const when =
  <T>(ok: (s: Snap) => boolean, payloads: T[]) =>
  (s: Snap) =>
    ok(s) ? payloads : [];

export const LOADED = { folders: [...FOLDERS, ADDED_FOLDER], page: PAGE };

export const documentLibraryModel = defineModel({
  machine: documentLibraryMachine,
  input: { manage: true },
  payloads: {
    folder: when(fresh, [{ folder: 'seguros' }]),
    search: when(fresh, [{ q: 'póliza' }]),
    page: when(fresh, [{ offset: 20 }]),
    showArchived: when(fresh, [{ archived: true }]),
    refresh: when(fresh, [{}]),
    retry: BARE,
    open: when((s) => fresh(s) && s.context.failure === null, [{ id: RULES.id }]),
    close: BARE,
    archive: when((s) => s.context.open?.id === RULES.id && !s.context.open.archived, [{ id: RULES.id, archived: true }]),
    addFolder: when(fresh, [{ name: 'Proveedores' }, { name: '  ' }]),
    saved: when(fresh, [{ document: INSURANCE, version: false }]),
    dismiss: BARE,
    'xstate.done.actor.load': [{ output: LOADED }],
    'xstate.error.actor.load': when((s) => s.context.folders.length === 0, [{ error: NO_CONNECTION }]),
    'xstate.done.actor.detail': [{ output: RULES_OPEN }],
    'xstate.error.actor.detail': [{ error: NO_CONNECTION }],
    'xstate.done.actor.archive': [{ output: RULES_ARCHIVED }],
    'xstate.error.actor.archive': [{ error: NO_CONNECTION }],
    'xstate.done.actor.addFolder': [{ output: ADDED_FOLDER }],
    'xstate.error.actor.addFolder': [{ error: BAD_FILE }],
  },
  words: {
    states: {
      loading: 'Documentos del condominio: the folders and the list are loading.',
      failed: 'The library could not be loaded, with Reintentar.',
      ready: 'The folders with their counts, the search box and the documents with their current version.',
      opening: 'Versiones is busy.',
      archiving: 'Archivar is busy.',
      addingFolder: 'Nueva carpeta is busy.',
    },
    events: {
      folder: (e) => `chooses the folder ${String(e.folder)}`,
      search: (e) => `searches “${String(e.q)}”`,
      page: () => 'goes to page 2',
      showArchived: () => 'ticks Ver archivados',
      refresh: () => 'the list is read again',
      retry: () => 'presses Reintentar',
      open: () => 'presses Versiones on the reglamento',
      close: () => 'closes the versions',
      archive: () => 'presses Archivar',
      addFolder: (e) => (String(e.name).trim() ? `creates the folder ${String(e.name)}` : 'sends a blank folder name'),
      saved: () => 'a document is uploaded',
      dismiss: () => 'closes the notice',
      'xstate.done.actor.load': () => 'the folders and the page arrive',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.detail': () => 'the versions arrive',
      'xstate.error.actor.detail': () => 'the connection fails',
      'xstate.done.actor.archive': () => 'the server archives it',
      'xstate.error.actor.archive': () => 'the connection fails',
      'xstate.done.actor.addFolder': () => 'the server creates the folder',
      'xstate.error.actor.addFolder': () => 'the server refuses the name',
    },
  },
});
