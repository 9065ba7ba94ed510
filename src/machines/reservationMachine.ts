// The booking flow on a facility's page (issue 15, RI): choosing a free time from the availability → details
// (how many people within the capacity and the places left, which dwelling when the caller has several, a
// note; for free ranges, how long) → confirming (the reglamento, which must be accepted) → submitting →
// confirmed, pending (the facility needs approval) or refused with the reason. The facility's own rules
// (reservationRules.ts bookingRuleRefusal) and a barred dwelling refuse early, before asking; the server stays
// the judge (ocupado, limite…). From a refusal or an outcome the person starts over with fresh availability
// (the view reads it again); a failed call is retried without losing what was filled.
import { assign, fromPromise, setup } from 'xstate';
import type { BookingRefusal } from '../api/reservationLifecycle';
import { bookingRuleRefusal, FREE_RANGE_STEP_MINUTES, minutesOf, timeOf } from '../api/reservationRules';
import type { BookingRequest, Facility, MyDwelling, Reservation } from '../api/reservations';
import { type BookingResult, bookFacility } from '../services/reservationsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** A time chosen from the availability: its day, range and the places left there. */
export interface ChosenTime {
  fecha: string;
  desde: string;
  hasta: string;
  lugares: number;
}

export interface ReservationContext {
  facility: Facility;
  dwellings: MyDwelling[];
  /** The condominium's local now ('YYYY-MM-DDTHH:mm'), from the last availability answer. */
  now: string;
  choice: ChosenTime | null;
  personas: number;
  ApmtId: number | null;
  nota: string;
  acepta: boolean;
  /** A field the details step refuses (personas), until it is changed. */
  problem: 'personas' | 'vivienda' | null;
  refusal: BookingRefusal | null;
  /** The server's words for a refusal it made (a reason, or a 409 without one). */
  message: string | null;
  /** The booking call failed: why. */
  failure: CallFailure | null;
  booked: Reservation | null;
}

export type ReservationEvent =
  | { type: 'choose'; choice: ChosenTime }
  | { type: 'setEnd'; hasta: string }
  | { type: 'setPeople'; personas: number }
  | { type: 'setDwelling'; ApmtId: number }
  | { type: 'setNote'; nota: string }
  | { type: 'accept'; accepted: boolean }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'retry' }
  | { type: 'startOver' }
  | { type: 'close' }
  | { type: 'clock'; now: string; facility: Facility };

export interface ReservationInput {
  facility: Facility;
  dwellings: MyDwelling[];
  now: string;
}

/** Free ranges: the ends one may pick for a start (the grid, from the shortest to the longest or the closing). */
export function endChoices(facility: Facility, choice: Pick<ChosenTime, 'fecha' | 'desde'>, close: string | null): string[] {
  if (facility.unidad !== 'libre' || close === null) return [];
  const start = minutesOf(choice.desde);
  const ends: string[] = [];
  for (let m = facility.minMinutos; m <= facility.maxMinutos && start + m <= minutesOf(close); m += FREE_RANGE_STEP_MINUTES) {
    ends.push(timeOf(start + m));
  }
  return ends;
}

/** The closing time of the chosen day, or null when closed. */
const closingOf = (facility: Facility, fecha: string) => {
  const [y, m, d] = fecha.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay() + 6) % 7;
  return facility.horario[weekday]?.cierra ?? null;
};

/** The most people the chosen time admits: the capacity, or the places left of a shared facility. */
export const peopleLimit = (context: Pick<ReservationContext, 'facility' | 'choice'>) =>
  Math.min(context.facility.capacidad, context.choice?.lugares ?? context.facility.capacidad);

/** Why the facility's own rules refuse the time chosen (people aside), or null. */
export function earlyRefusal(context: Pick<ReservationContext, 'facility' | 'choice' | 'now'>): BookingRefusal | null {
  if (!context.choice) return null;
  const { fecha, desde, hasta } = context.choice;
  return bookingRuleRefusal(context.facility, { fecha, desde, hasta, personas: 1 }, context.now);
}

/** The one dwelling to book for when there is just one; else the person picks. */
const onlyDwelling = (dwellings: MyDwelling[]) => (dwellings.length === 1 ? dwellings[0]!.ApmtId : null);

export const bookingRequest = (context: ReservationContext): BookingRequest => ({
  facilityId: context.facility.FacilityId,
  ApmtId: context.ApmtId ?? 0,
  fecha: context.choice?.fecha ?? '',
  desde: context.choice?.desde ?? '',
  hasta: context.choice?.hasta ?? '',
  personas: context.personas,
  aceptaReglamento: true,
  nota: context.nota.trim(),
});

const fresh = (context: ReservationContext) => ({
  choice: null,
  personas: 1,
  ApmtId: onlyDwelling(context.dwellings),
  nota: '',
  acepta: false,
  problem: null,
  refusal: null,
  message: null,
  failure: null,
  booked: null,
});

export const reservationMachine = setup({
  types: {
    input: {} as ReservationInput,
    context: {} as ReservationContext,
    events: {} as ReservationEvent,
  },
  actors: {
    bookFacility: fromPromise<BookingResult, BookingRequest>(({ input, signal }) => bookFacility(input, signal)),
  },
  guards: {
    refusedEarly: (_, { context }: { context: ReservationContext }) => earlyRefusal(context) !== null,
    offeredEnd: ({ context }, { hasta }: { hasta: string }) =>
      context.choice !== null &&
      hasta !== context.choice.hasta &&
      endChoices(context.facility, context.choice, closingOf(context.facility, context.choice.fecha)).includes(hasta),
    ownDwelling: ({ context }, { ApmtId }: { ApmtId: number }) =>
      ApmtId !== context.ApmtId && context.dwellings.some((d) => d.ApmtId === ApmtId),
    noDwelling: ({ context }) => context.ApmtId === null,
    barredDwelling: ({ context }) =>
      !context.facility.admiteMorosos && context.dwellings.some((d) => d.ApmtId === context.ApmtId && d.moroso),
    peopleOutOfRange: ({ context }) =>
      !Number.isInteger(context.personas) || context.personas < 1 || context.personas > peopleLimit(context),
    accepted: ({ context }) => context.acepta,
    booked: (_, { result }: { result: BookingResult }) => result.kind === 'booked' && result.reservacion.estado === 'confirmada',
    waiting: (_, { result }: { result: BookingResult }) => result.kind === 'booked' && result.reservacion.estado === 'pendiente',
    refusedWithReason: (_, { result }: { result: BookingResult }) => result.kind === 'refused' && result.motivo !== null,
  },
  actions: {
    keepChoice: assign((_, { choice }: { choice: ChosenTime }) => ({ choice, problem: null })),
    refuseEarly: assign(({ context }) => ({ refusal: earlyRefusal(context), message: null })),
    refuseBarred: assign({ refusal: 'moroso' as BookingRefusal, message: null }),
    setEnd: assign(({ context }, { hasta }: { hasta: string }) => ({
      choice: context.choice ? { ...context.choice, hasta } : null,
    })),
    setPeople: assign((_, { personas }: { personas: number }) => ({ personas, problem: null })),
    setDwelling: assign((_, { ApmtId }: { ApmtId: number }) => ({ ApmtId, problem: null })),
    setNote: assign((_, { nota }: { nota: string }) => ({ nota })),
    setAccepted: assign((_, { accepted }: { accepted: boolean }) => ({ acepta: accepted })),
    flagPeople: assign({ problem: 'personas' as const }),
    flagDwelling: assign({ problem: 'vivienda' as const }),
    keepBooking: assign((_, { result }: { result: BookingResult }) => ({
      booked: result.kind === 'booked' ? result.reservacion : null,
      message: null,
      failure: null,
    })),
    keepRefusal: assign((_, { result }: { result: BookingResult }) =>
      result.kind === 'refused' ? { refusal: result.motivo, message: result.message, failure: null } : {},
    ),
    /** A 409 without a reason (the facility changed meanwhile): said as the server's words. */
    keepConflict: assign((_, { result }: { result: BookingResult }) => ({
      message: result.kind === 'refused' ? result.message : null,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ message: null, failure: callFailure(error) })),
    startOver: assign(({ context }) => fresh(context)),
    syncClock: assign((_, { now, facility }: { now: string; facility: Facility }) => ({ now, facility })),
  },
}).createMachine({
  id: 'reservation',
  context: ({ input }) => {
    const base = { facility: input.facility, dwellings: input.dwellings, now: input.now } as ReservationContext;
    return { ...base, ...fresh(base) };
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        // The availability was read again: the rules and the clock the early checks use.
        clock: { actions: { type: 'syncClock', params: ({ event }) => ({ now: event.now, facility: event.facility }) } },
        choose: [
          {
            guard: {
              type: 'refusedEarly',
              params: ({ context, event }) => ({ context: { ...context, choice: event.choice } }),
            },
            target: 'refused',
            actions: [{ type: 'keepChoice', params: ({ event }) => ({ choice: event.choice }) }, 'refuseEarly'],
          },
          { target: 'details', actions: { type: 'keepChoice', params: ({ event }) => ({ choice: event.choice }) } },
        ],
      },
    },
    details: {
      on: {
        setEnd: {
          guard: { type: 'offeredEnd', params: ({ event }) => ({ hasta: event.hasta }) },
          actions: { type: 'setEnd', params: ({ event }) => ({ hasta: event.hasta }) },
        },
        setPeople: { actions: { type: 'setPeople', params: ({ event }) => ({ personas: event.personas }) } },
        setDwelling: {
          guard: { type: 'ownDwelling', params: ({ event }) => ({ ApmtId: event.ApmtId }) },
          actions: { type: 'setDwelling', params: ({ event }) => ({ ApmtId: event.ApmtId }) },
        },
        setNote: { actions: { type: 'setNote', params: ({ event }) => ({ nota: event.nota }) } },
        next: [
          { guard: 'noDwelling', actions: 'flagDwelling' },
          { guard: 'peopleOutOfRange', actions: 'flagPeople' },
          { guard: 'barredDwelling', target: 'refused', actions: 'refuseBarred' },
          { target: 'confirming' },
        ],
        back: { target: 'choosing', actions: 'startOver' },
        close: { target: 'choosing', actions: 'startOver' },
      },
    },
    confirming: {
      on: {
        accept: { actions: { type: 'setAccepted', params: ({ event }) => ({ accepted: event.accepted }) } },
        confirm: { guard: 'accepted', target: 'submitting' },
        back: 'details',
        close: { target: 'choosing', actions: 'startOver' },
      },
    },
    submitting: {
      invoke: {
        id: 'book',
        src: 'bookFacility',
        input: ({ context }) => bookingRequest(context),
        onDone: [
          {
            guard: { type: 'booked', params: ({ event }) => ({ result: event.output }) },
            target: 'confirmed',
            actions: { type: 'keepBooking', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'waiting', params: ({ event }) => ({ result: event.output }) },
            target: 'pending',
            actions: { type: 'keepBooking', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refusedWithReason', params: ({ event }) => ({ result: event.output }) },
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'failed', actions: { type: 'keepConflict', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Nothing filled is lost: retry sends the same request; back returns to the reglamento.
    failed: { on: { retry: 'submitting', back: 'confirming', close: { target: 'choosing', actions: 'startOver' } } },
    // Leaving (close) or choosing another time (startOver) starts from a clean form; the view reads the
    // availability again.
    confirmed: { on: { close: { target: 'choosing', actions: 'startOver' } } },
    pending: { on: { close: { target: 'choosing', actions: 'startOver' } } },
    refused: {
      on: {
        startOver: { target: 'choosing', actions: 'startOver' },
        close: { target: 'choosing', actions: 'startOver' },
      },
    },
  },
});
