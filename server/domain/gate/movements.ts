// Entries, exits and refusals at the caseta (src/api/gate.ts). Each is written in one transaction under the
// condominium's lock (domain/shared/condoLock.ts), so two devices letting the same single-use pass in at once
// record one entry, and each carries the id its device made (clientId): a retry or an offline batch sent twice
// finds its row and answers it again (duplicate: true) without writing. Online, the server refuses what the
// pass does not allow; offline (the device already let the visitor in), it records anyway and notes the
// conflict for the administrator. Nothing here ever updates or deletes a movement: corrections are new rows.
import type { Kysely, Selectable } from 'kysely';
import {
  type GateConflict,
  type GateEntryRequest,
  type GateExitRequest,
  type GateMovementAnswer,
  type GateRefusalRequest,
  gateVerdict,
} from '../../../src/api/gate';
import type { PassWindow } from '../../../src/api/passCheck';
import type { Database, PassTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { type DeviceTimeWords, deviceInstant } from '../shared/deviceTime';
import { weekdays } from '../shared/visitorPasses';
import { inZone, timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { passEntries } from './check';
import { movementByClientId, movementById } from './movementRows';

type Db = Kysely<Database>;

const MOVEMENT_TIME_WORDS: DeviceTimeWords = { inFuture: 'gate.occurredInFuture', tooLongAgo: 'gate.occurredTooLongAgo' };

/** What every movement shares: where and when, by whom, on which device, under which id. */
interface Recording {
  clientId: string;
  occurredAt: string;
  /** 'YYYY-MM-DD HH:mm' in the condominium's zone. */
  occurredLocal: string;
  timeZone: string;
  receivedAt: string;
  accessPoint: string | null;
  deviceId: number | null;
}

type DeviceMade = Pick<GateEntryRequest, 'clientId' | 'occurredAt' | 'accessPoint'>;

/**
 * The movement's time and place. The device's time is taken within the limits of shared/deviceTime.ts (a clock a
 * little ahead, an offline batch days late); anything beyond is a wrong clock, refused (400).
 */
async function recordingOf(db: Db, clock: Clock, auth: Auth, request: DeviceMade): Promise<Recording> {
  const now = clock.now();
  const occurredAt = deviceInstant(now, request.occurredAt, MOVEMENT_TIME_WORDS).toISOString();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const deviceId = auth.deviceId ?? null;
  let accessPoint = request.accessPoint?.trim() || null;
  if (!accessPoint && deviceId !== null) {
    const device = await db
      .selectFrom('gate_devices')
      .select('access_point')
      .where('id', '=', deviceId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    accessPoint = device?.access_point ?? null;
  }
  return {
    // One device id, however the device wrote its letters: a retry in capitals is the same movement.
    clientId: request.clientId.toLowerCase(),
    occurredAt,
    occurredLocal: utcToLocal(occurredAt, timeZone).replace('T', ' '),
    timeZone,
    receivedAt: now.toISOString(),
    accessPoint,
    deviceId,
  };
}

const passNotFound = () => new AppError(404, 'NOT_FOUND', 'gate.passNotFound');

/** A pass of the caller's condominium with what its verdict weighs; 404 for any other. */
async function passOf(db: Db, condoId: number, passId: number): Promise<{ row: Selectable<PassTable>; window: PassWindow }> {
  const found = await db
    .selectFrom('passes as p')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .selectAll('p')
    .select('e.status as eventStatus')
    .where('p.id', '=', passId)
    .where('p.condo_id', '=', condoId)
    .executeTakeFirst();
  if (!found) throw passNotFound();
  const { eventStatus, ...row } = found;
  return {
    row,
    window: {
      FechaInicio: row.fecha_inicio,
      FechaFin: row.fecha_fin,
      HoraInicio: row.hora_inicio,
      HoraFin: row.hora_fin,
      DiasAcceso: weekdays(row.dias_acceso),
      revoked: row.revoked_at !== null,
      eventCancelled: eventStatus === 'cancelado',
    },
  };
}

/** A dwelling of the caller's condominium (404 for any other), or null when none is named. */
async function dwellingOf(db: Db, condoId: number, apartmentId: number | null | undefined): Promise<number | null> {
  if (apartmentId === null || apartmentId === undefined) return null;
  const found = await db
    .selectFrom('apartments')
    .select('id')
    .where('id', '=', apartmentId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!found) throw new AppError(404, 'NOT_FOUND', 'gate.dwellingNotFound');
  return found.id;
}

/**
 * Runs `write` in one transaction under the condominium's lock, unless the device's id was recorded before:
 * then that row is the answer and nothing is written. Two copies of one batch arriving at once on two server
 * processes both pass the first look; the unique index (condo_id, client_id) refuses the second insert, whose
 * answer is then the row the first wrote.
 */
async function once(db: Db, auth: Auth, clientId: string, write: (trx: Db) => Promise<number>): Promise<GateMovementAnswer> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCondo(trx, auth.condoId);
      const recorded = await movementByClientId(trx, auth.condoId, clientId);
      if (recorded) return { success: true as const, data: recorded, duplicate: true };
      const id = await write(trx);
      const data = await movementById(trx, auth.condoId, id);
      if (!data) throw new Error(`movement ${id} vanished in its own transaction`);
      return { success: true as const, data, duplicate: false };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const recorded = await movementByClientId(db, auth.condoId, clientId);
    if (recorded) return { success: true, data: recorded, duplicate: true };
    throw error;
  }
}

/** What an offline movement's pass verdict is noted as. */
const conflictOf = (verdict: string): GateConflict =>
  verdict === 'revoked' ? 'revoked' : verdict === 'usedUp' ? 'usedUp' : 'notAllowed';

export async function recordEntry(db: Db, clock: Clock, auth: Auth, request: GateEntryRequest): Promise<GateMovementAnswer> {
  const at = await recordingOf(db, clock, auth, request);
  // A walk-in names its dwelling; checked before the transaction so a bad request never waits for the lock.
  if (!request.passId && !request.apartmentId) throw new AppError(400, 'BAD_REQUEST', 'gate.dwellingRequired', 'apartmentId');
  return once(db, auth, at.clientId, async (trx) => {
    let conflict: GateConflict | null = null;
    let fromPass: { pass_id: number; pass_kind: string; apartment_id: number | null; plates: string | null } | null = null;
    if (request.passId) {
      const { row, window } = await passOf(trx, auth.condoId, request.passId);
      const { entriesUsed } = await passEntries(trx, row.id);
      const { verdict, reason } = gateVerdict(window, inZone(at.occurredAt, at.timeZone), row.entry_limit ?? null, entriesUsed);
      if (verdict !== 'valid') {
        if (!request.offline) {
          if (verdict === 'usedUp') throw new AppError(409, 'CONFLICT', 'gate.usedUp', undefined, { reason });
          throw new AppError(
            409,
            'CONFLICT',
            { id: 'gate.notAllowed', values: { reason: { id: `gate.why.${reason ?? 'unknown'}` } } },
            undefined,
            { reason },
          );
        }
        conflict = conflictOf(verdict);
      }
      fromPass = { pass_id: row.id, pass_kind: row.tipo, apartment_id: row.apartment_id, plates: row.placas };
    }
    const apartmentId = fromPass?.apartment_id ?? (await dwellingOf(trx, auth.condoId, request.apartmentId));
    const { id } = await trx
      .insertInto('gate_movements')
      .values({
        condo_id: auth.condoId,
        client_id: at.clientId,
        kind: 'entry',
        pass_id: fromPass?.pass_id ?? null,
        apartment_id: apartmentId,
        visitor_name: request.visitorName.trim(),
        pass_kind: fromPass?.pass_kind ?? null,
        people: request.people,
        plates: request.plates?.trim() || fromPass?.plates || null,
        access_point: at.accessPoint,
        note: request.note?.trim() || null,
        reason: null,
        entry_id: null,
        device_id: at.deviceId,
        guard_user_id: auth.userId,
        occurred_at: at.occurredAt,
        occurred_local: at.occurredLocal,
        received_at: at.receivedAt,
        conflict,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function recordExit(db: Db, clock: Clock, auth: Auth, request: GateExitRequest): Promise<GateMovementAnswer> {
  const at = await recordingOf(db, clock, auth, request);
  return once(db, auth, at.clientId, async (trx) => {
    const entry = await trx
      .selectFrom('gate_movements')
      .selectAll()
      .where('id', '=', request.entryId)
      .where('condo_id', '=', auth.condoId)
      .where('kind', '=', 'entry')
      .executeTakeFirst();
    if (!entry) throw new AppError(404, 'NOT_FOUND', 'gate.entryNotFound');
    const out = await trx
      .selectFrom('gate_movements')
      .select('id')
      .where('entry_id', '=', entry.id)
      .where('kind', '=', 'exit')
      .executeTakeFirst();
    if (out && !request.offline) throw new AppError(409, 'CONFLICT', 'gate.alreadyOut');
    const { id } = await trx
      .insertInto('gate_movements')
      .values({
        condo_id: auth.condoId,
        client_id: at.clientId,
        kind: 'exit',
        pass_id: entry.pass_id,
        apartment_id: entry.apartment_id,
        visitor_name: entry.visitor_name,
        pass_kind: entry.pass_kind,
        people: entry.people,
        plates: entry.plates,
        access_point: at.accessPoint,
        note: request.note?.trim() || null,
        reason: null,
        entry_id: entry.id,
        device_id: at.deviceId,
        guard_user_id: auth.userId,
        occurred_at: at.occurredAt,
        occurred_local: at.occurredLocal,
        received_at: at.receivedAt,
        conflict: out ? 'alreadyOut' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function recordRefusal(db: Db, clock: Clock, auth: Auth, request: GateRefusalRequest): Promise<GateMovementAnswer> {
  const at = await recordingOf(db, clock, auth, request);
  return once(db, auth, at.clientId, async (trx) => {
    const pass = request.passId ? (await passOf(trx, auth.condoId, request.passId)).row : null;
    const apartmentId = pass?.apartment_id ?? (await dwellingOf(trx, auth.condoId, request.apartmentId));
    const { id } = await trx
      .insertInto('gate_movements')
      .values({
        condo_id: auth.condoId,
        client_id: at.clientId,
        kind: 'refusal',
        pass_id: pass?.id ?? null,
        apartment_id: apartmentId,
        visitor_name: request.visitorName.trim(),
        pass_kind: pass?.tipo ?? null,
        people: 1,
        plates: pass?.placas ?? null,
        access_point: at.accessPoint,
        note: request.note?.trim() || null,
        reason: request.reason,
        entry_id: null,
        device_id: at.deviceId,
        guard_user_id: auth.userId,
        occurred_at: at.occurredAt,
        occurred_local: at.occurredLocal,
        received_at: at.receivedAt,
        conflict: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}
