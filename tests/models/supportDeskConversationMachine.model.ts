// One conversation at the support desk as a test model (issue 30): Residencial Las Palmas, open and unassigned
// (version 1), its three newest messages with more before them and Ana's boot data; the reply box (a reply, a PDF, a
// canned answer); assigning it to oneself and closing it, each answered as done or as a 409 that another agent got
// there first; a refresh that brings the administration's next message. Failures: no connection, not found, the
// desk session ended. Each user action is offered from the conversation as it loaded, so the state space stays
// small. The words its scenarios are told in: docs/scenarios/supportDeskConversationMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { SupportDeskConversationAnswer, SupportDeskReplyAnswer, SupportDeskUpdatesAnswer } from '../../src/api/support';
import type { AttachmentUpload } from '../../src/api/uploads';
import {
  type SupportDeskConversationContext,
  supportDeskConversationMachine,
} from '../../src/machines/supportDeskConversationMachine';
import { ApiError } from '../../src/services/http';
import type { DeskChangeResult } from '../../src/services/supportDeskService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { AGENT, CANNED, DESK_CONVERSATION, SUMMARY, supportMessage } from '../support/supportFixtures';

export const REPLY = 'Revisa que el archivo tenga la columna Torre.';
export const REPLY_AGAIN = 'Revisa la columna Torre, por favor.';
export const PDF: AttachmentUpload = { name: 'guia.pdf', dataUrl: `data:application/pdf;base64,${'J'.repeat(40)}` };
export const OLDER: SupportDeskConversationAnswer = {
  ...DESK_CONVERSATION,
  messages: [supportMessage(0, 'admin', false, 'Hola')],
  hayMas: false,
};
export const UPDATE: SupportDeskUpdatesAnswer = {
  success: true,
  conversation: { ...DESK_CONVERSATION.conversation, ultimoMensaje: '¿Me ayudan?' },
  messages: [supportMessage(4, 'admin', false, '¿Me ayudan?')],
  leidos: [{ id: 2, Leido: '2026-03-04T16:10:00.000Z' }],
};
export const NOTHING_NEW: SupportDeskUpdatesAnswer = {
  success: true,
  conversation: DESK_CONVERSATION.conversation,
  messages: [],
  leidos: [],
};
export const ASSIGNED: DeskChangeResult = {
  kind: 'changed',
  conversation: { ...SUMMARY, noLeidos: 0, asignada: { id: AGENT.id, nombre: AGENT.nombre }, version: 2 },
};
export const TAKEN: Extract<DeskChangeResult, { kind: 'conflict' }> = {
  kind: 'conflict',
  message: 'Alguien más cambió esta conversación; te mostramos cómo quedó.',
  conversation: { ...SUMMARY, noLeidos: 0, asignada: { id: 2, nombre: 'Mario Soporte' }, version: 2 },
};
export const CLOSED: DeskChangeResult = {
  kind: 'changed',
  conversation: { ...SUMMARY, noLeidos: 0, estado: 'cerrada', version: 2 },
};
export const CLOSED_BY_OTHER: DeskChangeResult = {
  ...TAKEN,
  conversation: { ...SUMMARY, noLeidos: 0, estado: 'cerrada', version: 2 },
};

export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const NOT_FOUND = new ApiError(404, 'NOT_FOUND', 'No encontramos lo que buscas.');
export const ENDED = new ApiError(401, 'UNAUTHENTICATED', 'Tu sesión de la mesa de soporte terminó. Vuelve a iniciar sesión.');
export const REFUSED = new ApiError(400, 'BAD_REQUEST', 'Escribe un mensaje o adjunta un archivo.');
export const SERVER_DOWN = new ApiError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible. Inténtalo más tarde.');

export const replied = (context: SupportDeskConversationContext): SupportDeskReplyAnswer => ({
  success: true,
  message: supportMessage((context.messages[0]?.id ?? 0) + 1, 'soporte', true, context.text.trim()),
  conversation: { ...context.conversation!, estado: 'esperando', asignada: { id: AGENT.id, nombre: AGENT.nombre }, version: 2 },
});

type Snap = SnapshotFrom<typeof supportDeskConversationMachine>;
const asLoaded = (s: Snap) =>
  s.context.conversation?.version === 1 &&
  s.context.messages.length === DESK_CONVERSATION.messages.length &&
  s.context.text === '' &&
  s.context.files.length === 0;

const label = (event: EventObject) => {
  const e = event as EventObject & { error?: unknown; output?: unknown; estado?: string };
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  if (e.type === 'xstate.done.actor.updates')
    return `done updates:${(e.output as SupportDeskUpdatesAnswer).messages.length ? 'new' : 'none'}`;
  return eventLabel(e);
};

const failure = (error: unknown) => {
  const status = (error as ApiError).status;
  if (status === 401) return 'says the desk session ended';
  if (status === 404) return 'does not find the conversation';
  return status ? `refuses (${status}: ${(error as ApiError).message})` : 'cannot be reached';
};

export const supportDeskConversationModel = defineModel({
  machine: supportDeskConversationMachine,
  input: { conversationId: SUMMARY.id },
  label,
  payloads: {
    retry: BARE,
    edit: (s) => {
      if (s.matches('sendFailed')) return s.context.files.length === 0 ? [{ text: REPLY_AGAIN }] : [];
      return s.matches({ viewing: 'idle' }) && asLoaded(s) ? [{ text: REPLY }] : [];
    },
    insert: (s) => (s.matches({ viewing: 'idle' }) && asLoaded(s) ? [{ text: CANNED[0]!.texto }] : []),
    attach: (s) =>
      s.matches({ viewing: 'idle' }) && s.context.text === REPLY && s.context.files.length === 0 ? [{ file: PDF }] : [],
    detach: (s) => (s.matches({ viewing: 'idle' }) && s.context.files.length === 1 ? [{ index: 0 }] : []),
    send: BARE,
    loadOlder: (s) => (s.matches({ viewing: 'failed' }) || (s.matches({ viewing: 'idle' }) && asLoaded(s)) ? BARE : []),
    assign: (s) => (s.matches({ viewing: 'idle' }) && asLoaded(s) ? [{ agentId: AGENT.id }] : []),
    move: (s) => (s.matches({ viewing: 'idle' }) && asLoaded(s) ? [{ estado: 'cerrada' }] : []),
    changed: BARE,
    dismiss: BARE,
    'xstate.done.actor.conversation': [{ output: DESK_CONVERSATION }],
    'xstate.error.actor.conversation': [{ error: OFFLINE }, { error: NOT_FOUND }, { error: ENDED }],
    'xstate.done.actor.updates': (s) => [{ output: asLoaded(s) ? UPDATE : NOTHING_NEW }],
    'xstate.error.actor.updates': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.older': [{ output: OLDER }],
    'xstate.error.actor.older': [{ error: SERVER_DOWN }],
    'xstate.done.actor.reply': (s) => [{ output: replied(s.context) }],
    'xstate.error.actor.reply': [{ error: REFUSED }, { error: ENDED }],
    'xstate.done.actor.assign': [{ output: ASSIGNED }, { output: TAKEN }],
    'xstate.error.actor.assign': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.move': [{ output: CLOSED }, { output: CLOSED_BY_OTHER }],
    'xstate.error.actor.move': [{ error: OFFLINE }, { error: ENDED }],
  },
  words: {
    states: {
      loading: 'The conversation’s card, busy: “Cargando conversación…”.',
      loadFailed: 'An alert “No pudimos cargar la conversación.” with the reason and Reintentar.',
      gone: '“Esta conversación no existe.”',
      sessionEnded: 'The console shows the desk’s sign-in again.',
      viewing:
        'Residencial Las Palmas with its state (Abierta), Cambiar estado, Asignada a, the administrators who wrote (Ana Martínez Ruiz · admin@demo.mx · Torre A - 1001 · verificado), the reply box with Adjuntar and Respuestas guardadas, and the messages newest first.',
      'viewing.idle': 'The conversation as it is; the administration’s new messages are announced politely.',
      'viewing.refreshing': 'The conversation as it is, while what is new is asked for (every 15 s).',
      'viewing.loadingOlder': 'Cargar mensajes anteriores shows it is loading.',
      'viewing.failed':
        'An alert “No pudimos hacer el cambio.” with the server’s words (another agent got there first: the conversation as it now is) and Cerrar.',
      sending: 'Enviar shows it is sending; the box is disabled.',
      sendFailed: 'An alert “No pudimos enviar tu mensaje.” with the server’s words; the reply is still in the box.',
      assigning: 'Asignada a is disabled while the assignment is saved.',
      moving: 'Cambiar estado shows it is saving.',
    },
    events: {
      retry: () => 'presses Reintentar',
      edit: (e) => `types “${e.text}”`,
      insert: () => 'chooses Saludo in Respuestas guardadas',
      attach: (e) => `attaches ${(e.file as AttachmentUpload).name}`,
      detach: () => 'removes the file',
      send: () => 'presses Enviar',
      loadOlder: () => 'presses Cargar mensajes anteriores',
      assign: () => 'assigns it to themself in Asignada a',
      move: () => 'chooses Cerrar conversación in Cambiar estado',
      changed: () => 'the console says the conversation changed',
      dismiss: () => 'presses Cerrar on the alert',
      'xstate.done.actor.conversation': () => 'the server sends the conversation',
      'xstate.error.actor.conversation': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.updates': (e) =>
        (e.output as SupportDeskUpdatesAnswer).messages.length
          ? 'the refresh brings the administration’s next message'
          : 'the refresh brings nothing new',
      'xstate.error.actor.updates': (e) => `the refresh: the server ${failure(e.error)}`,
      'xstate.done.actor.older': () => 'the server sends the oldest message',
      'xstate.error.actor.older': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.reply': () => 'the server keeps the reply (now waiting on the administrator, assigned to the agent)',
      'xstate.error.actor.reply': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.assign': (e) =>
        (e.output as DeskChangeResult).kind === 'conflict' ? 'another agent took it first (409)' : 'the server assigns it',
      'xstate.error.actor.assign': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.move': (e) =>
        (e.output as DeskChangeResult).kind === 'conflict' ? 'another agent changed it first (409)' : 'the server closes it',
      'xstate.error.actor.move': (e) => `the server ${failure(e.error)}`,
    },
  },
});
