// /login-redirect (the bridge from the legacy app, spec §2.8) as a test model that starts from each kind of
// link: the machine decides from its input at once, so each link reaches its own part of it and together
// they take every branch. The words its scenarios are told in: docs/scenarios/loginRedirectMachine.md.
import { createActor } from 'xstate';
import { loginRedirectMachine } from '../../src/machines/loginRedirectMachine';
import { sessionMachine } from '../../src/machines/sessionMachine';
import type { ChangeCondoSessionResult } from '../../src/services/accountService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const ANTKN = 'Qm9yZGVyLXRva2VuLWZvci10ZXN0cw';
export const TARGET = '/condominio/comunicacion/ver-publicacion/12#comentarios';
export const REFUSED = 'El enlace de acceso expiró o ya se usó. Vuelve a iniciar sesión.';
/** The legacy app's login page with its logout flag, as the server gives it when LEGACY_APP_URL is set. */
export const LEGACY_LOGIN = 'https://legado.example.mx/login?logout=1';

export const ANSWERS: Record<ChangeCondoSessionResult['kind'], ChangeCondoSessionResult> = {
  ok: { kind: 'ok', token: 'bridge-session-token', productToken: 'bridge-product-token' },
  refused: { kind: 'refused', message: REFUSED },
};

/** The query of each kind of link the bridge can get. */
export const LINKS = {
  logout: { logout: true, antkn: ANTKN, redirectTo: TARGET },
  bridge: { logout: false, antkn: ANTKN, redirectTo: TARGET },
  withoutToken: { logout: false, antkn: null, redirectTo: TARGET },
  withoutUrl: { logout: false, antkn: ANTKN, redirectTo: null },
};

/** The model's session: only its reference is in the context (each walk has a session actor of its own). */
const MODEL_SESSION = createActor(sessionMachine, { input: { token: null } });

export const loginRedirectModel = defineModel({
  machine: loginRedirectMachine,
  inputs: Object.fromEntries(Object.entries(LINKS).map(([name, query]) => [name, { ...query, session: MODEL_SESSION }])),
  payloads: {
    retry: BARE,
    'xstate.done.actor.logout': [{ output: undefined }],
    'xstate.error.actor.logout': [{ error: new Error('aborted') }],
    // With a legacy app, and without one (null: our own sign-in).
    'xstate.done.actor.legacyLogin': [{ output: LEGACY_LOGIN }, { output: null }],
    'xstate.error.actor.legacyLogin': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.endSession': [{ output: undefined }],
    'xstate.error.actor.endSession': [{ error: new Error('aborted') }],
    'xstate.done.actor.changeCondoSession': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.changeCondoSession': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      deciding: 'Redirigiendo... for no time at all: the link’s query decides where to go.',
      loggingOut: 'Redirigiendo... Cerrando tu sesión…',
      findingLogin: 'Redirigiendo... Cerrando tu sesión… (the server says where the legacy app’s login is)',
      endingSession: 'Redirigiendo... Un momento, por favor. (whatever session there is ends)',
      changingSession: 'Redirigiendo... Un momento, por favor. (the link’s token becomes a session)',
      failed:
        'No pudimos completar el acceso, and why (the server’s words, or no connection), with Reintentar and Ir al inicio de sesión.',
      leaving:
        'The page goes where the link said, the legacy app’s login after a sign-out when there is one, or to the sign-in page (saying why when the token was refused).',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.logout': () => 'the session ends',
      'xstate.error.actor.logout': () => 'the server does not answer the sign-out (the session ends here anyway)',
      'xstate.done.actor.legacyLogin': (e) =>
        e.output ? 'the server names the legacy app’s login page' : 'the server says there is no legacy app',
      'xstate.error.actor.legacyLogin': () => 'the server does not answer (our own sign-in then)',
      'xstate.done.actor.endSession': () => 'the session there was ends',
      'xstate.error.actor.endSession': () => 'the server does not answer',
      'xstate.done.actor.changeCondoSession': (e) =>
        `the server answers the token ${(e.output as ChangeCondoSessionResult).kind}`,
      'xstate.error.actor.changeCondoSession': () => 'the connection fails',
    },
  },
});
