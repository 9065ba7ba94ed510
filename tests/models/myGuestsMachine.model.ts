// Mis invitados as a test model: a resident who is also an administrator, 11 passes in pages of 10, one
// event link, the demo condo link. Creating, asking and paging are offered from the first list only (then
// the share card or the message is dismissed), so the state space stays small. The words its scenarios
// are told in: docs/scenarios/myGuestsMachine.md.
import {
  type CondoLink,
  emptyEvent,
  emptyPass,
  MY_GUESTS_PAGE_SIZE,
  type MyGuestsOverview,
  type MyLink,
  type MyPass,
} from '../../src/api/myGuests';
import {
  type Created,
  type LoadedMyGuests,
  myGuestsMachine,
  type Outcome,
  type PendingAction,
  type Problem,
} from '../../src/machines/myGuestsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const NOW = { date: '2025-06-02', time: '12:00' };
export const CONDO = 1;

export const myPass = (id: number, name = `Visita ${id}`): MyPass => ({
  id,
  Tipo: 'temporal',
  Nombre: name,
  Email: null,
  Telefono: null,
  QR: `QR${id}`,
  ClaveManual: 'ABCD2345',
  DiasAcceso: [],
  FechaInicio: '2025-06-03',
  FechaFin: '2025-06-03',
  HoraInicio: null,
  HoraFin: null,
  NombreInfante: null,
  TorreName: 'Torre A',
  AptName: '101',
  CondoId: CONDO,
  createdAt: '2025-06-02T18:00:00.000Z',
});
export const eventLink: MyLink = {
  id: 50,
  type: 'event',
  token: 'tok-evento',
  createdAt: '2025-06-02T18:00:00.000Z',
  event: {
    id: 9,
    Nombre: 'Carne asada',
    Fecha: '2025-06-07',
    Hora: '14:00',
    Estatus: 'activo',
    Invitados: 0,
    LimiteInvitados: 10,
  },
};
export const userLink: MyLink = {
  id: 51,
  type: 'user',
  token: 'tok-usuario',
  createdAt: '2025-06-02T18:00:00.000Z',
  event: null,
};
export const condoLink: CondoLink = { id: 60, token: 'tok-condo', createdAt: '2025-06-02T18:00:00.000Z' };
export const newCondoLink: CondoLink = { id: 61, token: 'tok-condo-2', createdAt: '2025-06-02T18:00:00.000Z' };

export const OVERVIEW: MyGuestsOverview = {
  success: true,
  CondoId: CONDO,
  dwellings: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }],
  accessPoints: [{ PuntoAccesoId: 3, Nombre: 'Acceso principal', Address: null, Coordinates: null }],
  canInvite: true,
  canManageCondoLink: true,
  condoLinks: [condoLink],
};
export const PASSES_TOTAL = MY_GUESTS_PAGE_SIZE + 1;
export const LOADED: LoadedMyGuests = {
  overview: OVERVIEW,
  passes: { items: [myPass(100)], total: PASSES_TOTAL },
  links: { items: [eventLink], total: 1 },
};
/** The next page of passes: ten more, the last one already shown (the list moved while paging). */
export const MORE_PASSES = {
  list: 'passes' as const,
  items: Array.from({ length: MY_GUESTS_PAGE_SIZE }, (_, i) => myPass(100 - i)),
  total: PASSES_TOTAL,
};

export const VALID_PASS = { ...emptyPass('2025-06-03', 7), nombre: 'Julia Ramos' };
export const INVALID_PASS = { ...VALID_PASS, nombre: ' ' };
export const VALID_EVENT = { ...emptyEvent('2025-06-07', 3), nombre: 'Carne asada' };
export const INVALID_EVENT = { ...VALID_EVENT, fecha: '2025-06-01' };
export const REFUSED: Outcome<Created> = { ok: false, problem: { key: 'nombreRequired', field: 'nombre' } };
export const NOT_YOURS: Outcome<void> = { ok: false, problem: { key: 'forbidden', field: null } };
export const NOT_ALLOWED: Outcome<Created> = { ok: false, problem: { key: 'forbidden', field: null } };
export const GONE: Outcome<void> = { ok: false, problem: { key: 'notFound', field: null } };

/** What each kind of creation gives. */
export const CREATED: Record<'pass' | 'event' | 'userLink' | 'condoLink', Created> = {
  pass: { kind: 'pass', item: myPass(200, 'Julia Ramos') },
  event: { kind: 'link', item: { ...eventLink, id: 52 } },
  userLink: { kind: 'link', item: userLink },
  condoLink: { kind: 'condoLink', item: newCondoLink },
};
/** The things the confirmation can be about. */
export const ACTIONS: PendingAction[] = [
  { kind: 'revokePass', id: 100, name: 'Visita 100' },
  { kind: 'cancelEvent', id: 9, name: 'Carne asada' },
  { kind: 'revokeLink', id: 60, name: 'tok-condo' },
];

type Context = {
  passes: MyPass[];
  passesTotal: number;
  links: MyLink[];
  condoLinks: CondoLink[];
  shared: unknown;
  problem: unknown;
  failure: unknown;
};
/** The list as it first loaded, nothing shown over it: where creating, asking and paging are offered. */
export const pristine = (c: Context) =>
  c.passes.length === 1 &&
  c.passesTotal === PASSES_TOTAL &&
  c.links.length === 1 &&
  c.condoLinks.length === 1 &&
  !c.shared &&
  !c.problem &&
  !c.failure;

const savingKind = (s: { matches(value: unknown): boolean }) =>
  (['pass', 'event', 'userLink', 'condoLink'] as const).find((kind) => s.matches({ ready: { saving: kind } }))!;

const PROBLEM_WORDS: Record<string, string> = {
  forbidden: 'not allowed',
  notFound: 'it was already gone',
  nombreRequired: 'El nombre es requerido',
};
const wordsOf = (problem: Problem) => PROBLEM_WORDS[problem.key] ?? problem.key;

const FORM_ALWAYS_OPEN =
  'a pass or an event is saved only from its open form (submitPass and submitEvent are guarded by it), and nothing in saving closes it';
const FORM_NEVER_OPEN =
  'links are created from the list, where no form is ever open (only editing opens one; every way back to idle closes it)';

export const myGuestsModel = defineModel({
  machine: myGuestsMachine,
  payloads: {
    retry: BARE,
    openForm: (s) => (pristine(s.context) ? [{ form: 'pass' }, { form: 'event' }] : []),
    closeForm: BARE,
    // The valid forms (an invalid one is never offered: see the editing check).
    submitPass: [{ values: VALID_PASS, now: NOW }],
    submitEvent: [{ values: VALID_EVENT, now: NOW }],
    createUserLink: (s) => (pristine(s.context) ? BARE : []),
    createCondoLink: (s) => (pristine(s.context) ? BARE : []),
    ask: (s) => (pristine(s.context) ? ACTIONS.map((action) => ({ action })) : []),
    confirm: BARE,
    dismiss: BARE,
    // The passes have a second page; the links have none (so that one is never offered).
    loadMore: (s) => (pristine(s.context) ? [{ list: 'passes' }, { list: 'links' }] : []),
    // The share card and the message are closed while they show.
    dismissShare: (s) => (s.context.shared ? BARE : []),
    dismissProblem: (s) => (s.context.problem || s.context.failure ? BARE : []),
    'xstate.done.actor.loadMyGuests': [{ output: LOADED }],
    'xstate.error.actor.loadMyGuests': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    // Created, or refused: a form by one of its rules, a link as not allowed.
    'xstate.done.actor.save': (s) => {
      const kind = savingKind(s);
      const refused = kind === 'pass' || kind === 'event' ? REFUSED : NOT_ALLOWED;
      return [{ output: { ok: true, value: CREATED[kind] } }, { output: refused }];
    },
    'xstate.error.actor.save': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    // Each action done, or gone already (both change the lists, each kind its own way); refused as not
    // yours or broken down (the lists stay as they were, whatever the kind) for the pass alone.
    'xstate.done.actor.runAction': (s) =>
      [{ ok: true, value: undefined }, GONE, ...(s.context.pending?.kind === 'revokePass' ? [NOT_YOURS] : [])].map((output) => ({
        output,
      })),
    'xstate.error.actor.runAction': (s) =>
      s.context.pending?.kind === 'revokePass' ? [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }] : [],
    'xstate.done.actor.fetchMore': [{ output: MORE_PASSES }],
    'xstate.error.actor.fetchMore': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  // savingWith gives the four saving states the same branches; two of them need the form open, two closed.
  unreachable: {
    'ready.saving.pass: done save → ready.idle': FORM_ALWAYS_OPEN,
    'ready.saving.pass: error save → ready.idle': FORM_ALWAYS_OPEN,
    'ready.saving.event: done save → ready.idle': FORM_ALWAYS_OPEN,
    'ready.saving.event: error save → ready.idle': FORM_ALWAYS_OPEN,
    'ready.saving.userLink: done save [formOpen] → ready.editing': FORM_NEVER_OPEN,
    'ready.saving.userLink: error save [formOpen] → ready.editing': FORM_NEVER_OPEN,
    'ready.saving.condoLink: done save [formOpen] → ready.editing': FORM_NEVER_OPEN,
    'ready.saving.condoLink: error save [formOpen] → ready.editing': FORM_NEVER_OPEN,
  },
  label: (e) => {
    const event = e as { type: string; output?: Outcome<unknown>; action?: PendingAction };
    if (event.type === 'ask') return `ask ${event.action!.kind}`;
    if (event.type === 'submitPass' || event.type === 'submitEvent') return event.type;
    if (event.type === 'xstate.done.actor.save' || event.type === 'xstate.done.actor.runAction') {
      const name = event.type.replace('xstate.done.actor.', 'done ');
      return `${name}:${event.output!.ok ? 'ok' : event.output!.problem.key}`;
    }
    return eventLabel(e);
  },
  words: {
    states: {
      loading: 'Cargando tus invitados…',
      failure: 'No pudimos cargar tus invitados, and why (the server’s words, or no connection), with Reintentar.',
      ready:
        'Mis invitados: Pases de visita and Links de registro y eventos (Mostrando … de …, Cargar más), Link del condominio for administrators; a share card or a message above them.',
      'ready.idle':
        'Mis invitados: Pases de visita and Links de registro y eventos (Mostrando … de …, Cargar más), Link del condominio for administrators; Nuevo pase, Nuevo evento, Nuevo link de registro, Nuevo link del condominio, Revocar and Cancelar evento; a share card or a message above the lists.',
      'ready.editing':
        'Over the lists, the dialog Nuevo pase (or Nuevo evento) with its fields, Cancelar and Crear pase (Crear evento); a refusal shows on its field.',
      'ready.saving': 'What is being created shows it is saving.',
      'ready.saving.pass': 'The dialog Nuevo pase, its Crear pase showing it is saving.',
      'ready.saving.event': 'The dialog Nuevo evento, its Crear evento showing it is saving.',
      'ready.saving.userLink': 'The lists, Nuevo link de registro showing it is creating the link.',
      'ready.saving.condoLink': 'The lists, Nuevo link del condominio showing it is creating the link.',
      'ready.confirming':
        'Over the lists, a dialog asks ¿Revocar el pase? (¿Revocar el link?, ¿Cancelar el evento?) with No, volver and the action.',
      'ready.acting': 'The confirmation dialog, its action showing it is being done.',
      'ready.loadingMore': 'The lists, Cargar más under the passes showing it is loading the next page.',
    },
    events: {
      retry: () => 'presses Reintentar',
      openForm: (e) => `presses ${e.form === 'pass' ? 'Nuevo pase' : 'Nuevo evento'}`,
      closeForm: () => 'presses Cancelar in the dialog',
      submitPass: () => 'fills in the pass for Julia Ramos and presses Crear pase',
      submitEvent: () => 'fills in the event Carne asada and presses Crear evento',
      createUserLink: () => 'presses Nuevo link de registro',
      createCondoLink: () => 'presses Nuevo link del condominio',
      ask: (e) => {
        const action = e.action as PendingAction;
        return `presses ${action.kind === 'cancelEvent' ? 'Cancelar evento' : 'Revocar'} on ${action.name}`;
      },
      confirm: () => 'confirms in the dialog',
      dismiss: () => 'presses No, volver',
      loadMore: (e) => `presses Cargar más under the ${e.list === 'passes' ? 'passes' : 'links'}`,
      dismissShare: () => 'closes the share card',
      dismissProblem: () => 'closes the message',
      'xstate.done.actor.loadMyGuests': () => 'the server answers the passes and links',
      'xstate.error.actor.loadMyGuests': () => 'the connection fails',
      'xstate.done.actor.save': (e) => {
        const output = e.output as Outcome<Created>;
        return output.ok ? 'the server creates it' : `the server refuses: ${wordsOf(output.problem)}`;
      },
      'xstate.error.actor.save': () => 'the connection fails',
      'xstate.done.actor.runAction': (e) => {
        const output = e.output as Outcome<void>;
        return output.ok ? 'the server does it' : `the server refuses: ${wordsOf(output.problem)}`;
      },
      'xstate.error.actor.runAction': () => 'the connection fails',
      'xstate.done.actor.fetchMore': () => 'the server answers the next page',
      'xstate.error.actor.fetchMore': () => 'the connection fails',
    },
  },
});
