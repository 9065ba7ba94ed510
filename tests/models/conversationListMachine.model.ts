// The inbox of an IC section as a test model: two conversations of three (Torre B - 202 with 2 unread, and
// the administration), then the last one; or none, until a refresh brings them. A new conversation from
// the directory of Las Palmas (Torre A, Torre B and houses without a tower): a resident of Torre A - 101
// and Torre A - 102 writes to the administration, or to Torre B - 202 (refused once, then with a photo);
// an administrator writes to Casa 1; someone with nothing to write for is told so. Each action is offered
// in one place only, so the state space stays small. The words its scenarios are told in:
// docs/scenarios/conversationListMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { ConversationListAnswer, ConversationSummary, DirectoryAnswer } from '../../src/api/conversations';
import { conversationListMachine } from '../../src/machines/conversationListMachine';
import type { StartedConversation } from '../../src/services/conversationsService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { message, PHOTO } from './conversationMachine.model';

export const SECTION_ID = 12;

export const summary = (ConversationId: number, otro: ConversationSummary['otro'], noLeidos: number): ConversationSummary => ({
  ConversationId,
  SectId: SECTION_ID,
  yo: { ApmtId: 101, Nombre: 'Torre A - 101' },
  otro,
  ultimoMensaje: `Último mensaje ${ConversationId}`,
  ultimaFecha: new Date(Date.UTC(2026, 10, 21, 10 - ConversationId)).toISOString(),
  noLeidos,
  bloqueado: false,
});

export const NEIGHBOUR = summary(7, { ApmtId: 202, Nombre: 'Torre B - 202' }, 2);
export const ADMINISTRATION = summary(8, { ApmtId: null, Nombre: 'Administración' }, 0);
export const LAST = summary(9, { ApmtId: 301, Nombre: 'Casa 1' }, 0);
/** A first page of two; there are three. */
export const FIRST: ConversationListAnswer = { success: true, items: [NEIGHBOUR, ADMINISTRATION], total: 3 };
export const SECOND: ConversationListAnswer = { success: true, items: [LAST], total: 3 };
export const NONE: ConversationListAnswer = { success: true, items: [], total: 0 };

const dwelling = (ApmtId: number, AptName: string, TorreId: number | null) => ({
  ApmtId,
  AptName,
  TorreId,
  TorreName: TorreId === null ? null : TorreId === 1 ? 'Torre A' : 'Torre B',
});
const DIRECTORY = {
  success: true as const,
  torres: [
    { TorreId: 1, TorreName: 'Torre A' },
    { TorreId: 2, TorreName: 'Torre B' },
  ],
  viviendas: [dwelling(101, '101', 1), dwelling(102, '102', 1), dwelling(202, '202', 2), dwelling(301, 'Casa 1', null)],
};
/** A resident of two dwellings of Torre A. */
export const RESIDENT_DIRECTORY: DirectoryAnswer = {
  ...DIRECTORY,
  mias: [dwelling(101, '101', 1), dwelling(102, '102', 1)],
  comoAdministracion: false,
};
/** An administrator without a dwelling: writes as the administration. */
export const ADMIN_DIRECTORY: DirectoryAnswer = { ...DIRECTORY, mias: [], comoAdministracion: true };
/** Nothing to write for. */
export const NOBODY_DIRECTORY: DirectoryAnswer = { ...DIRECTORY, mias: [], comoAdministracion: false };

export const TEXT = 'Buenas tardes, ¿me pueden ayudar?';
export const STARTED: StartedConversation = { success: true, ConversationId: 21, message: message(1, true, null, TEXT) };
export const START_REFUSED = new ApiError(403, 'FORBIDDEN', 'Esta vivienda no recibe mensajes.');
export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const REFUSED = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const SERVER_DOWN = new ApiError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible. Inténtalo más tarde.');

type Snap = SnapshotFrom<typeof conversationListMachine>;

/** The inbox as it first loaded, nothing opened. */
const asLoaded = (s: Snap) => s.context.items.length === 2 && s.context.items[0]!.noLeidos === 2;
const inForm = (s: Snap) => s.matches({ ready: { composing: 'form' } });
const draft = (s: Snap) => s.context.draft;
/** The resident's draft as it opened: for 101, no recipient yet, nothing written. */
const residentOpened = (s: Snap) =>
  inForm(s) && s.context.directory?.mias.length === 2 && draft(s).desde === 101 && draft(s).to === null;
/** The resident's draft to Torre B - 202. */
const toNeighbour = (s: Snap) => inForm(s) && draft(s).desde === 101 && draft(s).to === 'vivienda';
const asAdministration = (s: Snap) => inForm(s) && draft(s).desde === null;

const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status}: ${error.message})` : 'cannot be reached';

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: unknown; text?: string };
  if (e.type === 'xstate.done.actor.directory') {
    const d = e.output as DirectoryAnswer;
    return `done directory:${d.mias.length ? 'resident' : d.comoAdministracion ? 'administrator' : 'nobody'}`;
  }
  if (/xstate\.done\.actor\.(firstPage|refresh|nextPage)/.test(e.type))
    return `${eventLabel(e)}:${(e.output as ConversationListAnswer).items.length}`;
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  return eventLabel(e);
};

export const conversationListModel = defineModel({
  machine: conversationListMachine,
  input: { sectionId: SECTION_ID },
  label,
  payloads: {
    retry: BARE,
    refresh: BARE,
    loadMore: (s) => (asLoaded(s) ? BARE : []),
    markRead: (s) =>
      s.matches({ ready: { list: 'idle' } }) && asLoaded(s) ? [{ conversationId: NEIGHBOUR.ConversationId }] : [],
    // From the inbox as it loaded (or still empty), and once while it refreshes.
    newConversation: (s) => (s.context.items.length === 0 || asLoaded(s) ? BARE : []),
    cancel: (s) => (inForm(s) && draft(s).text !== '' ? [] : BARE),
    chooseSide: (s) => (residentOpened(s) ? [{ apmtId: 102 }] : []),
    chooseRecipient: (s) => (residentOpened(s) ? [{ to: 'administracion' }, { to: 'vivienda' }] : []),
    chooseTower: (s) => {
      if (toNeighbour(s) && draft(s).tower === null) return [{ tower: 2 }];
      if (asAdministration(s) && draft(s).tower === null) return [{ tower: 'none' }];
      return [];
    },
    chooseDwelling: (s) => {
      if (!inForm(s) || draft(s).apmtId !== null) return [];
      if (draft(s).tower === 2) return [{ apmtId: 202 }];
      if (draft(s).tower === 'none') return [{ apmtId: 301 }];
      return [];
    },
    // Written once the recipient is there.
    edit: (s) =>
      inForm(s) && draft(s).text === '' && (draft(s).to === 'administracion' || draft(s).apmtId !== null) ? [{ text: TEXT }] : [],
    // After the refusal, a photo (which puts it aside), and taken off again.
    attach: (s) => (s.matches({ ready: { composing: { form: 'failed' } } }) ? [{ photo: PHOTO }] : []),
    detach: (s) => (inForm(s) && draft(s).photos.length === 1 ? [{ index: 0 }] : []),
    submit: BARE,
    'xstate.done.actor.firstPage': [{ output: FIRST }, { output: NONE }],
    'xstate.error.actor.firstPage': [{ error: REFUSED }, { error: OFFLINE }],
    // The server as it is: the shown ones again; while the inbox is empty, nothing yet or the first two.
    'xstate.done.actor.refresh': (s) =>
      s.context.items.length === 0
        ? [{ output: NONE }, { output: FIRST }]
        : [{ output: { success: true, items: s.context.items, total: s.context.total } }],
    'xstate.error.actor.refresh': [{ error: OFFLINE }],
    'xstate.done.actor.nextPage': [{ output: SECOND }],
    'xstate.error.actor.nextPage': [{ error: SERVER_DOWN }],
    'xstate.done.actor.directory': (s) =>
      s.context.items.length === 0
        ? [{ output: NOBODY_DIRECTORY }]
        : [{ output: RESIDENT_DIRECTORY }, { output: ADMIN_DIRECTORY }],
    'xstate.error.actor.directory': (s) => (s.context.items.length === 0 ? [] : [{ error: OFFLINE }]),
    'xstate.done.actor.start': [{ output: STARTED }],
    // Refused once, writing to Torre B - 202 without a photo.
    'xstate.error.actor.start': (s) =>
      draft(s).apmtId === 202 && draft(s).photos.length === 0 ? [{ error: START_REFUSED }] : [],
  },
  words: {
    states: {
      loading: 'The inbox is busy (aria-busy) with “Cargando conversaciones…”.',
      failed: 'An alert: “No pudimos cargar tus conversaciones.” with Reintentar.',
      refused: '“Esta sección no existe o no tienes acceso a ella.”',
      ready: 'The heading of the section and Nueva conversación.',
      'ready.deciding': 'The inbox as it is (decided at once: empty or a list).',
      'ready.empty': '“Todavía no tienes conversaciones.” with Nueva conversación.',
      'ready.list':
        'The list Conversaciones: each with the other side (Torre B - 202, Administración), the last message, its date and “2 sin leer”.',
      'ready.list.idle': 'The list as it is; Cargar más conversaciones while there are more.',
      'ready.list.loadingMore': 'Cargar más conversaciones shows it is loading.',
      'ready.list.moreFailed': 'An alert: “No pudimos cargar más conversaciones.” with the server’s words and Reintentar.',
      'ready.refreshing': 'The inbox as it is while it is asked again (every 15 s).',
      'ready.composing': 'The dialog Nueva conversación over the inbox.',
      'ready.composing.loadingDirectory': 'The dialog shows “Cargando viviendas…”.',
      'ready.composing.directoryFailed': 'The dialog says “No pudimos cargar las viviendas.” with Reintentar and Cancelar.',
      'ready.composing.unavailable': 'The dialog says “No tienes una vivienda desde la cual escribir.” with Cancelar.',
      'ready.composing.form':
        'Escribir como (one’s dwellings), Para (Administración or Una vivienda), Torre and Vivienda, Mensaje, Adjuntar foto, Cancelar and Enviar; no e-mail or phone of anyone.',
      'ready.composing.form.editing': 'Enviar is enabled once the recipient and the message are there.',
      'ready.composing.form.failed':
        'An alert with the server’s words (“Esta vivienda no recibe mensajes.”); everything written stays.',
      'ready.composing.starting': 'Enviar shows it is sending.',
    },
    events: {
      retry: () => 'presses Reintentar',
      refresh: () => 'the conversation beside it changes (a message sent), and the inbox is asked again',
      loadMore: () => 'presses Cargar más conversaciones (or Reintentar under its alert)',
      markRead: () => 'opens the conversation with Torre B - 202 (its unread count goes to zero)',
      newConversation: () => 'presses Nueva conversación',
      cancel: () => 'presses Cancelar',
      chooseSide: (e) => `chooses Torre A - ${e.apmtId} in Escribir como`,
      chooseRecipient: (e) => `chooses ${e.to === 'administracion' ? 'Administración' : 'Una vivienda'} in Para`,
      chooseTower: (e) => `chooses ${e.tower === 'none' ? 'Casas sin torre' : `Torre ${e.tower === 1 ? 'A' : 'B'}`} in Torre`,
      chooseDwelling: (e) => `chooses ${e.apmtId === 301 ? 'Casa 1' : String(e.apmtId)} in Vivienda`,
      edit: (e) => `writes “${e.text}” in Mensaje`,
      attach: () => 'attaches a photo with Adjuntar foto',
      detach: () => 'removes the photo',
      submit: () => 'presses Enviar',
      'xstate.done.actor.firstPage': (e) => `the server sends ${(e.output as ConversationListAnswer).items.length} conversations`,
      'xstate.error.actor.firstPage': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.refresh': (e) => `the refresh brings ${(e.output as ConversationListAnswer).items.length} conversations`,
      'xstate.error.actor.refresh': () => 'the refresh cannot reach the server',
      'xstate.done.actor.nextPage': () => 'the server sends the last conversation',
      'xstate.error.actor.nextPage': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.directory': (e) => {
        const d = e.output as DirectoryAnswer;
        if (d.mias.length) return 'the server sends the towers and dwellings, and the reader’s two dwellings';
        return d.comoAdministracion
          ? 'the server sends the towers and dwellings; the reader writes as the administration'
          : 'the server sends the towers and dwellings, and nothing to write for';
      },
      'xstate.error.actor.directory': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.start': () => 'the server opens the conversation (the page opens it beside the inbox)',
      'xstate.error.actor.start': (e) => `the server ${failure(e.error)}`,
    },
  },
});
