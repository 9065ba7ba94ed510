// One conversation (?conversacion=ID) as a test model: Torre A - 101 (the reader) and Torre B - 202, the
// newest 30 messages (60 down to 31, the reader's own the even ones, all read but the newest) with more
// before them; an older page of 10 that is the last; a refresh that brings 61 from the other side and the
// read time of 60. Each user action is offered in one place only (the conversation as it first loads, or
// where its own failure left it), so the state space stays small. The words its scenarios are told in:
// docs/scenarios/conversationMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type {
  ConversationAnswer,
  ConversationSummary,
  Message,
  SendMessageAnswer,
  UpdatesAnswer,
} from '../../src/api/conversations';
import { type ConversationContext, conversationMachine } from '../../src/machines/conversationMachine';
import type { PhotoUpload } from '../../src/machines/messagePhotos';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const CONVERSATION_ID = 7;
export const READER = 'Rosa Hernández Díaz';
export const NEIGHBOUR = 'Carlos Ramírez Soto';
/** Two minutes apart from 10:00 on 21 November 2026 (UTC). */
export const at = (id: number) => new Date(Date.UTC(2026, 10, 21, 10, 0) + id * 120_000).toISOString();

export const message = (
  id: number,
  mio: boolean,
  Leido: string | null = mio ? at(id + 1) : null,
  Texto = `Mensaje ${id}`,
): Message => ({
  id,
  mio,
  UserName: mio ? READER : NEIGHBOUR,
  Texto,
  fotos: [],
  Enviado: at(id),
  Leido,
});

export const SUMMARY: ConversationSummary = {
  ConversationId: CONVERSATION_ID,
  SectId: 12,
  yo: { ApmtId: 101, Nombre: 'Torre A - 101' },
  otro: { ApmtId: 202, Nombre: 'Torre B - 202' },
  ultimoMensaje: 'Mensaje 60',
  ultimaFecha: at(60),
  noLeidos: 0,
  bloqueado: false,
};

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
/** 60 down to 31: the reader's the even ones, read by the other side, but 60 not yet. */
export const NEWEST: ConversationAnswer = {
  success: true,
  conversation: SUMMARY,
  messages: range(60, 31).map((id) => message(id, id % 2 === 0, id === 60 ? null : undefined)),
  hayMas: true,
};
export const OLDER: ConversationAnswer = {
  success: true,
  conversation: SUMMARY,
  messages: range(30, 21).map((id) => message(id, id % 2 === 0)),
  hayMas: false,
};
export const UPDATE: UpdatesAnswer = { success: true, messages: [message(61, false)], leidos: [{ id: 60, Leido: at(61) }] };
export const NOTHING_NEW: UpdatesAnswer = { success: true, messages: [], leidos: [] };
export const PHOTO: PhotoUpload = { name: 'fuga.jpg', dataUrl: `data:image/jpeg;base64,${'A'.repeat(40)}` };
/** A message of the other side, the one reported. */
export const REPORTED_ID = 59;
export const REASON = 'Me insulta';
export const TEXT = 'Hola, ¿mañana cortan el agua?';
export const TEXT_AGAIN = 'Hola, vecino';

export const NOT_FOUND = new ApiError(404, 'NOT_FOUND', 'La conversación no existe.');
export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const SEND_REFUSED = new ApiError(403, 'FORBIDDEN', 'Esta vivienda ya no recibe tus mensajes.');
export const SERVER_DOWN = new ApiError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible. Inténtalo más tarde.');

/** The server keeps what was sent as the next message of the reader's. */
export const sentAnswer = (context: ConversationContext): SendMessageAnswer => ({
  success: true,
  message: { ...message((context.messages[0]?.id ?? 0) + 1, true, null, context.text.trim()), fotos: [] },
});

type Snap = SnapshotFrom<typeof conversationMachine>;

/** The conversation as it first loaded: nothing typed, nothing new, nothing older, not blocked. */
const asLoaded = (s: Snap) =>
  s.context.messages.length === NEWEST.messages.length &&
  s.context.messages[0]?.id === 60 &&
  s.context.text === '' &&
  s.context.photos.length === 0 &&
  s.context.conversation?.bloqueado === false;
const sentOne = (s: Snap) => s.context.messages.some((m) => m.mio && m.id > 60);

const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status}: ${error.message})` : 'cannot be reached';

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: unknown; text?: string; messageId?: number };
  if (e.type === 'xstate.done.actor.updates')
    return `done updates:${(e.output as UpdatesAnswer).messages.length ? 'new' : 'none'}`;
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  if (e.type === 'edit' || e.type === 'editReason') return `${e.type} ${JSON.stringify(e.text)}`;
  return eventLabel(e);
};

export const conversationModel = defineModel({
  machine: conversationMachine,
  input: { conversationId: CONVERSATION_ID },
  label,
  payloads: {
    retry: BARE,
    // Typed once into the empty box of the conversation as it loaded; after a failed send (without a
    // photo) the text is changed, which puts the failure aside.
    edit: (s) => {
      if (s.matches('sendFailed')) return s.context.photos.length === 0 ? [{ text: TEXT_AGAIN }] : [];
      return s.matches({ viewing: 'idle' }) && asLoaded(s) && !sentOne(s) ? [{ text: TEXT }] : [];
    },
    attach: (s) =>
      s.matches({ viewing: 'idle' }) && s.context.text === TEXT && s.context.photos.length === 0 ? [{ photo: PHOTO }] : [],
    detach: (s) => (s.matches({ viewing: 'idle' }) && s.context.photos.length === 1 ? [{ index: 0 }] : []),
    send: BARE,
    loadOlder: (s) => (s.matches({ viewing: 'olderFailed' }) || asLoaded(s) ? BARE : []),
    block: (s) => ((s.matches({ viewing: 'idle' }) || s.matches({ viewing: 'blockFailed' })) && asLoaded(s) ? BARE : []),
    unblock: (s) => (s.matches({ viewing: 'idle' }) || s.matches({ viewing: 'blockFailed' }) ? BARE : []),
    dismiss: BARE,
    report: (s) => (s.matches({ viewing: 'idle' }) && asLoaded(s) ? [{ messageId: REPORTED_ID }] : []),
    editReason: (s) => (s.context.reason === '' || s.matches({ reporting: 'failed' }) ? [{ text: REASON }] : []),
    submitReport: BARE,
    cancelReport: (s) => (s.context.reason === '' || s.matches({ reporting: 'failed' }) ? BARE : []),
    close: BARE,
    refresh: BARE,
    'xstate.done.actor.conversation': [{ output: NEWEST }],
    'xstate.error.actor.conversation': [{ error: NOT_FOUND }, { error: OFFLINE }],
    'xstate.done.actor.updates': (s) => [{ output: asLoaded(s) ? UPDATE : NOTHING_NEW }],
    'xstate.error.actor.updates': [{ error: OFFLINE }],
    'xstate.done.actor.older': [{ output: OLDER }],
    'xstate.error.actor.older': [{ error: SERVER_DOWN }],
    'xstate.done.actor.block': [{ output: undefined }],
    'xstate.error.actor.block': [{ error: OFFLINE }],
    'xstate.done.actor.send': (s) => [{ output: sentAnswer(s.context) }],
    'xstate.error.actor.send': [{ error: SEND_REFUSED }],
    'xstate.done.actor.report': [{ output: undefined }],
    'xstate.error.actor.report': [{ error: OFFLINE }],
  },
  words: {
    states: {
      loading: 'The conversation pane is busy (aria-busy) with “Cargando conversación…”.',
      loadFailed: 'An alert: “No pudimos cargar la conversación.” (with the server’s words when it sent any) and Reintentar.',
      refused: '“Esta conversación no existe o no tienes acceso a ella.” and Volver a las conversaciones.',
      viewing:
        'The heading Torre B - 202, Más acciones, the messages newest first (each with its sender, time, and “Enviado 10:42” or “Leído 10:45” on the reader’s own), Cargar mensajes anteriores while there are more, and the box Escribe un mensaje with Adjuntar foto and Enviar.',
      'viewing.idle': 'The conversation as it is; a new message from the other side is announced politely (“1 mensaje nuevo”).',
      'viewing.refreshing':
        'The conversation as it is, while new messages and read receipts are asked for (when the live channel says it moved, and every minute).',
      'viewing.loadingOlder': 'Cargar mensajes anteriores shows it is loading.',
      'viewing.olderFailed':
        'An alert: “No pudimos cargar los mensajes anteriores.” with the server’s words, Reintentar and Cerrar.',
      'viewing.blockFailed': 'An alert: “No pudimos cambiar el bloqueo. Inténtalo de nuevo.” with Cerrar.',
      blocking: 'The conversation, its menu busy while the dwelling is blocked or unblocked.',
      sending: 'Enviar shows it is sending; the box and Adjuntar foto are disabled.',
      sendFailed:
        'An alert with the server’s words (“Esta vivienda ya no recibe tus mensajes.”); the text and photos typed are still in the box.',
      reporting: 'The dialog Reportar mensaje with the message quoted, Motivo, Cancelar and Reportar.',
      'reporting.editing': 'Reportar is enabled once a reason is written.',
      'reporting.submitting': 'Reportar shows it is sending.',
      'reporting.failed': 'The dialog says “No pudimos enviar el reporte.”; the reason stays.',
      reported: 'The dialog says “Reportamos el mensaje a la administración.” with Cerrar.',
    },
    events: {
      retry: () => 'presses Reintentar',
      edit: (e) => `types “${e.text}” in Escribe un mensaje`,
      attach: (e) => `attaches ${(e.photo as PhotoUpload).name} with Adjuntar foto`,
      detach: () => 'removes the photo',
      send: () => 'presses Enviar',
      loadOlder: () => 'presses Cargar mensajes anteriores (or Reintentar under its alert)',
      block: () => 'chooses Bloquear vivienda in Más acciones',
      unblock: () => 'chooses Desbloquear vivienda in Más acciones',
      dismiss: () => 'presses Cerrar on the alert',
      report: (e) => `chooses Reportar mensaje on message ${e.messageId} of the other side`,
      editReason: (e) => `writes “${e.text}” in Motivo`,
      submitReport: () => 'presses Reportar',
      cancelReport: () => 'presses Cancelar',
      close: () => 'presses Cerrar',
      refresh: () => 'the live channel says the conversation moved (a message, a read receipt)',
      'xstate.done.actor.conversation': () => 'the server sends the newest 30 messages, with more before them',
      'xstate.error.actor.conversation': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.updates': (e) =>
        (e.output as UpdatesAnswer).messages.length
          ? 'the refresh brings a message from Torre B - 202 and the read time of the reader’s last one'
          : 'the refresh brings nothing new',
      'xstate.error.actor.updates': () => 'the refresh cannot reach the server',
      'xstate.done.actor.older': () => 'the server sends the 10 oldest messages, the last of them',
      'xstate.error.actor.older': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.block': () => 'the server changes the block',
      'xstate.error.actor.block': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.send': () => 'the server keeps the message',
      'xstate.error.actor.send': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.report': () => 'the server takes the report',
      'xstate.error.actor.report': (e) => `the server ${failure(e.error)}`,
    },
  },
});
