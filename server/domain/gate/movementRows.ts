// A movement row as every gate answer carries it (src/api/gate.ts GateMovement): the row with its dwelling's
// name, its device's and guard's names, and for an entry the time of its exit. One select for the caseta's
// answers, its "inside now" list and the movement log, so they all read a movement the same way.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { GateConflict, GateMovement, GateMovementKind, GateRefusal } from '../../../src/api/gate';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The movements of a condominium with what their answer joins (aliases m, a, t, d, u). */
export function movementsFrom(db: Db, condoId: number) {
  return db
    .selectFrom('gate_movements as m')
    .leftJoin('apartments as a', 'a.id', 'm.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('gate_devices as d', 'd.id', 'm.device_id')
    .leftJoin('users as u', 'u.id', 'm.guard_user_id')
    .where('m.condo_id', '=', condoId);
}

type Joined = ExpressionBuilder<
  Database & {
    m: Database['gate_movements'];
    a: Database['apartments'];
    t: Database['towers'];
    d: Database['gate_devices'];
    u: Database['users'];
  },
  'm' | 'a' | 't' | 'd' | 'u'
>;

/** An entry's first exit (an offline exit may have recorded a second one, marked 'alreadyOut'). */
const exitAt = (eb: Joined) =>
  eb
    .selectFrom('gate_movements as x')
    .select((x) => x.fn.min<string>('x.occurred_at').as('at'))
    .whereRef('x.entry_id', '=', 'm.id')
    .where('x.kind', '=', 'exit')
    .as('exitAt');

/** The columns toMovement reads. */
export const MOVEMENT_COLUMNS = (eb: Joined) =>
  [
    'm.id',
    'm.client_id',
    'm.kind',
    'm.pass_id',
    'm.pass_kind',
    'm.apartment_id',
    'a.name as aptName',
    't.name as towerName',
    'm.visitor_name',
    'm.people',
    'm.plates',
    'm.access_point',
    'm.note',
    'm.reason',
    'm.entry_id',
    'd.name as deviceName',
    'u.name as guardName',
    'm.occurred_at',
    'm.occurred_local',
    'm.conflict',
    exitAt(eb),
  ] as const;

export interface MovementRow {
  id: number;
  client_id: string;
  kind: string;
  pass_id: number | null;
  pass_kind: string | null;
  apartment_id: number | null;
  aptName: string | null;
  towerName: string | null;
  visitor_name: string;
  people: number;
  plates: string | null;
  access_point: string | null;
  note: string | null;
  reason: string | null;
  entry_id: number | null;
  deviceName: string | null;
  guardName: string | null;
  occurred_at: string;
  occurred_local: string;
  conflict: string | null;
  exitAt: string | null;
}

export function toMovement(row: MovementRow): GateMovement {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    kind: row.kind as GateMovementKind,
    passId: row.pass_id,
    passKind: row.pass_kind,
    apartmentId: row.apartment_id,
    dwelling: row.aptName === null ? null : dwellingName(row.towerName, row.aptName),
    visitorName: row.visitor_name,
    people: Number(row.people),
    plates: row.plates,
    accessPoint: row.access_point,
    note: row.note,
    reason: row.reason as GateRefusal | null,
    entryId: row.entry_id,
    exitAt: row.kind === 'entry' ? (row.exitAt ?? null) : null,
    deviceName: row.deviceName,
    guardName: row.guardName,
    occurredAt: row.occurred_at,
    occurredLocal: row.occurred_local,
    conflict: row.conflict as GateConflict | null,
  };
}

/** One movement of the condominium by id, or undefined. */
export async function movementById(db: Db, condoId: number, id: number): Promise<GateMovement | undefined> {
  const row = (await movementsFrom(db, condoId)
    .select((eb) => MOVEMENT_COLUMNS(eb))
    .where('m.id', '=', id)
    .executeTakeFirst()) as MovementRow | undefined;
  return row && toMovement(row);
}

/** The condominium's movement a device recorded under this id, or undefined. */
export async function movementByClientId(db: Db, condoId: number, clientId: string): Promise<GateMovement | undefined> {
  const row = (await movementsFrom(db, condoId)
    .select((eb) => MOVEMENT_COLUMNS(eb))
    .where('m.client_id', '=', clientId)
    .executeTakeFirst()) as MovementRow | undefined;
  return row && toMovement(row);
}

/** Entries with no exit row pointing at them: somebody inside now. */
export const hasNoExit = (eb: ExpressionBuilder<Database & { m: Database['gate_movements'] }, 'm'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('gate_movements as x')
        .select(sql<number>`1`.as('one'))
        .whereRef('x.entry_id', '=', 'm.id')
        .where('x.kind', '=', 'exit'),
    ),
  );
