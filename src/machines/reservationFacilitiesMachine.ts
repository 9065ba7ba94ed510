// The instalaciones screen (issue 15, RI): first what the caller may do (the RI home: facilities, dwellings and
// whether one is in arrears, whether they administer, how many requests wait), then one tab: the facilities
// (from the home, nothing more to read), "Mis reservaciones" (upcoming or past, a page at a time), and for
// administrators "Por aprobar" (the queue, oldest first) and "Todas" (filtered by facility, state, dates). A
// change made on a reservation reads the home (the count) and the tab again.
import { assign, fromPromise, setup } from 'xstate';
import type { ReservationState } from '../api/reservationLifecycle';
import {
  type AdminReservationsQuery,
  type HomeAnswer,
  type MY_RESERVATION_FILTERS,
  type MyReservationsQuery,
  RESERVATIONS_PAGE_SIZE,
  type ReservationPage,
} from '../api/reservations';
import { fetchAdminReservations, fetchMyReservations, fetchReservationsHome } from '../services/reservationsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export const FACILITY_TABS = ['instalaciones', 'mias', 'porAprobar', 'todas'] as const;
export type FacilityTab = (typeof FACILITY_TABS)[number];
export type MyPhase = (typeof MY_RESERVATION_FILTERS)[number];

export interface AdminFilters {
  estado: ReservationState | null;
  facilityId: number | null;
  desde: string | null;
  hasta: string | null;
}

export const NO_FILTERS: AdminFilters = { estado: null, facilityId: null, desde: null, hasta: null };

export interface FacilitiesContext {
  home: HomeAnswer | null;
  tab: FacilityTab;
  fase: MyPhase;
  filters: AdminFilters;
  /** 1-based. */
  page: number;
  answer: ReservationPage | null;
  failure: CallFailure | null;
}

export type FacilitiesEvent =
  | { type: 'chooseTab'; tab: FacilityTab }
  | { type: 'chooseFase'; fase: MyPhase }
  | { type: 'filter'; filters: AdminFilters }
  | { type: 'goToPage'; page: number }
  | { type: 'retry' }
  | { type: 'reload' };

/** The tabs the caller sees: the administration's two only for administrators; mine only with a dwelling. */
export function facilityTabs(home: HomeAnswer | null): FacilityTab[] {
  const tabs: FacilityTab[] = ['instalaciones'];
  if (home && home.viviendas.length > 0) tabs.push('mias');
  if (home?.puedeAdministrar) tabs.push('porAprobar', 'todas');
  return tabs;
}

export const reservationPageCount = (total: number) => Math.max(1, Math.ceil(total / RESERVATIONS_PAGE_SIZE));

/** What one tab asks: mine by phase, the queue (pendiente), or everything by the filters. */
export type ListQuery = { kind: 'mine'; query: MyReservationsQuery } | { kind: 'admin'; query: AdminReservationsQuery };

export function listQuery(context: Pick<FacilitiesContext, 'tab' | 'fase' | 'filters' | 'page'>): ListQuery {
  const paging = { limit: RESERVATIONS_PAGE_SIZE, offset: (context.page - 1) * RESERVATIONS_PAGE_SIZE };
  if (context.tab === 'mias') return { kind: 'mine', query: { fase: context.fase, ...paging } };
  if (context.tab === 'porAprobar') return { kind: 'admin', query: { estado: 'pendiente', ...paging } };
  const { estado, facilityId, desde, hasta } = context.filters;
  const query: AdminReservationsQuery = { ...paging };
  if (estado) query.estado = estado;
  if (facilityId) query.facilityId = facilityId;
  if (desde) query.desde = desde;
  if (hasta) query.hasta = hasta;
  return { kind: 'admin', query };
}

/** A period whose start comes after its end asks nothing. */
export const filtersValid = (filters: AdminFilters) => !filters.desde || !filters.hasta || filters.desde <= filters.hasta;

export const reservationFacilitiesMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { tab?: FacilityTab },
    context: {} as FacilitiesContext,
    events: {} as FacilitiesEvent,
  },
  actors: {
    fetchReservationsHome: fromPromise<HomeAnswer>(({ signal }) => fetchReservationsHome(signal)),
    fetchReservations: fromPromise<ReservationPage, ListQuery>(({ input, signal }) =>
      input.kind === 'mine' ? fetchMyReservations(input.query, signal) : fetchAdminReservations(input.query, signal),
    ),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    noSection: (_, { home }: { home: HomeAnswer }) => home.secciones.length === 0,
    onFacilities: ({ context }) => context.tab === 'instalaciones',
    noFacilities: ({ context }) => (context.home?.instalaciones.length ?? 0) === 0,
    nothingFound: (_, { answer }: { answer: ReservationPage }) => answer.total === 0 && answer.items.length === 0,
    otherTab: ({ context }, { tab }: { tab: FacilityTab }) => tab !== context.tab && facilityTabs(context.home).includes(tab),
    otherFase: ({ context }, { fase }: { fase: MyPhase }) => context.tab === 'mias' && fase !== context.fase,
    newFilters: ({ context }, { filters }: { filters: AdminFilters }) =>
      context.tab === 'todas' && filtersValid(filters) && JSON.stringify(filters) !== JSON.stringify(context.filters),
    otherPage: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page !== context.page && page >= 1 && page <= reservationPageCount(context.answer?.total ?? 0),
  },
  actions: {
    keepHome: assign(({ context }, { home }: { home: HomeAnswer }) => ({
      home,
      failure: null,
      // A tab asked for that the caller does not have falls back to the facilities.
      tab: facilityTabs(home).includes(context.tab) ? context.tab : ('instalaciones' as FacilityTab),
    })),
    show: assign((_, { answer }: { answer: ReservationPage }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    setTab: assign((_, { tab }: { tab: FacilityTab }) => ({ tab, page: 1, answer: null })),
    setFase: assign((_, { fase }: { fase: MyPhase }) => ({ fase, page: 1, answer: null })),
    setFilters: assign((_, { filters }: { filters: AdminFilters }) => ({ filters, page: 1 })),
    setPage: assign((_, { page }: { page: number }) => ({ page })),
  },
}).createMachine({
  id: 'facilities',
  context: ({ input }) => ({
    home: null,
    tab: input.tab ?? 'instalaciones',
    fase: 'proximas',
    filters: NO_FILTERS,
    page: 1,
    answer: null,
    failure: null,
  }),
  initial: 'loadingHome',
  states: {
    loadingHome: {
      tags: ['busy'],
      invoke: {
        id: 'home',
        src: 'fetchReservationsHome',
        onDone: [
          {
            guard: { type: 'noSection', params: ({ event }) => ({ home: event.output }) },
            target: 'noSections',
            actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) },
          },
          { target: 'ready', actions: { type: 'keepHome', params: ({ event }) => ({ home: event.output }) } },
        ],
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'noSections' },
          { target: 'homeFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    homeFailed: { on: { retry: 'loadingHome' } },
    noSections: {},
    ready: {
      initial: 'deciding',
      on: {
        chooseTab: {
          guard: { type: 'otherTab', params: ({ event }) => ({ tab: event.tab }) },
          target: '.deciding',
          actions: { type: 'setTab', params: ({ event }) => ({ tab: event.tab }) },
        },
        chooseFase: {
          guard: { type: 'otherFase', params: ({ event }) => ({ fase: event.fase }) },
          target: '.loading',
          actions: { type: 'setFase', params: ({ event }) => ({ fase: event.fase }) },
        },
        filter: {
          guard: { type: 'newFilters', params: ({ event }) => ({ filters: event.filters }) },
          target: '.loading',
          actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) },
        },
        // A reservation changed: the count of requests and the tab, read again.
        reload: '#facilities.loadingHome',
      },
      states: {
        deciding: {
          always: [{ guard: 'onFacilities', target: 'facilities' }, { target: 'loading' }],
        },
        facilities: {
          always: { guard: 'noFacilities', target: 'noFacilities' },
        },
        noFacilities: {},
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'page',
            src: 'fetchReservations',
            input: ({ context }) => listQuery(context),
            onDone: [
              {
                guard: { type: 'nothingFound', params: ({ event }) => ({ answer: event.output }) },
                target: 'empty',
                actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: 'loading' } },
        empty: {},
        shown: {
          on: {
            goToPage: {
              guard: { type: 'otherPage', params: ({ event }) => ({ page: event.page }) },
              target: 'loading',
              actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) },
            },
          },
        },
      },
    },
  },
});
