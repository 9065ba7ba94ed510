// The instalaciones screen as a test model, read by a resident (facilities and "Mis reservaciones"), an
// administrator (also "Por aprobar" and "Todas" with filters), someone who reads no RI section, and a
// condominium with no facility yet. Upcoming reservations fill two pages, past ones none, the queue one, all
// one page; a load may fail and be retried; a change made on a reservation reads everything again. The words
// its scenarios are told in: docs/scenarios/reservationFacilitiesMachine.md.
import type { EventObject } from 'xstate';
import { type HomeAnswer, RESERVATIONS_PAGE_SIZE, type ReservationPage } from '../../src/api/reservations';
import {
  type AdminFilters,
  type FacilitiesContext,
  NO_FILTERS,
  reservationFacilitiesMachine,
} from '../../src/machines/reservationFacilitiesMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { ADMIN_HOME, home, reservation } from '../support/reservationFixtures';

export const RESIDENT_HOME = home();
export const NO_SECTIONS_HOME = home({ secciones: [], viviendas: [], instalaciones: [] });
export const EMPTY_HOME = home({ puedeAdministrar: true, instalaciones: [] });
export const FILTERED: AdminFilters = { ...NO_FILTERS, estado: 'confirmada', desde: '2026-11-01', hasta: '2026-11-30' };
export const BACKWARDS: AdminFilters = { ...NO_FILTERS, desde: '2026-11-30', hasta: '2026-11-01' };

/** What the server answers for the tab, phase and page asked. */
export function pageFor(c: Pick<FacilitiesContext, 'tab' | 'fase' | 'page'>): ReservationPage {
  const total = c.tab === 'mias' ? (c.fase === 'proximas' ? RESERVATIONS_PAGE_SIZE + 2 : 0) : 1;
  const id = 100 + c.page;
  const estado = c.tab === 'porAprobar' ? 'pendiente' : 'confirmada';
  return {
    success: true,
    items: total ? [reservation({ ReservationId: id, estado, fase: estado === 'pendiente' ? 'pendiente' : 'proxima' })] : [],
    total,
  };
}

export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NOT_YOURS = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof reservationFacilitiesMachine>;
const homeName = (h: HomeAnswer) =>
  h === ADMIN_HOME ? 'admin' : h === NO_SECTIONS_HOME ? 'no sections' : h === EMPTY_HOME ? 'no facilities' : 'resident';
const settled = (s: Snap) => s.context.page === 1 && !s.matches({ ready: 'loading' }) && !s.matches('loadingHome');

export const reservationFacilitiesModel = defineModel({
  machine: reservationFacilitiesMachine,
  inputs: { start: {}, queue: { tab: 'porAprobar' } },
  payloads: {
    'xstate.done.actor.home': (s) =>
      s.context.tab === 'porAprobar'
        ? [{ output: RESIDENT_HOME }, { output: ADMIN_HOME }]
        : s.context.home
          ? [{ output: s.context.home }]
          : [RESIDENT_HOME, ADMIN_HOME, NO_SECTIONS_HOME, EMPTY_HOME].map((output) => ({ output })),
    'xstate.error.actor.home': (s) =>
      s.context.home === null && s.context.tab === 'instalaciones' ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : [],
    retry: BARE,
    reload: (s) => (settled(s) && s.context.tab === 'porAprobar' ? BARE : []),
    chooseTab: (s) =>
      settled(s) && s.context.home === ADMIN_HOME && s.context.fase === 'proximas'
        ? (['instalaciones', 'mias', 'porAprobar', 'todas'] as const).map((tab) => ({ tab }))
        : settled(s) && s.context.tab === 'instalaciones'
          ? [{ tab: 'mias' }, { tab: 'todas' }]
          : [],
    chooseFase: (s) => (settled(s) && s.context.home === RESIDENT_HOME ? [{ fase: 'pasadas' }, { fase: 'proximas' }] : []),
    filter: (s) => (settled(s) && s.context.filters === NO_FILTERS ? [{ filters: FILTERED }, { filters: BACKWARDS }] : []),
    goToPage: (s) => (s.context.home === RESIDENT_HOME ? [{ page: 1 }, { page: 2 }, { page: 3 }] : []),
    'xstate.done.actor.page': (s) => [{ output: pageFor(s.context) }],
    'xstate.error.actor.page': (s) =>
      s.context.page === 1 && s.context.tab === 'mias' && s.context.fase === 'proximas' && s.context.home === RESIDENT_HOME
        ? [{ error: SERVER_ERROR }]
        : [],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: ReservationPage | HomeAnswer; filters?: AdminFilters };
    if (e.type === 'xstate.done.actor.home') return `done home:${homeName(e.output as HomeAnswer)}`;
    if (e.type === 'xstate.done.actor.page') return `done page:${(e.output as ReservationPage).total}`;
    if (e.type === 'filter') return `filter ${e.filters === FILTERED ? 'confirmed in November' : 'backwards'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loadingHome: 'Grey placeholder lines (or the last tab, busy) while the screen learns what the caller may do.',
      homeFailed: 'An alert “No pudimos cargar las reservaciones” with Reintentar.',
      noSections: '“No tienes acceso a la reservación de áreas comunes en este condominio.”',
      ready:
        'The title Reservación de áreas comunes, Nueva instalación (administrators), a notice for dwellings in arrears, and the tabs Instalaciones, Mis reservaciones, Por aprobar (with the count) and Todas.',
      'ready.deciding': 'Passing: the facilities tab needs no call.',
      'ready.facilities': 'A card per facility: photo, name, capacity, fee and deposit, Requiere aprobación, Reservar.',
      'ready.noFacilities': '“Todavía no hay instalaciones…” as a status.',
      'ready.loading': 'The tab is busy: placeholder lines, or “Actualizando la lista…” over the last page.',
      'ready.failed': 'An alert with the server’s words and Reintentar.',
      'ready.empty': '“No tienes reservaciones próximas.”, “No hay solicitudes por aprobar.”… as a status.',
      'ready.shown': 'How many, a card per reservation with its actions, and Página 1, 2… when there are more.',
    },
    events: {
      'xstate.done.actor.home': (e) => `the server says what the caller may do (${homeName(e.output as HomeAnswer)})`,
      'xstate.error.actor.home': (e) =>
        (e.error as ApiError).status ? 'the server says the caller reads no RI section' : 'the connection fails',
      retry: () => 'presses Reintentar',
      reload: () => 'a reservation was changed: the count and the tab are read again',
      chooseTab: (e) => `opens the tab ${e.tab}`,
      chooseFase: (e) => `chooses ${e.fase === 'pasadas' ? 'Pasadas' : 'Próximas'}`,
      filter: (e) =>
        e.filters === FILTERED ? 'filters the confirmed ones of November' : 'asks for a period that ends before it starts',
      goToPage: (e) => `goes to Página ${e.page}`,
      'xstate.done.actor.page': (e) => `the server sends a page of ${(e.output as ReservationPage).total} in all`,
      'xstate.error.actor.page': () => 'the server fails',
    },
  },
});
