// Browser side of facility reservations (src/api/reservations.ts): one function per call of RESERVATIONS_PATHS.
// Booking, changing a reservation and settling a deposit resolve a 409 as a typed result (why it was refused,
// and for a lost race the reservation as it is now), since a taken slot or a stale version is expected, not a
// breakdown. The CSV export comes as a Blob (the request carries the app token, so a plain link cannot fetch it).
import { HTTPError } from 'ky';
import type { BookingRefusal } from '../api/reservationLifecycle';
import {
  type AdminReservationsQuery,
  AvailabilityAnswer,
  type AvailabilityQuery,
  BookingRefused,
  type BookingRequest,
  type DepositRequest,
  type ExportQuery,
  FacilityAnswer,
  type FacilityDraft,
  type FacilityUpdateRequest,
  HomeAnswer,
  type MyReservationsQuery,
  RESERVATIONS_PATHS,
  type Reservation,
  ReservationAnswer,
  type ReservationChangeRequest,
  ReservationPage,
} from '../api/reservations';
import { ApiError, apiPath, call, http, keepingConflict } from './http';

/** A 409 of this area: the server's words, why (null for a stale version), the reservation now if sent. */
export interface ReservationConflict {
  kind: 'refused';
  message: string;
  motivo: BookingRefusal | null;
  reservacion: Reservation | null;
}

export type BookingResult = { kind: 'booked'; reservacion: Reservation } | ReservationConflict;
export type ChangeResult = { kind: 'changed'; reservacion: Reservation } | ReservationConflict;

const query = (params: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

export function fetchReservationsHome(signal?: AbortSignal): Promise<HomeAnswer> {
  return call(() => http.get(apiPath(RESERVATIONS_PATHS.home), { signal }), HomeAnswer);
}

export function fetchFacility(facilityId: number, signal?: AbortSignal): Promise<FacilityAnswer> {
  return call(() => http.get(apiPath(RESERVATIONS_PATHS.facility(facilityId)), { signal }), FacilityAnswer);
}

export function fetchAvailability(params: AvailabilityQuery, signal?: AbortSignal): Promise<AvailabilityAnswer> {
  return call(
    () => http.get(apiPath(RESERVATIONS_PATHS.availability), { searchParams: query(params), signal }),
    AvailabilityAnswer,
  );
}

export function fetchMyReservations(params: MyReservationsQuery, signal?: AbortSignal): Promise<ReservationPage> {
  return call(() => http.get(apiPath(RESERVATIONS_PATHS.mine), { searchParams: query(params), signal }), ReservationPage);
}

export function fetchAdminReservations(params: AdminReservationsQuery, signal?: AbortSignal): Promise<ReservationPage> {
  return call(() => http.get(apiPath(RESERVATIONS_PATHS.adminList), { searchParams: query(params), signal }), ReservationPage);
}

export function fetchReservation(reservationId: number, signal?: AbortSignal): Promise<ReservationAnswer> {
  return call(() => http.get(apiPath(RESERVATIONS_PATHS.reservation(reservationId)), { signal }), ReservationAnswer);
}

/** A call whose 409 carries BookingRefused resolves it as a 'refused' result; anything else throws ApiError. */
async function orRefused<T>(request: () => Promise<Response>, read: (send: () => Promise<Response>) => Promise<T>) {
  const kept = keepingConflict(request, BookingRefused);
  try {
    return await read(kept.send);
  } catch (error) {
    const known = kept.conflict();
    if (known) {
      return { kind: 'refused', message: known.message, motivo: known.motivo, reservacion: known.reservacion ?? null } as const;
    }
    // A 409 with the plain error shape (a stale version): refused without a reason, to be read again.
    if (error instanceof ApiError && error.status === 409) {
      return { kind: 'refused', message: error.message, motivo: null, reservacion: null } as const;
    }
    throw error;
  }
}

export function bookFacility(request: BookingRequest, signal?: AbortSignal): Promise<BookingResult> {
  return orRefused(
    () => http.post(apiPath(RESERVATIONS_PATHS.book), { json: request, signal }),
    async (send) => ({ kind: 'booked', reservacion: (await call(send, ReservationAnswer)).reservacion }) as const,
  );
}

export function changeReservation(request: ReservationChangeRequest, signal?: AbortSignal): Promise<ChangeResult> {
  return orRefused(
    () => http.post(apiPath(RESERVATIONS_PATHS.change), { json: request, signal }),
    async (send) => ({ kind: 'changed', reservacion: (await call(send, ReservationAnswer)).reservacion }) as const,
  );
}

export function settleDeposit(request: DepositRequest, signal?: AbortSignal): Promise<ChangeResult> {
  return orRefused(
    () => http.post(apiPath(RESERVATIONS_PATHS.deposit), { json: request, signal }),
    async (send) => ({ kind: 'changed', reservacion: (await call(send, ReservationAnswer)).reservacion }) as const,
  );
}

export function createFacility(draft: FacilityDraft, signal?: AbortSignal): Promise<FacilityAnswer> {
  // Photos and the rules PDF travel as data URLs: more time than a plain call.
  return call(
    () => http.post(apiPath(RESERVATIONS_PATHS.createFacility), { json: draft, signal, timeout: 120_000 }),
    FacilityAnswer,
  );
}

export function updateFacility(request: FacilityUpdateRequest, signal?: AbortSignal): Promise<FacilityAnswer> {
  return call(
    () => http.post(apiPath(RESERVATIONS_PATHS.updateFacility), { json: request, signal, timeout: 120_000 }),
    FacilityAnswer,
  );
}

/** The reservations of a period as CSV. */
export async function fetchReservationsCsv(params: ExportQuery, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(RESERVATIONS_PATHS.export), { searchParams: query(params), signal, timeout: 120_000 }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : error.message;
      throw new ApiError(error.response.status, typeof body?.message === 'string' ? 'REFUSED' : 'HTTP', message);
    }
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}
