// The support desk's console as a test model (issue 30): the browser holds no desk session at first (or the server
// cannot be asked); the agent types their e-mail and password and signs in (or the password is wrong); the list
// (open conversations first) is refreshed every 15 s, filtered by state and condominium, paged, a conversation
// chosen; the session ends under it, or the agent signs out. The words its scenarios are told in:
// docs/scenarios/supportDeskMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { SupportDeskSignInAnswer } from '../../src/api/support';
import { supportDeskMachine } from '../../src/machines/supportDeskMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { AGENT, DESK_LIST } from '../support/supportFixtures';

export const EMAIL = 'soporte@demo.mx';
export const PASSWORD = 'Demo1234!';
export const SIGNED_IN: SupportDeskSignInAnswer = { success: true, token: 'desk-token', agent: AGENT };
/** A longer list, so the console has a second page. */
export const LONG_LIST = { ...DESK_LIST, total: 45 };

export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const WRONG_PASSWORD = new ApiError(401, 'INVALID_CREDENTIALS', 'El correo o la contraseña no son correctos.', 'password');
export const ENDED = new ApiError(401, 'UNAUTHENTICATED', 'Tu sesión de la mesa de soporte terminó. Vuelve a iniciar sesión.');

type Snap = SnapshotFrom<typeof supportDeskMachine>;
const untouched = (s: Snap) => s.context.filter === 'abierta' && s.context.condoId === null && s.context.offset === 0;

const label = (event: EventObject) => {
  const e = event as EventObject & { error?: unknown; output?: unknown };
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  if (e.type === 'xstate.done.actor.me') return `done me:${e.output ? 'agent' : 'none'}`;
  return eventLabel(e);
};

export const supportDeskModel = defineModel({
  machine: supportDeskMachine,
  label,
  payloads: {
    editEmail: (s) => (s.context.email === '' ? [{ value: EMAIL }] : []),
    editPassword: (s) => (s.context.email === EMAIL && s.context.password === '' ? [{ value: PASSWORD }] : []),
    signIn: BARE,
    signOut: BARE,
    retry: BARE,
    filter: (s) => (untouched(s) && s.context.selected === null ? [{ filter: 'todas' }] : []),
    condo: (s) => (untouched(s) && s.context.selected === null ? [{ condoId: 2 }] : []),
    page: (s) =>
      untouched(s) && s.context.list?.total === LONG_LIST.total && s.context.selected === null ? [{ offset: 20 }] : [],
    select: (s) => (s.context.selected === null && untouched(s) ? [{ conversationId: 5 }] : [{ conversationId: null }]),
    changed: BARE,
    sessionEnded: (s) => (s.context.selected === 5 ? BARE : []),
    'xstate.done.actor.me': (s) => (s.context.failure ? [{ output: AGENT }] : [{ output: null }, { output: AGENT }]),
    'xstate.error.actor.me': (s) => (s.context.failure ? [] : [{ error: OFFLINE }]),
    'xstate.done.actor.signIn': [{ output: SIGNED_IN }],
    'xstate.error.actor.signIn': [{ error: WRONG_PASSWORD }],
    'xstate.done.actor.list': (s) => [{ output: untouched(s) ? LONG_LIST : DESK_LIST }],
    'xstate.error.actor.list': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.signOut': [{ output: undefined }],
    'xstate.error.actor.signOut': [{ error: OFFLINE }],
  },
  words: {
    states: {
      checking: 'Mesa de soporte, “Cargando…” while the browser’s desk session is checked.',
      checkFailed: 'An alert with the reason (no connection) and Reintentar.',
      signedOut:
        'The form Inicia sesión en la mesa de soporte: Correo, Contraseña and Iniciar sesión (enabled once both are written); a refusal shows the server’s words.',
      signingIn: 'Iniciar sesión shows it is signing in.',
      signedIn:
        'The agent’s name and Cerrar sesión; the tabs Conversaciones (the filter Abiertas / En espera / Cerradas / Todas with their counts, the condominium, the list) and Respuestas y horario.',
      'signedIn.listing': 'The list is being asked for (at first “Cargando…”, later the list as it was).',
      'signedIn.ready':
        'The list: each conversation with its condominium, state, assignee, last words, time and unread count; refreshed every 15 s.',
      'signedIn.listFailed':
        'An alert “No pudimos cargar las conversaciones.” with the reason and Reintentar; it tries again by itself.',
      signingOut: 'Cerrar sesión shows it is signing out.',
    },
    events: {
      editEmail: (e) => `types ${e.value} in Correo`,
      editPassword: () => 'types the password',
      signIn: () => 'presses Iniciar sesión',
      signOut: () => 'presses Cerrar sesión',
      retry: () => 'presses Reintentar',
      filter: (e) => `chooses ${e.filter === 'todas' ? 'Todas' : e.filter}`,
      condo: () => 'chooses Torres del Bosque',
      page: () => 'presses Siguientes',
      select: (e) => (e.conversationId === null ? 'leaves the conversation' : 'opens Residencial Las Palmas'),
      changed: () => 'the open conversation changed (a reply, an assignment, a move)',
      sessionEnded: () => 'the open conversation finds the desk session ended',
      'xstate.done.actor.me': (e) =>
        e.output ? 'the browser’s desk session is still good' : 'the browser holds no desk session',
      'xstate.error.actor.me': () => 'the server cannot be reached',
      'xstate.done.actor.signIn': () => 'the server opens a desk session',
      'xstate.error.actor.signIn': () => 'the server refuses the password',
      'xstate.done.actor.list': () => 'the server sends the conversations',
      'xstate.error.actor.list': (e) =>
        (e.error as ApiError).status === 401 ? 'the server says the desk session ended' : 'the server cannot be reached',
      'xstate.done.actor.signOut': () => 'the session is ended',
      'xstate.error.actor.signOut': () => 'ending the session fails (the token goes from the browser anyway)',
    },
  },
});
