// The caseta's day (src/api/gate.ts GATE_PATHS.today): who is expected today (passes that let in today, now
// or later today, and the guests of today's events) and who is inside now (entries with no exit), with the
// entry form's choices (access points, dwellings). Everything in the condominium's zone.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { ExpectedVisitor, GateTodayAnswer, GateTodayQuery } from '../../../src/api/gate';
import { passVerdict } from '../../../src/api/passCheck';
import { anyContains } from '../../../src/api/search';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { weekdays } from '../shared/visitorPasses';
import { endOfLocalDay, inZone, startOfLocalDay, timeZoneOf } from '../shared/zonedTime';
import { hasNoExit, MOVEMENT_COLUMNS, type MovementRow, movementsFrom, toMovement } from './movementRows';

type Db = Kysely<Database>;

/** Rows a list carries at most: a caseta reads the first screens, and a search narrows the rest. */
const LIST_MAX = 200;

/** The condominium's dwellings as a walk-in's choices, 'Torre A - 101', in tower then dwelling order. */
export async function dwellingChoices(db: Db, condoId: number, onlyIds?: readonly number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  let query = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1);
  if (onlyIds) query = query.where('a.id', 'in', onlyIds);
  const rows = await query.orderBy('t.name').orderBy('a.id').execute();
  return rows.map((r) => ({ id: r.id, name: dwellingName(r.tower ?? null, r.name) }));
}

/** The access points the condominium names: its passes' (access_points) and its gate devices'. */
export async function accessPointChoices(db: Db, condoId: number): Promise<string[]> {
  const points = await db.selectFrom('access_points').select('name').where('condo_id', '=', condoId).orderBy('id').execute();
  const devices = await db
    .selectFrom('gate_devices')
    .select('access_point')
    .where('condo_id', '=', condoId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  return [...new Set([...points.map((p) => p.name), ...devices.map((d) => d.access_point)])];
}

export async function gateToday(db: Db, clock: Clock, auth: Auth, query: GateTodayQuery): Promise<GateTodayAnswer> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const now = inZone(clock.now(), timeZone);
  const today = now.date;
  const dayStart = startOfLocalDay(today, timeZone);
  const dayEnd = endOfLocalDay(today, timeZone);

  // Passes whose dates include today, and the passes of today's events (an event moved to today after its
  // guests registered keeps their passes' old dates). Weekdays and hours are the shared rule's, below.
  const rows = await db
    .selectFrom('passes as p')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as u', 'u.id', 'p.host_user_id')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .select([
      'p.id',
      'p.tipo',
      'p.nombre',
      'p.manual_key',
      'p.placas',
      'p.companions',
      'p.apartment_id',
      'p.dias_acceso',
      'p.fecha_inicio',
      'p.fecha_fin',
      'p.hora_inicio',
      'p.hora_fin',
      'a.name as aptName',
      't.name as towerName',
      'u.name as hostName',
      'e.name as eventName',
      'e.status as eventStatus',
      'e.starts_at as eventStartsAt',
    ])
    .where('p.condo_id', '=', auth.condoId)
    .where('p.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb.or([eb('p.fecha_inicio', 'is', null), eb('p.fecha_inicio', '<=', today)]),
          eb.or([eb('p.fecha_fin', 'is', null), eb('p.fecha_fin', '>=', today)]),
        ]),
        eb.and([eb('e.starts_at', '>=', dayStart), eb('e.starts_at', '<', dayEnd)]),
      ]),
    )
    .orderBy('p.nombre')
    .orderBy('p.id')
    .execute();

  const inside = (await movementsFrom(db, auth.condoId)
    .select((eb) => MOVEMENT_COLUMNS(eb))
    .where('m.kind', '=', 'entry')
    .where((eb) => hasNoExit(eb))
    .orderBy('m.occurred_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(LIST_MAX)
    .execute()) as MovementRow[];
  const insidePasses = new Set(inside.map((m) => m.pass_id).filter((id) => id !== null));

  const expected: ExpectedVisitor[] = [];
  for (const row of rows) {
    if (expected.length >= LIST_MAX) break;
    const eventToday = row.eventStartsAt !== null && row.eventStartsAt >= dayStart && row.eventStartsAt < dayEnd;
    // An event's guest comes on the event's day from its start: the event's date and hour are the pass's.
    const eventStart = eventToday ? inZone(row.eventStartsAt!, timeZone) : null;
    const window = {
      FechaInicio: eventStart ? eventStart.date : row.fecha_inicio,
      FechaFin: eventStart ? eventStart.date : row.fecha_fin,
      HoraInicio: eventStart ? eventStart.time : row.hora_inicio,
      HoraFin: eventStart ? null : row.hora_fin,
      DiasAcceso: weekdays(row.dias_acceso),
      revoked: false,
      eventCancelled: row.eventStatus === 'cancelado',
    };
    const { verdict, reason } = passVerdict(window, now);
    // Expected: lets in now, or later today (early). Not those whose hours are over (late).
    if (verdict !== 'valid' && !(verdict === 'outsideHours' && reason === 'early')) continue;
    const dwelling = row.aptName === null ? null : dwellingName(row.towerName, row.aptName);
    if (query.q?.trim() && !anyContains([row.nombre, row.placas ?? '', row.manual_key, dwelling ?? ''], query.q)) continue;
    expected.push({
      passId: row.id,
      kind: row.tipo,
      name: row.nombre,
      dwelling,
      apartmentId: row.apartment_id,
      host: row.hostName,
      event: row.eventName,
      hours: { from: window.HoraInicio, to: window.HoraFin },
      companions: row.companions,
      plates: row.placas,
      manualKey: row.manual_key,
      inside: insidePasses.has(row.id),
    });
  }

  return {
    success: true,
    today,
    timeZone,
    expected,
    inside: inside.map(toMovement),
    accessPoints: await accessPointChoices(db, auth.condoId),
    dwellings: await dwellingChoices(db, auth.condoId),
  };
}
