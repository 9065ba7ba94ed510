// Booking (POST book) and the time check approving repeats. In one transaction that first locks the facility
// row (rows.ts lockFacility), the facility's own rules (reservationRules.bookingRuleRefusal at the server's
// local now), arrears, the dwelling's weekly or monthly limit over COUNTING_STATES, and the capacity over the
// confirmed reservations (fitsCapacity) are read; only then is the request stored, pendiente where the facility
// needs approval, else confirmada with its fee and deposit in the ledger. Two bookings of one slot: the second
// waits for the lock, then reads the first and is refused 'ocupado' (409 BookingRefused).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { type BookingRefusal, COUNTING_STATES } from '../../../src/api/reservationLifecycle';
import { addDays, bookingRuleRefusal, fitsCapacity, momentOf, weekStart } from '../../../src/api/reservationRules';
import type { BookingRequest, Reservation, ReservationAnswer } from '../../../src/api/reservations';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { localToUtc } from '../shared/zonedTime';
import { dwellingArrears, type ReservationCaller, reservationCaller } from './access';
import { reservationAnswer } from './answers';
import { chargeReservation } from './ledger';
import { tellRequested } from './notices';
import {
  closuresOf,
  type FacilityRow,
  facilityNotFound,
  findFacility,
  findReservation,
  heldIn,
  lockFacility,
  type ReservationRow,
  rulesOf,
} from './rows';
import { scheduleReminder } from './schedule';

/** 409 BookingRefused: the reason, worded, and (a lost approval) the reservation as it is now. */
export const bookingRefused = (motivo: BookingRefusal, reservacion?: Reservation) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `reservationsNotices.refused.${motivo}` as MessageId,
    undefined,
    reservacion ? { motivo, reservacion } : { motivo },
  );

/** Whether the range still fits beside what holds the facility's time (read under the facility's lock). */
export async function capacityRefusal(
  trx: Kysely<Database>,
  facility: FacilityRow,
  range: { desde: string; hasta: string; personas: number },
  exceptId?: number,
): Promise<BookingRefusal | null> {
  const held = (await heldIn(trx, facility.id, range, exceptId)).map((h) => ({
    desde: h.starts_local,
    hasta: h.ends_local,
    personas: h.people,
  }));
  return fitsCapacity({ capacidad: facility.capacity, exclusiva: facility.exclusive === 1 }, range, held) ? null : 'ocupado';
}

/** The dwelling's requests and reservations of the facility in the limit's week (Monday first) or month. */
async function limitRefusal(trx: Kysely<Database>, facility: FacilityRow, apartmentId: number, fecha: string) {
  if (facility.limit_count === null || facility.limit_period === null) return null;
  const [from, to] =
    facility.limit_period === 'semana'
      ? [weekStart(fecha), addDays(weekStart(fecha), 6)]
      : [`${fecha.slice(0, 7)}-01`, `${fecha.slice(0, 7)}-31`];
  const counted = await trx
    .selectFrom('reservations')
    .select(trx.fn.countAll<number>().as('n'))
    .where('facility_id', '=', facility.id)
    .where('apartment_id', '=', apartmentId)
    .where('state', 'in', [...COUNTING_STATES])
    .where('local_date', '>=', from)
    .where('local_date', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(counted.n) >= facility.limit_count ? 'limite' : null;
}

async function refusalFor(
  trx: Kysely<Database>,
  caller: ReservationCaller,
  facility: FacilityRow,
  request: BookingRequest,
): Promise<BookingRefusal | null> {
  const rules = rulesOf(facility, await closuresOf(trx, facility.id));
  const ruled = bookingRuleRefusal(rules, request, caller.nowLocal);
  if (ruled) return ruled;
  if (facility.admits_arrears !== 1) {
    const dwelling = caller.dwellings.filter((d) => d.id === request.ApmtId);
    const [flags] = await dwellingArrears(trx, caller.auth.condoId, dwelling, caller.today);
    if (flags?.moroso) return 'moroso';
  }
  const limited = await limitRefusal(trx, facility, request.ApmtId, request.fecha);
  if (limited) return limited;
  return capacityRefusal(trx, facility, {
    desde: momentOf(request.fecha, request.desde),
    hasta: momentOf(request.fecha, request.hasta),
    personas: request.personas,
  });
}

export async function book(db: Kysely<Database>, clock: Clock, auth: Auth, request: BookingRequest): Promise<ReservationAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  if (!caller.dwellings.some((d) => d.id === request.ApmtId)) {
    throw new AppError(403, ErrorCodes.forbidden, 'reservationsNotices.refusal.notYourDwelling', 'ApmtId');
  }
  const visible = await findFacility(db, auth.condoId, request.facilityId);
  if (!visible || (visible.active !== 1 && !caller.admin)) throw facilityNotFound();

  return db.transaction().execute(async (trx) => {
    await lockFacility(trx, request.facilityId);
    const facility = (await findFacility(trx, auth.condoId, request.facilityId))!;
    const refusal = await refusalFor(trx, caller, facility, request);
    if (refusal) throw bookingRefused(refusal);
    const startsLocal = momentOf(request.fecha, request.desde);
    const endsLocal = momentOf(request.fecha, request.hasta);
    const at = caller.now.toISOString();
    const confirmed = facility.needs_approval !== 1;
    const inserted = await trx
      .insertInto('reservations')
      .values({
        condo_id: auth.condoId,
        facility_id: facility.id,
        apartment_id: request.ApmtId,
        user_id: auth.userId,
        local_date: request.fecha,
        starts_local: startsLocal,
        ends_local: endsLocal,
        starts_at: localToUtc(startsLocal, caller.timeZone),
        ends_at: localToUtc(endsLocal, caller.timeZone),
        people: request.personas,
        note: request.nota.trim(),
        state: confirmed ? 'confirmada' : 'pendiente',
        reason: null,
        fee_cents: facility.fee_cents,
        deposit_cents: facility.deposit_cents,
        deposit_state: confirmed && facility.deposit_cents > 0 ? 'retenido' : 'ninguno',
        decided_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row: ReservationRow = (await findReservation(trx, auth.condoId, inserted.id))!;
    if (confirmed) {
      await chargeReservation(trx, row, facility, caller.today);
      await scheduleReminder(trx, row, caller.now);
    } else {
      await tellRequested(trx, clock, row, auth.userId);
    }
    return { success: true, reservacion: await reservationAnswer(trx, caller, row) };
  });
}
