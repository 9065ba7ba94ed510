// The app's session as a test model: a returning member whose token is saved, the session data the server
// sends (or its refusal of the token), signing in, refreshing, signing out, another tab's token, a
// privacy notice the server says is pending and a session ended elsewhere; and the words its scenarios are told in
// (docs/scenarios/sessionMachine.md). The browser walk (tests/e2e/sessionMachine.walk.spec.ts) walks
// the same model.
import type { EventObject } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const SAVED_TOKEN = 'saved-token';
export const NEW_TOKEN = 'new-token';

export const DATA = {
  condo: { CondoId: 1, CondoName: 'Residencial Las Palmas' },
  usuario: { UserId: 3, UserName: 'Rosa Hernández Díaz', language: 'es' },
} as unknown as SessionData;

/** The same person once their condominium's privacy notice waits for them. */
export const DATA_NOTICE_PENDING = {
  condo: { CondoId: 1, CondoName: 'Residencial Las Palmas', AvisoPrivacidad: 'Aviso.', AvisoActivo: 1 },
  usuario: { UserId: 3, UserName: 'Rosa Hernández Díaz', language: 'es', AvisoPrivacidad: null },
} as unknown as SessionData;

/** The session data's answers: the data, the token refused (null), and, only after a 403 for the notice
 * (so the model stays small), data that shows the notice waiting. */
const answers = (s: { context: { noticeRechecked: boolean } }): { output: SessionData | null }[] => [
  { output: DATA },
  { output: null },
  ...(s.context.noticeRechecked ? [{ output: DATA_NOTICE_PENDING }] : []),
];

export const answerName = (output: SessionData | null) =>
  output === null ? 'refused' : output === DATA_NOTICE_PENDING ? 'noticePending' : 'data';

const isLoad = (type: string) => type === 'xstate.done.actor.loadSession' || type === 'xstate.done.actor.refreshSession';

export const sessionModel = defineModel({
  machine: sessionMachine,
  // A saved token decides at once: a returning member's session loads, a visitor without one is signed out.
  inputs: { saved: { token: SAVED_TOKEN }, none: { token: null } },
  // `done loadSession:refused`: what the session data said.
  label: (event: EventObject) => {
    const { output } = event as EventObject & { output?: SessionData | null };
    return isLoad(event.type) ? `${eventLabel(event)}:${answerName(output ?? null)}` : eventLabel(event);
  },
  payloads: {
    signedIn: [{ token: NEW_TOKEN, rememberMe: true }],
    signOut: BARE,
    refresh: BARE,
    retry: BARE,
    // Another tab's sign-in is noticed by this tab's next request: offered on a settled signed-in page.
    tokenChanged: (s) => (s.matches({ signedIn: 'idle' }) ? BARE : []),
    privacyNoticePending: BARE,
    // Ended from another device: noticed by this page's next request, offered on a settled signed-in page.
    sessionEnded: (s) => (s.matches({ signedIn: 'idle' }) ? BARE : []),
    'xstate.done.actor.loadSession': answers,
    'xstate.error.actor.loadSession': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.refreshSession': answers,
    'xstate.error.actor.refreshSession': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.signOut': [{ output: undefined }],
    'xstate.error.actor.signOut': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      checking: 'Nothing yet: the saved token is looked for before anything shows.',
      loading: 'A loader (or, right after Ingresar, the busy button) while the session data loads.',
      unavailable: 'An alert “Sin conexión con el servidor” with Cerrar sesión and Reintentar.',
      signedIn: 'The condominium’s pages: the header with the member’s menu, and the page.',
      'signedIn.idle': 'The condominium’s page as usual, under the header with the member’s menu.',
      'signedIn.refreshing':
        'The condominium’s page stays while the session data loads again; its main region says it is busy (aria-busy).',
      signingOut: 'A loader while the session is closed on the server.',
      signedOut: 'The Iniciar sesión page.',
    },
    events: {
      signedIn: () => 'signs in with Recordarme checked',
      signOut: () => 'presses Cerrar sesión',
      refresh: () => 'saves a change to their profile (the session data loads again)',
      retry: () => 'presses Reintentar',
      tokenChanged: () => 'another tab of the browser signs in as somebody else, and this tab makes its next request',
      privacyNoticePending: () => 'a call is refused because a privacy notice waits for the member',
      sessionEnded: () =>
        'the session is ended from another device, and the page’s next request is refused (the sign-in page says the session ended)',
      'xstate.done.actor.loadSession': (e) => `the server sends the session data (${answerName(e.output as SessionData | null)})`,
      'xstate.error.actor.loadSession': () => 'the connection fails',
      'xstate.done.actor.refreshSession': (e) =>
        `the server sends the session data again (${answerName(e.output as SessionData | null)})`,
      'xstate.error.actor.refreshSession': () => 'the connection fails',
      'xstate.done.actor.signOut': () => 'the server closes the session',
      'xstate.error.actor.signOut': () => 'the connection fails (signed out here all the same)',
    },
  },
});
