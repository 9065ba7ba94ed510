// Pairing a gate device (dispositivos/register/{id}, issue 26): the device, with nobody signed in on it, sends the
// one-time code its administrator read out; a right code that has not expired, on a device not revoked, gives
// the device its own long random token (only its SHA-256 is kept) and spends the code. From then on the device
// names itself with that token (the gate-device header) on its own calls: the shift screen's staff list and
// opening a shift. Refusals say nothing about which part was wrong (unknown device, wrong or expired code).
import { timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { PairedDevice } from '../../../src/api/gateDevices';
import type { Database, GateDeviceTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { hashToken, newToken } from '../../infra/tokens';
import { recordAudit } from '../shared/audit';
import { ceilToMinute } from '../shared/sessionRows';
import { GATE_DEVICE_ENTITY, pairingCodeHash } from './devices';

const wrongCode = () => new AppError(401, ErrorCodes.unauthenticated, 'gateDevices.error.wrongCode', 'code');

/** The device's token opens nothing (never paired, paired again elsewhere, revoked): the device must pair again. */
export const unknownDevice = () => new AppError(401, ErrorCodes.unauthenticated, 'gateDevices.error.unknownDevice');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function pairDevice(db: Kysely<Database>, clock: Clock, id: number, code: string): Promise<PairedDevice> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const token = newToken();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('gate_devices as d')
      .innerJoin('condominiums as c', 'c.id', 'd.condo_id')
      .select([
        'd.id',
        'd.condo_id',
        'd.name',
        'd.access_point',
        'd.pairing_code_hash',
        'd.pairing_expires_at',
        'c.name as condo_name',
      ])
      .where('d.id', '=', id)
      .where('d.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.pairing_code_hash === null || row.pairing_expires_at === null || row.pairing_expires_at <= nowIso)
      throw wrongCode();
    if (!sameHash(row.pairing_code_hash, pairingCodeHash(id, code))) throw wrongCode();
    // Spent in the statement that pairs, on the hash it was checked against: two devices racing with one code
    // cannot both win.
    const paired = await trx
      .updateTable('gate_devices')
      .set({ token_hash: hashToken(token), paired_at: nowIso, pairing_code_hash: null, pairing_expires_at: null })
      .where('id', '=', id)
      .where('pairing_code_hash', '=', row.pairing_code_hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(paired.numUpdatedRows) !== 1) throw wrongCode();
    await recordAudit(trx, {
      condoId: row.condo_id,
      actorUserId: null,
      entity: GATE_DEVICE_ENTITY,
      entityId: id,
      action: 'vincular',
      at: now,
    });
    return {
      token,
      deviceId: row.id,
      deviceName: row.name,
      accessPoint: row.access_point,
      condoId: row.condo_id,
      condoName: row.condo_name,
    };
  });
}

export type PairedDeviceRow = Pick<Selectable<GateDeviceTable>, 'id' | 'condo_id' | 'name' | 'access_point' | 'last_used_at'>;

/**
 * The paired, unrevoked device a token names, or 401. Its use is its last use (gate_devices.last_used_at),
 * written at most once a minute like a session's.
 */
export async function resolveDevice(db: Kysely<Database>, clock: Clock, token: string | null): Promise<PairedDeviceRow> {
  if (!token) throw unknownDevice();
  const row = await db
    .selectFrom('gate_devices')
    .select(['id', 'condo_id', 'name', 'access_point', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw unknownDevice();
  await touchDevice(db, clock, row);
  return row;
}

/** Marks the device used now, unless it already was in this minute. */
export async function touchDevice(
  db: Kysely<Database>,
  clock: Clock,
  row: { id: number; last_used_at: string | null },
): Promise<void> {
  const now = clock.now();
  if (row.last_used_at !== null && ceilToMinute(now) <= ceilToMinute(new Date(row.last_used_at))) return;
  const nowIso = now.toISOString();
  await db
    .updateTable('gate_devices')
    .set({ last_used_at: nowIso })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', nowIso)]))
    .execute();
}
