// The administrators' support chat as a test model (issue 30): booted with Ana's boot data (2 unread, the desk in
// hours), the badge counted while the panel is closed (3 unread), the panel's first page (40 down to 11, support
// wrote the even ones, more before them), an older page of 10 that is the last, a refresh that brings support's 41
// and the read time of 39. Each user action is offered in one place only (the conversation as it first loads, or
// where its own failure left it), so the state space stays small. The words its scenarios are told in:
// docs/scenarios/supportChatMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { SupportSendAnswer, SupportUnreadAnswer, SupportUpdatesAnswer } from '../../src/api/support';
import type { AttachmentUpload } from '../../src/api/uploads';
import { type SupportChatContext, supportChatMachine } from '../../src/machines/supportChatMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { at, BOOT, BOOTED, CHAT, OLDER_CHAT, supportMessage } from '../support/supportFixtures';

export const COUNTED: SupportUnreadAnswer = { success: true, noLeidos: 3 };
export const UPDATE: SupportUpdatesAnswer = {
  success: true,
  estado: 'esperando',
  messages: [supportMessage(41, 'soporte', false, 'Ya quedó, revisa por favor')],
  leidos: [{ id: 39, Leido: at(40) }],
};
export const NOTHING_NEW: SupportUpdatesAnswer = { success: true, estado: 'esperando', messages: [], leidos: [] };
export const PHOTO: AttachmentUpload = { name: 'pantalla.png', dataUrl: `data:image/png;base64,${'A'.repeat(40)}` };
export const TEXT = 'No puedo importar viviendas';
export const TEXT_AGAIN = 'No puedo importar viviendas desde Excel';

export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const SEND_REFUSED = new ApiError(400, 'BAD_REQUEST', 'Escribe un mensaje o adjunta un archivo.');
export const SERVER_DOWN = new ApiError(503, 'DATABASE_UNAVAILABLE', 'El servicio no está disponible. Inténtalo más tarde.');

/** The server keeps what was sent as the administration's next message. */
export const sentAnswer = (context: SupportChatContext): SupportSendAnswer => ({
  success: true,
  message: { ...supportMessage((context.messages[0]?.id ?? 0) + 1, 'admin', true, context.text.trim()), adjuntos: [] },
});

type Snap = SnapshotFrom<typeof supportChatMachine>;

/** The conversation as it first loaded: nothing typed, nothing new, nothing older. */
const asLoaded = (s: Snap) =>
  s.context.messages.length === CHAT.messages.length &&
  s.context.messages[0]?.id === 40 &&
  s.context.text === '' &&
  s.context.files.length === 0;
const sentOne = (s: Snap) => s.context.messages.some((m) => m.mio && m.id > 41);

const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status}: ${error.message})` : 'cannot be reached';

const label = (event: EventObject) => {
  const e = event as EventObject & { output?: unknown; error?: unknown; text?: string };
  if (e.type === 'xstate.done.actor.updates')
    return `done updates:${(e.output as SupportUpdatesAnswer).messages.length ? 'new' : 'none'}`;
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  if (e.type === 'edit') return `edit ${JSON.stringify(e.text)}`;
  return eventLabel(e);
};

export const supportChatModel = defineModel({
  machine: supportChatMachine,
  input: { boot: BOOT },
  label,
  payloads: {
    open: (s) => (s.context.panelOpen ? [] : BARE),
    close: (s) => (s.context.panelOpen && (s.context.text === '' || s.matches('sending') || s.matches('sendFailed')) ? BARE : []),
    changed: BARE,
    retry: BARE,
    edit: (s) => {
      if (s.matches('sendFailed')) return s.context.files.length === 0 ? [{ text: TEXT_AGAIN }] : [];
      return s.matches({ viewing: 'idle' }) && asLoaded(s) && !sentOne(s) ? [{ text: TEXT }] : [];
    },
    attach: (s) =>
      s.matches({ viewing: 'idle' }) && s.context.text === TEXT && s.context.files.length === 0 ? [{ file: PHOTO }] : [],
    detach: (s) => (s.matches({ viewing: 'idle' }) && s.context.files.length === 1 ? [{ index: 0 }] : []),
    send: BARE,
    loadOlder: (s) => (s.matches({ viewing: 'olderFailed' }) || asLoaded(s) ? BARE : []),
    dismiss: BARE,
    'xstate.done.actor.boot': [{ output: BOOTED }],
    'xstate.error.actor.boot': [{ error: OFFLINE }],
    'xstate.done.actor.unread': [{ output: COUNTED }],
    'xstate.error.actor.unread': [{ error: OFFLINE }],
    'xstate.done.actor.chat': [{ output: CHAT }],
    'xstate.error.actor.chat': [{ error: OFFLINE }],
    'xstate.done.actor.updates': (s) => [{ output: asLoaded(s) ? UPDATE : NOTHING_NEW }],
    'xstate.error.actor.updates': [{ error: OFFLINE }],
    'xstate.done.actor.older': [{ output: OLDER_CHAT }],
    'xstate.error.actor.older': [{ error: SERVER_DOWN }],
    'xstate.done.actor.send': (s) => [{ output: sentAnswer(s.context) }],
    'xstate.error.actor.send': [{ error: SEND_REFUSED }],
  },
  words: {
    states: {
      booting: 'The launcher is there; opened, its panel says “Conectando con soporte…”.',
      bootFailed:
        'The panel says “No pudimos abrir el chat de soporte.” with the reason and Reintentar; closed, it tries again by itself.',
      background: 'The panel is closed; the launcher’s badge shows support’s unread messages when there are any.',
      counting: 'The panel is closed while the badge’s count is asked for (on the live channel’s word, and every minute).',
      loading: 'The panel, busy, says “Conectando con soporte…”.',
      loadFailed: 'The panel says “No pudimos abrir el chat de soporte.” with the reason and Reintentar.',
      viewing:
        'The panel: Soporte, outside office hours the away message and the hours, the box Escribe tu mensaje with Adjuntar and Enviar, and the messages newest first (“Enviado 10:42”, “Leído 10:45” on the administration’s own); the badge is gone.',
      'viewing.idle': 'The conversation as it is; a new message from support is announced politely.',
      'viewing.refreshing':
        'The conversation as it is, while new messages and read marks are asked for (on the live channel’s word, and every minute).',
      'viewing.loadingOlder': 'Cargar mensajes anteriores shows it is loading.',
      'viewing.olderFailed': 'An alert: “No pudimos cargar los mensajes anteriores.” with the reason, Reintentar and Cerrar.',
      sending: 'Enviar shows it is sending; the box is disabled.',
      sendFailed:
        'An alert “No pudimos enviar tu mensaje.” with the server’s words; what was written and attached is still in the box.',
    },
    events: {
      open: () => 'opens the launcher',
      close: () => 'closes the panel',
      changed: () => 'the live channel says the conversation changed',
      retry: () => 'presses Reintentar',
      edit: (e) => `types “${e.text}” in Escribe tu mensaje`,
      attach: (e) => `attaches ${(e.file as AttachmentUpload).name} with Adjuntar`,
      detach: () => 'removes the file',
      send: () => 'presses Enviar',
      loadOlder: () => 'presses Cargar mensajes anteriores (or Reintentar under its alert)',
      dismiss: () => 'presses Cerrar on the alert',
      'xstate.done.actor.boot': () => 'the server takes the boot data: 2 unread, the desk in hours',
      'xstate.error.actor.boot': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.unread': () => 'the server counts 3 unread messages from support',
      'xstate.error.actor.unread': (e) => `the count: the server ${failure(e.error)}`,
      'xstate.done.actor.chat': () => 'the server sends the newest 30 messages, with more before them',
      'xstate.error.actor.chat': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.updates': (e) =>
        (e.output as SupportUpdatesAnswer).messages.length
          ? 'the refresh brings a message from support and the read time of the administration’s last one'
          : 'the refresh brings nothing new',
      'xstate.error.actor.updates': () => 'the refresh cannot reach the server',
      'xstate.done.actor.older': () => 'the server sends the 10 oldest messages, the last of them',
      'xstate.error.actor.older': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.send': () => 'the server keeps the message',
      'xstate.error.actor.send': (e) => `the server ${failure(e.error)}`,
    },
  },
});
