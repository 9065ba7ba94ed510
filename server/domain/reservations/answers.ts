// Rows as the contract's answers (src/api/reservations.ts Facility, Reservation), with what the caller may do
// now (reservationLifecycle.ts) and the signed links of a facility's files.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import {
  depositActions,
  type ReservationState,
  reservationActions,
  reservationPhase,
} from '../../../src/api/reservationLifecycle';
import type { Facility, Reservation } from '../../../src/api/reservations';
import type { Database } from '../../db/schema';
import { type ReservationCaller, rolesOn } from './access';
import { type FacilitySigner, filesOf } from './files';
import { closuresOf, type FacilityRow, hoursOf, limitOf, type ReservationRow, timesOf } from './rows';

/** Facilities as answers (upcoming and current closures, photos, rules PDF). */
export async function facilityAnswers(
  db: Kysely<Database>,
  rows: readonly FacilityRow[],
  nowLocal: string,
  sign: FacilitySigner,
): Promise<Facility[]> {
  const files = await filesOf(
    db,
    rows.map((r) => r.id),
  );
  const answers: Facility[] = [];
  for (const row of rows) {
    const own = files.filter((f) => f.facility_id === row.id);
    const rules = own.find((f) => f.kind === 'rules');
    answers.push({
      FacilityId: row.id,
      Nombre: row.name,
      Descripcion: row.description,
      capacidad: row.capacity,
      exclusiva: row.exclusive === 1,
      reglamento: row.rules_text,
      horario: hoursOf(row),
      unidad: row.unit === 'libre' ? 'libre' : 'bloques',
      duracionBloque: row.slot_minutes,
      minMinutos: row.min_minutes,
      maxMinutos: row.max_minutes,
      diasAnticipacion: row.days_ahead,
      horasCancelacion: row.cancel_hours,
      limite: limitOf(row),
      requiereAprobacion: row.needs_approval === 1,
      cuotaCents: row.fee_cents,
      depositoCents: row.deposit_cents,
      admiteMorosos: row.admits_arrears === 1,
      activa: row.active === 1,
      cierres: (await closuresOf(db, row.id, nowLocal)).map((c) => ({
        id: c.id,
        desde: c.starts_local,
        hasta: c.ends_local,
        motivo: c.reason,
      })),
      fotos: own.filter((f) => f.kind === 'image').map((f) => ({ id: f.id, nombre: f.file_name, url: sign(f.id) })),
      reglamentoPdf: rules ? { id: rules.id, nombre: rules.file_name, url: sign(rules.id) } : null,
      version: row.version,
    });
  }
  return answers;
}

/** The reservations as answers, for a caller who sees them in full (requireVisible). */
export async function reservationAnswers(
  db: Kysely<Database>,
  caller: ReservationCaller,
  rows: readonly ReservationRow[],
): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const facilities = await db
    .selectFrom('facilities')
    .select(['id', 'name', 'cancel_hours'])
    .where('id', 'in', [...new Set(rows.map((r) => r.facility_id))])
    .execute();
  const dwellings = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.id', 'in', [...new Set(rows.map((r) => r.apartment_id))])
    .execute();
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const users =
    userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute();
  return rows.map((row) => {
    const facility = facilities.find((f) => f.id === row.facility_id)!;
    const dwelling = dwellings.find((d) => d.id === row.apartment_id);
    const roles = rolesOn(caller, row);
    const times = timesOf(row);
    const cancelHours = facility.cancel_hours;
    return {
      ReservationId: row.id,
      FacilityId: row.facility_id,
      Instalacion: facility.name,
      ApmtId: row.apartment_id,
      Vivienda: dwelling ? dwellingName(dwelling.tower, dwelling.name) : '',
      Reservo: users.find((u) => u.id === row.user_id)?.name ?? '',
      fecha: row.local_date,
      desde: row.starts_local.slice(11, 16),
      hasta: row.ends_local.slice(0, 10) > row.local_date ? '24:00' : row.ends_local.slice(11, 16),
      inicio: row.starts_at,
      fin: row.ends_at,
      personas: row.people,
      nota: row.note,
      estado: row.state as ReservationState,
      fase: reservationPhase(times, caller.now),
      motivo: row.reason,
      cuotaCents: row.fee_cents,
      depositoCents: row.deposit_cents,
      deposito: times.deposito,
      creada: row.created_at,
      acciones: reservationActions(times, roles, cancelHours, caller.now),
      accionesDeposito: depositActions(times, roles, caller.now),
      cancelarAntesDe: cancelHours > 0 ? new Date(Date.parse(row.starts_at) - cancelHours * 3_600_000).toISOString() : null,
      version: row.version,
    };
  });
}

export async function reservationAnswer(
  db: Kysely<Database>,
  caller: ReservationCaller,
  row: ReservationRow,
): Promise<Reservation> {
  return (await reservationAnswers(db, caller, [row]))[0]!;
}
