// Sign-in (spec §4 Login) as a test model, on the demo accounts: the sign-in answer follows from what is
// typed, as the demo server answers it (DESIGN.md §6), so the browser walk types the same and lets the real
// server answer; only the answer without a token (which the server never gives) is the walk's own. The form
// is filled as a person tabs through it: both empty fields left first, then an account, then its password.
// The state space stays small by offering the side answers (no token, a failed connection, Recordarme, a
// failed condominium login) on one account only: consejo's. Words: docs/scenarios/loginMachine.md.
import type { EventObject } from 'xstate';
import type { CondoChoice } from '../../src/api/sessions';
import { loginMachine } from '../../src/machines/loginMachine';
import { ApiError } from '../../src/services/http';
import type { SignInResult } from '../../src/services/sessionsService';
import { BARE, defineModel, eventLabel, type Payload } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { sessionRecorder } from '../support/sessionRecorder';

type Snap = Snapshot<typeof loginMachine>;

/** One stand-in for every path: the model's context and the walked actor's must hold the same ref. */
export const LOGIN_SESSION = sessionRecorder();

export const DEMO_PASSWORD = 'Demo1234!';
export const WRONG_PASSWORD = 'incorrecta';
export const WRONG_CREDENTIALS = 'Usuario o Contraseña incorrecta';

export const PALMAS: CondoChoice = { CondoId: 1, UserId: 7, CondoName: 'Residencial Las Palmas', error: null };
export const BOSQUE: CondoChoice = { CondoId: 2, UserId: 7, CondoName: 'Torres del Bosque', error: null };
export const VILLAS: CondoChoice = { CondoId: 3, UserId: 7, CondoName: 'Villas del Mar', error: 'Suscripción vencida' };
export const CONDOS = [PALMAS, BOSQUE, VILLAS];

/** The demo accounts and the condominiums the server lists for each. */
export const CONDOS_OF: Record<string, CondoChoice[]> = {
  'consejo@demo.mx': [PALMAS],
  'admin@demo.mx': [PALMAS, BOSQUE, VILLAS],
  'inactivo@demo.mx': [],
  'villas@demo.mx': [VILLAS],
};
/** The account whose form and answers take the side branches. */
export const CONSEJO = 'consejo@demo.mx';
/** As pasted, with a blank after it: the call sends the address without it. */
const typed = (email: string) => (email === CONSEJO ? `${email} ` : email);

export const SIGN_IN_TOKEN = 'sign-in-token';
export const SESSION = { token: 'session-token', productToken: 'product-token' };
export const NO_TOKEN: SignInResult = { kind: 'ok', token: null, condos: [PALMAS] };
export const NETWORK_DOWN = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const UNAVAILABLE = new Error('Service Unavailable');

/** What the demo server answers to an e-mail and a password. */
export function answerFor(email: string, password: string): SignInResult {
  if (password !== DEMO_PASSWORD) return { kind: 'invalidCredentials', message: WRONG_CREDENTIALS };
  return { kind: 'ok', token: SIGN_IN_TOKEN, condos: CONDOS_OF[email.trim()] ?? [] };
}

const isConsejo = (s: Snap) => s.context.email.trim() === CONSEJO;
/** consejo with the right password, not remembered: where the side answers are offered. */
const consejoPlain = (s: Snap) => isConsejo(s) && s.context.password === DEMO_PASSWORD && !s.context.rememberMe;
/** …and the first attempt (a failed condominium login leaves its choice behind for the next one). */
const consejoFirstTry = (s: Snap) => consejoPlain(s) && s.context.chosen === null;

/** The sign-in answer's short name: the account's case, or that the token is missing. */
export function answerName(result: SignInResult): string {
  if (result.kind !== 'ok') return result.kind;
  if (result.token == null) return 'no token';
  if (result.condos.length === 0) return 'no condominium';
  if (result.condos.length > 1) return `${result.condos.length} condominiums`;
  return result.condos[0]!.error ? 'its condominium refuses' : 'one condominium';
}

const FIELDS: Record<string, string> = { email: 'Correo electrónico', password: 'Contraseña' };

export const loginModel = defineModel({
  machine: loginMachine,
  // The sign-in page's: no subdomain, no page to go back to (a behaviour test passes both).
  input: { session: LOGIN_SESSION.ref },
  payloads: {
    'email.blur': (s) => (s.context.touched.email ? [] : BARE),
    'password.blur': (s) => (s.context.touched.email && !s.context.touched.password ? BARE : []),
    'email.change': (s) =>
      s.context.touched.password && s.context.email === ''
        ? Object.keys(CONDOS_OF).map((email) => ({ value: typed(email) }))
        : [],
    'password.change': (s) =>
      s.context.email !== '' && s.context.password === ''
        ? [{ value: DEMO_PASSWORD }, ...(isConsejo(s) ? [{ value: WRONG_PASSWORD }] : [])]
        : [],
    'rememberMe.change': (s) => (consejoFirstTry(s) && s.context.touched.password ? [{ value: true }] : []),
    submit: BARE,
    'xstate.done.actor.signIn': (s) => [
      { output: answerFor(s.context.email, s.context.password) },
      ...(consejoFirstTry(s) ? [{ output: NO_TOKEN }] : []),
    ],
    'xstate.error.actor.signIn': (s) => (consejoFirstTry(s) ? [{ error: NETWORK_DOWN }] : []),
    choose: [{ condoId: BOSQUE.CondoId }, { condoId: VILLAS.CondoId }],
    cancel: BARE,
    dismiss: BARE,
    'xstate.done.actor.condoLogin': [{ output: SESSION }],
    'xstate.error.actor.condoLogin': (s) => (consejoPlain(s) ? [{ error: UNAVAILABLE }] : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & Payload;
    if (e.type === 'xstate.done.actor.signIn') return `done signIn:${answerName(e.output as SignInResult)}`;
    if (e.type === 'choose') return `choose ${CONDOS.find((c) => c.CondoId === e.condoId)?.CondoName}`;
    return eventLabel(event);
  },
  words: {
    states: {
      editing:
        'The Iniciar sesión form: Correo electrónico, Contraseña, Recordarme and Ingresar (enabled once the address is valid and a password typed); a field left empty says so, wrong credentials show under Contraseña.',
      signingIn: 'Ingresar spins; the fields take nothing.',
      noActiveCondo: 'A dialog: Al parecer no tienes ningún condominio activo., with Aceptar.',
      choosingCondo: 'Selecciona un condominio: a button per condominium (Villas del Mar marked No disponible) and Cancelar.',
      condoError: 'No es posible ingresar: Villas del Mar: Suscripción vencida, with Aceptar.',
      loggingIntoCondo: 'The dialogs close and Ingresar spins while the condominium opens.',
      failed:
        'The Error dialog: Ha ocurrido un error al ingresar, intentalo de nuevo. (no token), or No pudimos iniciar tu sesión. Revisa tu conexión e inténtalo de nuevo.',
      signedIn: 'The condominium area (Hola, …): the session has the token.',
    },
    events: {
      'email.change': (e) => `types “${e.value}” in Correo electrónico`,
      'password.change': (e) => `types “${e.value}” in Contraseña`,
      'rememberMe.change': (e) => (e.value ? 'ticks Recordarme' : 'unticks Recordarme'),
      'email.blur': () => `leaves ${FIELDS.email}`,
      'password.blur': () => `leaves ${FIELDS.password}`,
      submit: () => 'presses Ingresar',
      'xstate.done.actor.signIn': (e) => `the server answers: ${answerName(e.output as SignInResult)}`,
      'xstate.error.actor.signIn': () => 'the connection fails',
      choose: (e) => `chooses ${CONDOS.find((c) => c.CondoId === e.condoId)?.CondoName}`,
      cancel: () => 'presses Cancelar',
      dismiss: () => 'presses Aceptar',
      'xstate.done.actor.condoLogin': () => 'the condominium opens a session',
      'xstate.error.actor.condoLogin': () => 'the server fails to open the condominium',
    },
  },
});
