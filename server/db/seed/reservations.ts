// Demo facilities and reservations of Residencial Las Palmas (issue 15), relative to the seed clock in the
// condominium's zone (demoFacts.ts DEMO_RESERVATIONS), so the data stays fresh whenever it loads: the Salón de
// eventos (approval, fee and deposit, one a month), the Alberca (shared, a maintenance closure next week), two
// asadores and the pádel court (two a week). Reservations: concluded ones (one a no-show), upcoming confirmed
// ones (their reminders scheduled), and two pending Salón requests for the same Saturday evening. Written as
// the server would have; the seed posts no ledger rows (the Salón's fee arrives with an approval). The pádel
// court stays free on DEMO_RESERVATIONS.freePadelDays, and residente@demo.mx's dwelling has no reservation.
import type { Kysely } from 'kysely';
import { addDays, type DayHours, weekdayIndex } from '../../../src/api/reservationRules';
import { scheduleReminder } from '../../domain/reservations/schedule';
import { localToUtc } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_RESERVATIONS, demoPendingSalonDate, demoReservationDay } from './demoFacts';

const HOUR = 3_600_000;
const every = (abre: string, cierra: string): DayHours[] => Array.from({ length: 7 }, () => ({ abre, cierra }));

const SALON_RULES = [
  'Horario de uso de 10:00 a 24:00; la música baja su volumen a partir de las 22:00.',
  'El depósito se devuelve después del evento si el salón se entrega limpio y sin daños.',
  'Cupo máximo de 80 personas. Prohibido el uso de confeti y pirotecnia.',
].join('\n');

interface FacilitySeed {
  key: keyof typeof DEMO_RESERVATIONS.facilities;
  description: string;
  capacity: number;
  exclusive: boolean;
  rules: string;
  hours: DayHours[];
  unit: 'bloques' | 'libre';
  slot: number;
  min: number;
  max: number;
  daysAhead: number;
  cancelHours: number;
  limit: { count: number; period: 'semana' | 'mes' } | null;
  approval: boolean;
  fee: number;
  deposit: number;
  admitsArrears: boolean;
}

const grill = (key: 'grill1' | 'grill2'): FacilitySeed => ({
  key,
  description: 'Asador de carbón con mesas para quince personas junto al jardín.',
  capacity: 15,
  exclusive: true,
  rules: 'Deja el asador limpio y las brasas apagadas al terminar.',
  hours: every('12:00', '24:00'),
  unit: 'bloques',
  slot: 240,
  min: 240,
  max: 240,
  daysAhead: 30,
  cancelHours: 24,
  limit: null,
  approval: false,
  fee: 0,
  deposit: 0,
  admitsArrears: true,
});

const FACILITIES: FacilitySeed[] = [
  {
    key: 'salon',
    description: 'Salón para fiestas y reuniones, con cocineta, mesas y sillas para 80 personas.',
    capacity: 80,
    exclusive: true,
    rules: SALON_RULES,
    hours: every('10:00', '24:00'),
    unit: 'libre',
    slot: 60,
    min: 240,
    max: 480,
    daysAhead: 60,
    cancelHours: 72,
    limit: { count: 1, period: 'mes' },
    approval: true,
    fee: DEMO_RESERVATIONS.salonFeeCents,
    deposit: DEMO_RESERVATIONS.salonDepositCents,
    admitsArrears: false,
  },
  {
    key: 'pool',
    description: 'Alberca techada; cada bloque admite hasta 20 personas entre todas las reservaciones.',
    capacity: 20,
    exclusive: false,
    rules: 'Uso obligatorio de traje de baño. Menores acompañados de un adulto.',
    hours: every('08:00', '20:00'),
    unit: 'bloques',
    slot: 120,
    min: 120,
    max: 120,
    daysAhead: 14,
    cancelHours: 2,
    limit: null,
    approval: false,
    fee: 0,
    deposit: 0,
    admitsArrears: true,
  },
  grill('grill1'),
  grill('grill2'),
  {
    key: 'padel',
    description: 'Cancha de pádel con iluminación.',
    capacity: 4,
    exclusive: true,
    rules: 'Calzado deportivo de suela lisa. Máximo dos reservaciones por vivienda a la semana.',
    hours: every('07:00', '22:00'),
    unit: 'bloques',
    slot: 60,
    min: 60,
    max: 60,
    daysAhead: 14,
    cancelHours: 12,
    limit: { count: 2, period: 'semana' },
    approval: false,
    fee: 0,
    deposit: 0,
    admitsArrears: true,
  },
];

interface ReservationSeed {
  facility: FacilitySeed['key'];
  email: string;
  /** Days after the seed day, or an exact date. */
  day: number | string;
  from: string;
  to: string;
  people: number;
  state: 'pendiente' | 'confirmada' | 'no_asistio';
  /** Hours before the seed clock it was requested. */
  requestedHoursAgo: number;
  note?: string;
}

export async function seedReservations(db: Kysely<Database>, clock: Clock): Promise<void> {
  const condo = await db
    .selectFrom('condominiums')
    .select(['id', 'time_zone'])
    .where('subdomain', '=', 'palmas')
    .executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
  const now = clock.now();
  const at = now.toISOString();
  const ids = new Map<FacilitySeed['key'], number>();
  for (const [position, f] of FACILITIES.entries()) {
    const row = await db
      .insertInto('facilities')
      .values({
        condo_id: condo.id,
        name: DEMO_RESERVATIONS.facilities[f.key],
        description: f.description,
        capacity: f.capacity,
        exclusive: f.exclusive ? 1 : 0,
        rules_text: f.rules,
        hours_json: JSON.stringify(f.hours),
        unit: f.unit,
        slot_minutes: f.slot,
        min_minutes: f.min,
        max_minutes: f.max,
        days_ahead: f.daysAhead,
        cancel_hours: f.cancelHours,
        limit_count: f.limit?.count ?? null,
        limit_period: f.limit?.period ?? null,
        needs_approval: f.approval ? 1 : 0,
        fee_cents: f.fee,
        deposit_cents: f.deposit,
        admits_arrears: f.admitsArrears ? 1 : 0,
        active: 1,
        position: position + 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(f.key, row.id);
  }

  // The Alberca's maintenance: one day of next week.
  const nextMonday = addDays(demoReservationDay(now, 0), 7 - weekdayIndex(demoReservationDay(now, 0)));
  const closureDay = addDays(nextMonday, DEMO_RESERVATIONS.poolClosureWeekday);
  await db
    .insertInto('facility_closures')
    .values({
      facility_id: ids.get('pool')!,
      starts_local: `${closureDay}T08:00`,
      ends_local: `${closureDay}T20:00`,
      reason: 'Mantenimiento y limpieza profunda de la alberca',
    })
    .execute();

  const salonDay = demoPendingSalonDate(now);
  const pending = DEMO_RESERVATIONS.pendingSalon;
  const reservations: ReservationSeed[] = [
    {
      facility: 'grill1',
      email: 'vecino060@demo.mx',
      day: -5,
      from: '12:00',
      to: '16:00',
      people: 12,
      state: 'confirmada',
      requestedHoursAgo: 240,
    },
    {
      facility: 'padel',
      email: 'vecino061@demo.mx',
      day: -3,
      from: '08:00',
      to: '09:00',
      people: 4,
      state: 'no_asistio',
      requestedHoursAgo: 120,
    },
    {
      facility: 'pool',
      email: 'vecino062@demo.mx',
      day: -1,
      from: '10:00',
      to: '12:00',
      people: 5,
      state: 'confirmada',
      requestedHoursAgo: 72,
    },
    {
      facility: 'grill2',
      email: 'vecino062@demo.mx',
      day: 5,
      from: '12:00',
      to: '16:00',
      people: 10,
      state: 'confirmada',
      requestedHoursAgo: 30,
    },
    {
      facility: 'pool',
      email: 'vecino063@demo.mx',
      day: 4,
      from: '10:00',
      to: '12:00',
      people: 6,
      state: 'confirmada',
      requestedHoursAgo: 20,
    },
    {
      facility: 'pool',
      email: 'vecino064@demo.mx',
      day: 4,
      from: '10:00',
      to: '12:00',
      people: 8,
      state: 'confirmada',
      requestedHoursAgo: 10,
    },
    {
      facility: 'padel',
      email: 'vecino065@demo.mx',
      day: 5,
      from: '07:00',
      to: '08:00',
      people: 2,
      state: 'confirmada',
      requestedHoursAgo: 6,
    },
    {
      facility: 'grill1',
      email: 'vecino066@demo.mx',
      day: 12,
      from: '16:00',
      to: '20:00',
      people: 15,
      state: 'confirmada',
      requestedHoursAgo: 4,
    },
    {
      facility: 'salon',
      email: pending.email,
      day: salonDay,
      from: pending.from,
      to: pending.to,
      people: pending.people,
      state: 'pendiente',
      requestedHoursAgo: 48,
      note: 'Fiesta de cumpleaños',
    },
    {
      facility: 'salon',
      email: pending.otherEmail,
      day: salonDay,
      from: pending.from,
      to: pending.to,
      people: 40,
      state: 'pendiente',
      requestedHoursAgo: 26,
      note: 'Reunión familiar',
    },
  ];
  for (const r of reservations) {
    const resident = await db
      .selectFrom('residencies as rs')
      .innerJoin('memberships as m', 'm.id', 'rs.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['rs.apartment_id', 'u.id as user_id'])
      .where('u.email', '=', r.email)
      .where('m.condo_id', '=', condo.id)
      .orderBy('rs.apartment_id')
      .executeTakeFirstOrThrow();
    let date = typeof r.day === 'string' ? r.day : demoReservationDay(now, r.day);
    // The Alberca's bookings keep off its closure day.
    if (r.facility === 'pool' && date === closureDay) date = addDays(date, -1);
    const startsLocal = `${date}T${r.from}`;
    const endsLocal = r.to === '24:00' ? `${addDays(date, 1)}T00:00` : `${date}T${r.to}`;
    const facility = FACILITIES.find((f) => f.key === r.facility)!;
    const requested = new Date(now.getTime() - r.requestedHoursAgo * HOUR).toISOString();
    const decided = r.state !== 'pendiente';
    const row = await db
      .insertInto('reservations')
      .values({
        condo_id: condo.id,
        facility_id: ids.get(r.facility)!,
        apartment_id: resident.apartment_id,
        user_id: resident.user_id,
        local_date: date,
        starts_local: startsLocal,
        ends_local: endsLocal,
        starts_at: localToUtc(startsLocal, condo.time_zone),
        ends_at: localToUtc(endsLocal, condo.time_zone),
        people: r.people,
        note: r.note ?? '',
        state: r.state,
        reason: null,
        fee_cents: facility.fee,
        deposit_cents: facility.deposit,
        deposit_state: decided && facility.deposit > 0 ? 'retenido' : 'ninguno',
        decided_by: r.state === 'no_asistio' ? admin.id : null,
        created_at: requested,
        updated_at: requested,
      })
      .returning(['id', 'starts_at'])
      .executeTakeFirstOrThrow();
    if (r.state === 'confirmada') await scheduleReminder(db, row, now);
  }
}
