// One facility's page (issue 15, RI mostrar/{facilityID}): first the facility and what the caller may do (the
// RI home: dwellings, arrears, the local now, administrators), then its availability for a day (phones) or a
// week starting on Monday (wide screens): previous, next, today, day/week; read again after a booking. A day
// with no time to choose (closed) is the empty state; a failed read keeps the last days on screen.
import { assign, fromPromise, setup } from 'xstate';
import { addDays, weekStart } from '../api/reservationRules';
import type { AvailabilityAnswer, AvailabilityQuery, Facility, HomeAnswer } from '../api/reservations';
import { fetchAvailability, fetchFacility, fetchReservationsHome } from '../services/reservationsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export type AvailabilityView = 'dia' | 'semana';

export interface FacilityPage {
  home: HomeAnswer;
  facility: Facility;
}

export interface FacilityContext {
  facilityId: number;
  vista: AvailabilityView;
  page: FacilityPage | null;
  /** The first day shown ('YYYY-MM-DD'); a Monday in the week view. */
  desde: string | null;
  answer: AvailabilityAnswer | null;
  failure: CallFailure | null;
}

export type FacilityEvent =
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'today' }
  | { type: 'setView'; vista: AvailabilityView }
  | { type: 'refresh' }
  | { type: 'reload' }
  | { type: 'retry' };

/** Today in the condominium's zone, from the last answer that said it. */
export const todayOf = (context: Pick<FacilityContext, 'page' | 'answer'>) =>
  (context.answer?.ahoraLocal ?? context.page?.home.ahoraLocal ?? '').slice(0, 10);

/** The first day a view shows around `date`: the day itself, or the Monday of its week. */
export const firstDay = (vista: AvailabilityView, date: string) => (vista === 'semana' ? weekStart(date) : date);

export const daysOf = (vista: AvailabilityView) => (vista === 'semana' ? 7 : 1);

export const availabilityQuery = (context: FacilityContext): AvailabilityQuery => ({
  facilityId: context.facilityId,
  desde: context.desde ?? '',
  dias: daysOf(context.vista),
});

/** Nothing to choose in the days shown (closed, or no slot fits the hours). */
export const nothingToChoose = (answer: AvailabilityAnswer) => answer.dias.every((day) => day.opciones.length === 0);

export const reservationFacilityMachine = setup({
  types: {
    input: {} as { facilityId: number; vista: AvailabilityView },
    context: {} as FacilityContext,
    events: {} as FacilityEvent,
  },
  actors: {
    loadFacilityPage: fromPromise<FacilityPage, number>(async ({ input, signal }) => {
      const [home, answer] = await Promise.all([fetchReservationsHome(signal), fetchFacility(input, signal)]);
      return { home, facility: answer.instalacion };
    }),
    fetchAvailability: fromPromise<AvailabilityAnswer, AvailabilityQuery>(({ input, signal }) =>
      fetchAvailability(input, signal),
    ),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    nothingToChoose: (_, { answer }: { answer: AvailabilityAnswer }) => nothingToChoose(answer),
    otherView: ({ context }, { vista }: { vista: AvailabilityView }) => vista !== context.vista,
    notToday: ({ context }) => context.desde !== firstDay(context.vista, todayOf(context)),
    /** Days before today have nothing to book: previous stops at the current day or week. */
    beforeIsBookable: ({ context }) =>
      context.desde !== null && addDays(context.desde, -daysOf(context.vista)) >= firstDay(context.vista, todayOf(context)),
  },
  actions: {
    keepPage: assign(({ context }, { page }: { page: FacilityPage }) => ({
      page,
      desde: firstDay(context.vista, page.home.ahoraLocal.slice(0, 10)),
      failure: null,
    })),
    show: assign((_, { answer }: { answer: AvailabilityAnswer }) => ({ answer, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    previous: assign(({ context }) => ({ desde: addDays(context.desde ?? '', -daysOf(context.vista)) })),
    next: assign(({ context }) => ({ desde: addDays(context.desde ?? '', daysOf(context.vista)) })),
    today: assign(({ context }) => ({ desde: firstDay(context.vista, todayOf(context)) })),
    setView: assign(({ context }, { vista }: { vista: AvailabilityView }) => ({
      vista,
      // The week that holds the day shown, or that week's day that is today (or its Monday).
      desde:
        vista === 'semana'
          ? weekStart(context.desde ?? '')
          : weekStart(todayOf(context)) === context.desde
            ? todayOf(context)
            : context.desde,
    })),
  },
}).createMachine({
  id: 'facility',
  context: ({ input }) => ({
    facilityId: input.facilityId,
    vista: input.vista,
    page: null,
    desde: null,
    answer: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'page',
        src: 'loadFacilityPage',
        input: ({ context }) => context.facilityId,
        onDone: { target: 'ready', actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    notFound: {},
    ready: {
      initial: 'loading',
      on: {
        previous: { guard: 'beforeIsBookable', target: '.loading', actions: 'previous' },
        next: { target: '.loading', actions: 'next' },
        today: { guard: 'notToday', target: '.loading', actions: 'today' },
        setView: {
          guard: { type: 'otherView', params: ({ event }) => ({ vista: event.vista }) },
          target: '.loading',
          actions: { type: 'setView', params: ({ event }) => ({ vista: event.vista }) },
        },
        refresh: '.loading',
        // The facility itself changed (edited): read it again with the home.
        reload: '#facility.loading',
      },
      states: {
        loading: {
          invoke: {
            id: 'days',
            src: 'fetchAvailability',
            input: ({ context }) => availabilityQuery(context),
            onDone: [
              {
                guard: { type: 'nothingToChoose', params: ({ event }) => ({ answer: event.output }) },
                target: 'empty',
                actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'shown', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: {},
        empty: {},
        failed: { on: { retry: 'loading' } },
      },
    },
  },
});
