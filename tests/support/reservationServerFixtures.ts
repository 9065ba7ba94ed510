// What the reservations' server tests share: the demo's facilities by name, the residents' dwellings, bookings
// written relative to the test clock's day in Las Palmas, and calls that expect to succeed.
import type { Kysely } from 'kysely';
import { assert } from 'superstruct';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema';
import { demoReservationDay } from '../../server/db/seed/demoFacts';
import type { Clock } from '../../server/infra/clock';
import { type BookingRequest, RESERVATIONS_PATHS, type Reservation, ReservationAnswer } from '../../src/api/reservations';
import { api } from './http';
import { call, type TestApp } from './testApp';

/** A calendar day `days` after the clock's day in Las Palmas. */
export const dayAfter = (clock: Clock, days: number) => demoReservationDay(clock.now(), days);

export async function facilityId(db: Kysely<Database>, name: string): Promise<number> {
  return (
    await db.selectFrom('facilities').select('id').where('name', '=', name).where('condo_id', '=', 1).executeTakeFirstOrThrow()
  ).id;
}

export function reservationsClient(t: () => TestApp, tokens: Record<string, string>) {
  const get = (who: string, path: string) => call(t().app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t().app, 'POST', api(path), { token: tokens[who], payload });
  const bookRequest = (
    facilityId: number,
    ApmtId: number,
    fecha: string,
    desde: string,
    hasta: string,
    personas = 2,
  ): BookingRequest => ({
    facilityId,
    ApmtId,
    fecha,
    desde,
    hasta,
    personas,
    aceptaReglamento: true,
    nota: '',
  });
  return {
    get,
    post,
    bookRequest,
    book: (who: string, request: BookingRequest) => post(who, RESERVATIONS_PATHS.book, request),
    async booked(who: string, request: BookingRequest): Promise<Reservation> {
      const res = await post(who, RESERVATIONS_PATHS.book, request);
      expect(res.statusCode, res.body).toBe(201);
      const body = JSON.parse(res.body) as ReservationAnswer;
      assert(body, ReservationAnswer);
      return body.reservacion;
    },
    change: (who: string, r: Pick<Reservation, 'ReservationId' | 'version'>, action: string, motivo?: string) =>
      post(who, RESERVATIONS_PATHS.change, {
        reservationId: r.ReservationId,
        version: r.version,
        action,
        ...(motivo ? { motivo } : {}),
      }),
    async reservation(who: string, id: number): Promise<Reservation> {
      const res = await get(who, RESERVATIONS_PATHS.reservation(id));
      expect(res.statusCode, res.body).toBe(200);
      return (JSON.parse(res.body) as ReservationAnswer).reservacion;
    },
  };
}

export const refusalOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(409);
  return (JSON.parse(res.body) as { motivo: string }).motivo;
};
