// The movement log (bitacora-movimientos, src/api/gate.ts MOVEMENT_PATHS): the condominium's entries, exits
// and refusals, newest first, filtered and paged, and the same set as a CSV (movementCsv.ts). Gate staff and
// administrators (canReadWholeMovementLog) read every row; any other member only their own dwellings' visits
// ("Mis visitas"). Only reads: nothing updates or deletes a movement.
//
// Days filter occurred_local ('YYYY-MM-DD HH:mm' in the condominium's zone) by range, so the indexes
// (condo_id, occurred_local) and (condo_id, apartment_id, occurred_local) serve a year of movements.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { MOVEMENT_PAGE_SIZE, type MovementFilters, type MovementListAnswer, type MovementQuery } from '../../../src/api/gate';
import { canReadWholeMovementLog } from '../../../src/api/permissions';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchNeedle } from '../../../src/api/search';
import type { Database } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import type { Auth } from '../shared/auth';
import { loadAccess } from '../shared/sessionData';
import { timeZoneOf } from '../shared/zonedTime';
import { MOVEMENT_COLUMNS, type MovementRow, movementsFrom, toMovement } from './movementRows';
import { accessPointChoices, dwellingChoices } from './today';

type Db = Kysely<Database>;

/** Whose rows the caller reads: every dwelling's, or only these dwellings'. */
export interface MovementScope {
  ownOnly: boolean;
  dwellings: number[];
}

export async function movementScope(db: Db, auth: Auth): Promise<MovementScope> {
  if (canReadWholeMovementLog(await loadAccess(db, auth))) return { ownOnly: false, dwellings: [] };
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('a.id')
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.condo_id', '=', auth.condoId)
    .orderBy('a.id')
    .execute();
  return { ownOnly: true, dwellings: rows.map((r) => r.id) };
}

/** The day after a YYYY-MM-DD calendar day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The dwelling's name as the log shows it ('Torre A - 101') contains what was typed (textSearch.ts's fold). */
function dwellingContains(typed: string): Expression<SqlBool> | null {
  const needle = searchNeedle(typed);
  if (!needle) return null;
  const name = sql<string>`coalesce(${sql.ref('t.name')} || ' - ', '') || ${sql.ref('a.name')}`;
  return sql<SqlBool>`translate(${name}, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO}) like ${`%${escapeLike(needle)}%`} escape '\\'`;
}

/** The filters on the movement's own columns, as conditions any query over `gate_movements as m` can take. */
function ownConditions(scope: MovementScope, filters: MovementFilters): Expression<SqlBool>[] {
  const m = (column: string) => sql.ref(`m.${column}`);
  const conditions: Expression<SqlBool>[] = [];
  if (scope.ownOnly) {
    // A member with no dwelling here has no visits: nothing matches an empty list.
    conditions.push(
      scope.dwellings.length ? sql<SqlBool>`${m('apartment_id')} in (${sql.join(scope.dwellings)})` : sql<SqlBool>`1 = 0`,
    );
  }
  if (filters.desde !== undefined) conditions.push(sql<SqlBool>`${m('occurred_local')} >= ${filters.desde}`);
  if (filters.hasta !== undefined) conditions.push(sql<SqlBool>`${m('occurred_local')} < ${nextDay(filters.hasta)}`);
  if (filters.vivienda !== undefined) conditions.push(sql<SqlBool>`${m('apartment_id')} = ${filters.vivienda}`);
  if (filters.tipo !== undefined) conditions.push(sql<SqlBool>`${m('kind')} = ${filters.tipo}`);
  if (filters.guardia !== undefined) conditions.push(sql<SqlBool>`${m('guard_user_id')} = ${filters.guardia}`);
  if (filters.acceso !== undefined) conditions.push(sql<SqlBool>`${m('access_point')} = ${filters.acceso}`);
  return conditions;
}

/** The scope's rows that pass the filters, with what their answer joins. */
export function filteredMovements(db: Db, condoId: number, scope: MovementScope, filters: MovementFilters) {
  let query = movementsFrom(db, condoId);
  const conditions = ownConditions(scope, filters);
  if (conditions.length) query = query.where((eb) => eb.and(conditions));
  if (filters.q !== undefined) {
    const text = containsSearch(filters.q, ['m.visitor_name', 'm.plates']);
    const dwelling = dwellingContains(filters.q);
    if (text && dwelling) query = query.where((eb) => eb.or([text, dwelling]));
  }
  return query;
}

/** How many rows pass the filters. Without a text search nothing needs the joins: the count reads the
 * movements alone, through the (condo, dwelling, time) or (condo, time) index. */
async function countMovements(db: Db, condoId: number, scope: MovementScope, filters: MovementFilters): Promise<number> {
  if (filters.q !== undefined) {
    const joined = await filteredMovements(db, condoId, scope, filters)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(joined.n);
  }
  let query = db.selectFrom('gate_movements as m').where('m.condo_id', '=', condoId);
  const conditions = ownConditions(scope, filters);
  if (conditions.length) query = query.where((eb) => eb.and(conditions));
  const own = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(own.n);
}

/** One page of rows, newest first. */
export async function movementRows(
  db: Db,
  condoId: number,
  scope: MovementScope,
  filters: MovementFilters,
  limit: number,
  offset: number,
) {
  const rows = (await filteredMovements(db, condoId, scope, filters)
    .select((eb) => MOVEMENT_COLUMNS(eb))
    .orderBy('m.occurred_local', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()) as MovementRow[];
  return rows.map(toMovement);
}

/** The access points one may filter by: the condominium's, and every device's (a revoked one's rows stay). Read
 * from those small tables, not from the movements: a DISTINCT over a year of movements costs a scan of them all. */
async function logAccessPoints(db: Db, condoId: number): Promise<string[]> {
  const devices = await db
    .selectFrom('gate_devices')
    .select('access_point')
    .where('condo_id', '=', condoId)
    .orderBy('id')
    .execute();
  const choices = await accessPointChoices(db, condoId);
  return [...new Set([...choices, ...devices.map((d) => d.access_point)])];
}

/** Who may have recorded movements: the condominium's gate staff and administrators (not a scan of the log). */
async function gateStaff(db: Db, condoId: number) {
  return db
    .selectFrom('memberships as ms')
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .select(['u.id', 'u.name'])
    .where('ms.condo_id', '=', condoId)
    .where((eb) => eb.or([eb('ms.is_guard', '=', 1), eb('ms.is_supervisor', '=', 1), eb('ms.is_admin', '=', 1)]))
    .orderBy('u.name')
    .execute();
}

export async function listMovements(db: Db, auth: Auth, query: MovementQuery): Promise<MovementListAnswer> {
  const scope = await movementScope(db, auth);
  const timeZone = await timeZoneOf(db, auth.condoId);
  const items = await movementRows(db, auth.condoId, scope, query, query.limit ?? MOVEMENT_PAGE_SIZE, query.offset ?? 0);
  const total = await countMovements(db, auth.condoId, scope, query);
  // A resident filters by their own dwellings only, and is not shown who keeps the gate.
  const guards = scope.ownOnly ? [] : await gateStaff(db, auth.condoId);
  return {
    success: true,
    items,
    total,
    timeZone,
    ownOnly: scope.ownOnly,
    guards: guards.map((g) => ({ id: g.id, name: g.name })),
    accessPoints: await logAccessPoints(db, auth.condoId),
    dwellings: await dwellingChoices(db, auth.condoId, scope.ownOnly ? scope.dwellings : undefined),
  };
}
