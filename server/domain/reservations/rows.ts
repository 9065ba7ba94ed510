// The rows of facilities and reservations as this area reads them, what the pure rules
// (src/api/reservationRules.ts, reservationLifecycle.ts) read of them, and the facility row lock that makes
// booking and approving one at a time per facility (migration 0014's invariant: nothing beyond capacity).
import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { DepositState, ReservationState, ReservationTimes } from '../../../src/api/reservationLifecycle';
import type { DayHours, FacilityRules } from '../../../src/api/reservationRules';
import type { ReservationLimit } from '../../../src/api/reservations';
import type { Database, FacilityTable, ReservationTable } from '../../db/schema';
import { AppError } from '../../errors';

export type FacilityRow = Selectable<FacilityTable>;
export type ReservationRow = Selectable<ReservationTable>;

export interface ClosureRow {
  id: number;
  starts_local: string;
  ends_local: string;
  reason: string;
}

export const facilityNotFound = () => new AppError(404, ErrorCodes.notFound, 'reservationsNotices.refusal.facilityNotFound');
export const reservationNotFound = () =>
  new AppError(404, ErrorCodes.notFound, 'reservationsNotices.refusal.reservationNotFound');

export async function findFacility(db: Kysely<Database>, condoId: number | null, id: number): Promise<FacilityRow | undefined> {
  let query = db.selectFrom('facilities').selectAll().where('id', '=', id);
  if (condoId !== null) query = query.where('condo_id', '=', condoId);
  return query.executeTakeFirst();
}

export async function findReservation(
  db: Kysely<Database>,
  condoId: number | null,
  id: number,
): Promise<ReservationRow | undefined> {
  let query = db.selectFrom('reservations').selectAll().where('id', '=', id);
  if (condoId !== null) query = query.where('condo_id', '=', condoId);
  return query.executeTakeFirst();
}

/** Closures of a facility that end after `fromLocal` (all of them without it), earliest first. */
export async function closuresOf(db: Kysely<Database>, facilityId: number, fromLocal?: string): Promise<ClosureRow[]> {
  let query = db
    .selectFrom('facility_closures')
    .select(['id', 'starts_local', 'ends_local', 'reason'])
    .where('facility_id', '=', facilityId);
  if (fromLocal !== undefined) query = query.where('ends_local', '>', fromLocal);
  return query.orderBy('starts_local').orderBy('id').execute();
}

export const hoursOf = (row: Pick<FacilityRow, 'hours_json'>): (DayHours | null)[] =>
  JSON.parse(row.hours_json) as (DayHours | null)[];

export const limitOf = (row: Pick<FacilityRow, 'limit_count' | 'limit_period'>): ReservationLimit | null =>
  row.limit_count !== null && (row.limit_period === 'semana' || row.limit_period === 'mes')
    ? { cantidad: row.limit_count, periodo: row.limit_period }
    : null;

/** What the pure time rules read of a facility. */
export function rulesOf(row: FacilityRow, closures: readonly ClosureRow[]): FacilityRules {
  return {
    activa: row.active === 1,
    capacidad: row.capacity,
    exclusiva: row.exclusive === 1,
    horario: hoursOf(row),
    unidad: row.unit === 'libre' ? 'libre' : 'bloques',
    duracionBloque: row.slot_minutes,
    minMinutos: row.min_minutes,
    maxMinutos: row.max_minutes,
    diasAnticipacion: row.days_ahead,
    cierres: closures.map((c) => ({ desde: c.starts_local, hasta: c.ends_local })),
  };
}

/** What the lifecycle table reads of a reservation. */
export const timesOf = (row: Pick<ReservationRow, 'state' | 'starts_at' | 'ends_at' | 'deposit_state'>) =>
  ({
    estado: row.state as ReservationState,
    inicio: row.starts_at,
    fin: row.ends_at,
    deposito: row.deposit_state as DepositState,
  }) satisfies ReservationTimes & { deposito: DepositState };

/**
 * Takes the facility for this transaction: on PostgreSQL a row lock (SELECT … FOR UPDATE), so two bookings or
 * approvals of one facility run one after the other and the second reads what the first committed; SQLite runs
 * one writing transaction at a time on its one connection, which is what BEGIN IMMEDIATE would give
 * (polls/electorate.ts lockPoll, the same pattern).
 */
export async function lockFacility(trx: Kysely<Database>, facilityId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('facilities').select('id').where('id', '=', facilityId).forUpdate().execute();
}

/** The confirmed reservations (HOLDING_STATES) of a facility overlapping a range of local moments. */
export async function heldIn(
  db: Kysely<Database>,
  facilityId: number,
  range: { desde: string; hasta: string },
  exceptId?: number,
): Promise<ReservationRow[]> {
  let query = db
    .selectFrom('reservations')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('state', '=', 'confirmada')
    .where('starts_local', '<', range.hasta)
    .where('ends_local', '>', range.desde);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.orderBy('starts_local').orderBy('id').execute();
}
