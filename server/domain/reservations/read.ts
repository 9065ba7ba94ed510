// The reading calls: home (the RI sections, the caller's dwellings with arrears, the facilities, the approval
// count), one facility, its availability by day, the caller's reservations, one reservation, the
// administrators' list and its CSV. Residents see only active facilities and others' reservations as time
// taken, without names (permissions.seesReservationInFull).
import type { Kysely } from 'kysely';
import { csvDocument, csvNumber } from '../../../src/api/csv';
import { ErrorCodes } from '../../../src/api/errors';
import { addDays, dayChoices, momentOf, overlaps, placesLeft, weekdayIndex } from '../../../src/api/reservationRules';
import {
  type AdminReservationsQuery,
  type AvailabilityAnswer,
  type AvailabilityQuery,
  type DayAvailability,
  type ExportQuery,
  type FacilityAnswer,
  type HomeAnswer,
  type MyReservationsQuery,
  RESERVATIONS_PAGE_SIZE,
  type ReservationAnswer,
  type ReservationPage,
} from '../../../src/api/reservations';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import type { Auth } from '../shared/auth';
import { dwellingArrears, type ReservationCaller, requireManager, requireVisible, reservationCaller } from './access';
import { facilityAnswers, reservationAnswers } from './answers';
import type { FacilitySigner } from './files';
import { closuresOf, type FacilityRow, facilityNotFound, findReservation, rulesOf } from './rows';

async function facilitiesFor(db: Kysely<Database>, caller: ReservationCaller): Promise<FacilityRow[]> {
  let query = db.selectFrom('facilities').selectAll().where('condo_id', '=', caller.auth.condoId);
  if (!caller.admin) query = query.where('active', '=', 1);
  return query.orderBy('position').orderBy('id').execute();
}

async function visibleFacility(db: Kysely<Database>, caller: ReservationCaller, id: number): Promise<FacilityRow> {
  const row = await db
    .selectFrom('facilities')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', caller.auth.condoId)
    .executeTakeFirst();
  if (!row || (row.active !== 1 && !caller.admin)) throw facilityNotFound();
  return row;
}

export async function reservationsHome(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  sign: FacilitySigner,
): Promise<HomeAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  let waiting = 0;
  if (caller.admin) {
    const n = await db
      .selectFrom('reservations')
      .select(db.fn.countAll<number>().as('n'))
      .where('condo_id', '=', auth.condoId)
      .where('state', '=', 'pendiente')
      .where('starts_at', '>', caller.now.toISOString())
      .executeTakeFirstOrThrow();
    waiting = Number(n.n);
  }
  return {
    success: true,
    secciones: caller.sections.map((s) => ({ SectId: s.id, SectName: s.name })),
    zonaHoraria: caller.timeZone,
    ahoraLocal: caller.nowLocal,
    puedeAdministrar: caller.admin,
    viviendas: await dwellingArrears(db, auth.condoId, caller.dwellings, caller.today),
    instalaciones: await facilityAnswers(db, await facilitiesFor(db, caller), caller.nowLocal, sign),
    porAprobar: waiting,
  };
}

export async function readFacility(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  facilityId: number,
  sign: FacilitySigner,
): Promise<FacilityAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  const row = await visibleFacility(db, caller, facilityId);
  return { success: true, instalacion: (await facilityAnswers(db, [row], caller.nowLocal, sign))[0]! };
}

/** A moment clipped to the day as 'HH:mm' ('24:00' for the next midnight or later). */
function clip(moment: string, day: string): string {
  if (moment <= `${day}T00:00`) return '00:00';
  if (moment >= `${addDays(day, 1)}T00:00`) return '24:00';
  return moment.slice(11, 16);
}

export async function availability(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  query: AvailabilityQuery,
): Promise<AvailabilityAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  const facility = await visibleFacility(db, caller, query.facilityId);
  const count = query.dias ?? 1;
  const first = `${query.desde}T00:00`;
  const last = `${addDays(query.desde, count)}T00:00`;
  const closures = await closuresOf(db, facility.id);
  const rules = rulesOf(facility, closures);
  const held = await db
    .selectFrom('reservations as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['r.id', 'r.apartment_id', 'r.starts_local', 'r.ends_local', 'r.people', 'a.name', 't.name as tower'])
    .where('r.facility_id', '=', facility.id)
    .where('r.state', '=', 'confirmada')
    .where('r.starts_local', '<', last)
    .where('r.ends_local', '>', first)
    .orderBy('r.starts_local')
    .orderBy('r.id')
    .execute();
  const own = new Set(caller.dwellings.map((d) => d.id));
  const lastBookable = addDays(caller.today, facility.days_ahead);
  const shape = { capacidad: facility.capacity, exclusiva: facility.exclusive === 1 };
  const dias: DayAvailability[] = [];
  for (let i = 0; i < count; i++) {
    const fecha = addDays(query.desde, i);
    const day = { desde: `${fecha}T00:00`, hasta: `${addDays(fecha, 1)}T00:00` };
    const heldToday = held
      .map((h) => ({ ...h, desde: h.starts_local, hasta: h.ends_local, personas: h.people }))
      .filter((h) => overlaps(h, day));
    const closedToday = closures.filter((c) => overlaps({ desde: c.starts_local, hasta: c.ends_local }, day));
    const opciones = dayChoices(rules, fecha).map((choice) => {
      const range = { desde: momentOf(fecha, choice.desde), hasta: momentOf(fecha, choice.hasta) };
      const lugares = placesLeft(shape, range, heldToday);
      const estado =
        range.desde <= caller.nowLocal
          ? 'pasado'
          : fecha > lastBookable
            ? 'muy_anticipado'
            : !rules.activa || rules.cierres.some((c) => overlaps(range, c))
              ? 'cerrado'
              : heldToday.some((h) => own.has(h.apartment_id) && overlaps(h, range))
                ? 'propia'
                : lugares === 0
                  ? 'ocupado'
                  : 'libre';
      return { ...choice, estado, lugares } as const;
    });
    dias.push({
      fecha,
      horario: rules.horario[weekdayIndex(fecha)] ?? null,
      opciones,
      ocupados: heldToday.map((h) => {
        const full = caller.admin || own.has(h.apartment_id);
        return {
          desde: clip(h.starts_local, fecha),
          hasta: clip(h.ends_local, fecha),
          personas: h.people,
          propia: own.has(h.apartment_id),
          ReservationId: full ? h.id : null,
          Vivienda: full ? (h.tower ? `${h.tower} - ${h.name}` : h.name) : null,
        };
      }),
      cierres: closedToday.map((c) => ({
        desde: clip(c.starts_local, fecha),
        hasta: clip(c.ends_local, fecha),
        motivo: c.reason,
      })),
    });
  }
  return { success: true, ahoraLocal: caller.nowLocal, dias };
}

export async function myReservations(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  query: MyReservationsQuery,
): Promise<ReservationPage> {
  const caller = await reservationCaller(db, clock, auth);
  const ids = caller.dwellings.map((d) => d.id);
  if (ids.length === 0) return { success: true, items: [], total: 0 };
  const at = caller.now.toISOString();
  const upcoming = (query.fase ?? 'proximas') === 'proximas';
  const base = db
    .selectFrom('reservations')
    .where('condo_id', '=', auth.condoId)
    .where('apartment_id', 'in', ids)
    .where((eb) => {
      const ahead = eb.or([
        eb.and([eb('state', '=', 'confirmada'), eb('ends_at', '>', at)]),
        eb.and([eb('state', '=', 'pendiente'), eb('starts_at', '>', at)]),
      ]);
      return upcoming ? ahead : eb.not(ahead);
    });
  const total = await base.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('starts_at', upcoming ? 'asc' : 'desc')
    .orderBy('id', upcoming ? 'asc' : 'desc')
    .limit(query.limit ?? RESERVATIONS_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  return { success: true, items: await reservationAnswers(db, caller, rows), total: Number(total.n) };
}

export async function readReservation(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<ReservationAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  const row = requireVisible(caller, await findReservation(db, auth.condoId, id));
  return { success: true, reservacion: (await reservationAnswers(db, caller, [row]))[0]! };
}

function adminQuery(db: Kysely<Database>, condoId: number, filters: Omit<AdminReservationsQuery, 'limit' | 'offset'>) {
  let query = db.selectFrom('reservations').where('condo_id', '=', condoId);
  if (filters.estado) query = query.where('state', '=', filters.estado);
  if (filters.facilityId !== undefined) query = query.where('facility_id', '=', filters.facilityId);
  if (filters.desde) query = query.where('local_date', '>=', filters.desde);
  if (filters.hasta) query = query.where('local_date', '<=', filters.hasta);
  return query;
}

export async function adminReservations(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  filters: AdminReservationsQuery,
): Promise<ReservationPage> {
  const caller = await reservationCaller(db, clock, auth);
  requireManager(caller);
  const query = adminQuery(db, auth.condoId, filters);
  const total = await query.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  // The approval queue: the oldest request first; anything else by when it happens, latest first.
  const queue = filters.estado === 'pendiente';
  const rows = await query
    .selectAll()
    .orderBy(queue ? 'created_at' : 'starts_at', queue ? 'asc' : 'desc')
    .orderBy('id', queue ? 'asc' : 'desc')
    .limit(filters.limit ?? RESERVATIONS_PAGE_SIZE)
    .offset(filters.offset ?? 0)
    .execute();
  return { success: true, items: await reservationAnswers(db, caller, rows), total: Number(total.n) };
}

/** Days a CSV export spans at most. */
const EXPORT_MAX_DAYS = 366;

export async function exportReservations(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  period: ExportQuery,
): Promise<{ name: string; body: string }> {
  const caller = await reservationCaller(db, clock, auth);
  requireManager(caller);
  if (period.hasta < period.desde || addDays(period.desde, EXPORT_MAX_DAYS) <= period.hasta) {
    throw new AppError(400, ErrorCodes.badRequest, 'reservationsNotices.refusal.period', 'hasta');
  }
  const rows = await adminQuery(db, auth.condoId, period).selectAll().orderBy('starts_at').orderBy('id').execute();
  const items = await reservationAnswers(db, caller, rows);
  const t = wordsIn(auth.language);
  const w = (id: string) => t(`reservationsNotices.${id}` as MessageId);
  const header = [
    'facility',
    'dwelling',
    'bookedBy',
    'date',
    'from',
    'to',
    'people',
    'state',
    'fee',
    'deposit',
    'depositState',
    'reason',
    'note',
    'created',
  ].map((k) => w(`csv.${k}`));
  const lines = items.map((r) => [
    r.Instalacion,
    r.Vivienda,
    r.Reservo,
    r.fecha,
    r.desde,
    r.hasta,
    csvNumber(r.personas),
    w(`state.${r.estado}`),
    csvNumber(r.cuotaCents / 100, 2),
    csvNumber(r.depositoCents / 100, 2),
    w(`deposit.${r.deposito}`),
    r.motivo ?? '',
    r.nota,
    r.creada,
  ]);
  return { name: `${w('csv.file')}-${period.desde}-${period.hasta}.csv`, body: `\uFEFF${csvDocument([header, ...lines])}` };
}
