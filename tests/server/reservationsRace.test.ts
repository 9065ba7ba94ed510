// The invariant that matters most (DESIGN.md §8, migration 0014): no two confirmed reservations beyond a
// facility's capacity, whatever arrives at once. Concurrent calls through the real app (app.inject, all
// started together): eight bookings of one exclusive slot give one 201 and seven 409 'ocupado'; a shared
// facility never goes over its capacity; two approvals of two requests for one evening confirm exactly one.

import { create } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESERVATIONS } from '../../server/db/seed/demoFacts';
import { BookingRefused, RESERVATIONS_PATHS, type Reservation, type ReservationPage } from '../../src/api/reservations';
import { dwellingOf } from '../support/pollServerFixtures';
import { dayAfter, facilityId, reservationsClient } from '../support/reservationServerFixtures';
import { createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const F = DEMO_RESERVATIONS.facilities;
const NEIGHBOURS = ['vecino010', 'vecino011', 'vecino012', 'vecino013', 'vecino014', 'vecino015', 'vecino016', 'vecino017'];

describe(`reservations under concurrency (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-18T16:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const apt: Record<string, number> = {};
  const client = reservationsClient(() => t, tokens);
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of [...NEIGHBOURS, 'admin']) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    for (const who of NEIGHBOURS) apt[who] = await dwellingOf(t.app.db, `${who}@demo.mx`);
  });

  // Each 409 is read through the contract the browser reads it with (BookingRefused), so its shape is checked.
  const statusesOf = (responses: { statusCode: number; body: string }[]) =>
    responses.map((r) => (r.statusCode === 409 ? create(JSON.parse(r.body), BookingRefused).motivo : r.statusCode));

  it('eight bookings of one exclusive slot: exactly one is confirmed', async () => {
    const padel = await facilityId(t.app.db, F.padel);
    const day = dayAfter(clock, 2);
    const responses = await Promise.all(
      NEIGHBOURS.map((who) => client.book(who, client.bookRequest(padel, apt[who]!, day, '18:00', '19:00'))),
    );
    const outcomes = statusesOf(responses);
    expect(outcomes.filter((o) => o === 201)).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'ocupado')).toHaveLength(7);
    const held = await t.app.db
      .selectFrom('reservations')
      .select('id')
      .where('facility_id', '=', padel)
      .where('local_date', '=', day)
      .execute();
    expect(held).toHaveLength(1);
  });

  it('a shared facility never holds more people than its capacity', async () => {
    const pool = await facilityId(t.app.db, F.pool);
    const day = dayAfter(clock, 3);
    // 8 × 6 people for 20 places: three fit.
    const responses = await Promise.all(
      NEIGHBOURS.map((who) => client.book(who, client.bookRequest(pool, apt[who]!, day, '14:00', '16:00', 6))),
    );
    const outcomes = statusesOf(responses);
    expect(outcomes.filter((o) => o === 201)).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'ocupado')).toHaveLength(5);
    const people = await t.app.db
      .selectFrom('reservations')
      .select(t.app.db.fn.sum<number>('people').as('n'))
      .where('facility_id', '=', pool)
      .where('local_date', '=', day)
      .where('state', '=', 'confirmada')
      .executeTakeFirstOrThrow();
    expect(Number(people.n)).toBe(18);
  });

  it('two approvals at once of the two pending requests for one evening: exactly one confirmed', async () => {
    const queue = JSON.parse(
      (await client.get('admin', `${RESERVATIONS_PATHS.adminList}?estado=pendiente`)).body,
    ) as ReservationPage;
    const [a, b] = queue.items as [Reservation, Reservation];
    expect(a.inicio).toBe(b.inicio);
    const responses = await Promise.all([client.change('admin', a, 'aprobar'), client.change('admin', b, 'aprobar')]);
    expect(statusesOf(responses).sort()).toEqual([200, 'ocupado']);
    const states = await t.app.db
      .selectFrom('reservations')
      .select('state')
      .where('id', 'in', [a.ReservationId, b.ReservationId])
      .execute();
    expect(states.map((s) => s.state).sort()).toEqual(['confirmada', 'pendiente']);
    const charged = await t.app.db
      .selectFrom('dwelling_charges')
      .select('reservation_id')
      .where('reservation_id', 'in', [a.ReservationId, b.ReservationId])
      .execute();
    expect(charged).toHaveLength(2);
  });
});
