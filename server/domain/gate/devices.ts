// The condominium's gate devices as its administrators manage them (dispositivos, issue 26): list, register
// (with a one-time pairing code), rename, a new code, revoke. Every change writes its history row in the same
// transaction. Revoking ends the device's token and every shift session opened on it at once: the token's
// hash stays (so the same token can never pair again by chance) and resolveSession refuses a revoked
// device's shifts anyway; the sessions are marked revoked too, so "who was on duty" reads ended shifts.
import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type GateDevice,
  type GateDeviceDraft,
  gateDeviceState,
  PAIRING_CODE_DIGITS,
  PAIRING_CODE_MINUTES,
} from '../../../src/api/gateDevices';
import type { SessionGateDevice } from '../../../src/api/sessions';
import type { Database, GateDeviceTable } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import { hashToken } from '../../infra/tokens';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';

type DeviceRow = Selectable<GateDeviceTable>;

/** The history's entity for a device's rows. */
export const GATE_DEVICE_ENTITY = 'gate_device';

export function deviceOf(row: DeviceRow, now: Date): GateDevice {
  const codeLive =
    row.pairing_code_hash !== null && row.pairing_expires_at !== null && row.pairing_expires_at > now.toISOString();
  return {
    id: row.id,
    name: row.name,
    accessPoint: row.access_point,
    state: gateDeviceState({ pairedAt: row.paired_at, revokedAt: row.revoked_at }),
    pairedAt: row.paired_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    pairingExpiresAt: codeLive && row.revoked_at === null ? row.pairing_expires_at : null,
    createdAt: row.created_at,
  };
}

/** A pairing code's hash: the codes are short, so the hash is keyed by the device (a table of 10^8 hashes
 * made once would not read every device's code). */
export const pairingCodeHash = (deviceId: number, code: string) => hashToken(`gate-device:${deviceId}:${code}`);

const newPairingCode = () => String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');

/** Every device of the condominium: live ones by name, then revoked ones, latest revoked first. */
export async function listDevices(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<GateDevice[]> {
  const rows = await db
    .selectFrom('gate_devices')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const now = clock.now();
  const live = rows.filter((r) => r.revoked_at === null);
  const revoked = rows
    .filter((r) => r.revoked_at !== null)
    .sort((a, b) => (b.revoked_at ?? '').localeCompare(a.revoked_at ?? ''));
  return [...live, ...revoked].map((r) => deviceOf(r, now));
}

/** The device of this condominium, taken for the transaction; another condominium's id or none: 404. */
async function deviceForChange(trx: Kysely<Database>, auth: Auth, id: number): Promise<DeviceRow> {
  await lockCondo(trx, auth.condoId);
  const row = await trx
    .selectFrom('gate_devices')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw notFound('errors.notFound.gateDevice');
  return row;
}

const revokedRefusal = () => new AppError(409, ErrorCodes.conflict, 'gateDevices.error.revoked');

/** A one-time code for the device (the previous one stops working), kept hashed, valid PAIRING_CODE_MINUTES. */
async function issueCode(trx: Kysely<Database>, id: number, now: Date): Promise<{ code: string; expiresAt: string }> {
  const code = newPairingCode();
  const expiresAt = addMinutes(now, PAIRING_CODE_MINUTES).toISOString();
  await trx
    .updateTable('gate_devices')
    .set({ pairing_code_hash: pairingCodeHash(id, code), pairing_expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
  return { code, expiresAt };
}

async function reread(trx: Kysely<Database>, id: number, now: Date): Promise<GateDevice> {
  return deviceOf(await trx.selectFrom('gate_devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), now);
}

export async function registerDevice(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: GateDeviceDraft,
): Promise<{ device: GateDevice; code: string; expiresAt: string }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const { id } = await trx
      .insertInto('gate_devices')
      .values({
        condo_id: auth.condoId,
        name: draft.name.trim(),
        access_point: draft.accessPoint.trim(),
        created_by_user_id: auth.userId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { code, expiresAt } = await issueCode(trx, id, now);
    const after = { name: draft.name.trim(), accessPoint: draft.accessPoint.trim() };
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: GATE_DEVICE_ENTITY,
      entityId: id,
      action: 'create',
      after,
      at: now,
    });
    return { device: await reread(trx, id, now), code, expiresAt };
  });
}

export async function updateDevice(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  draft: GateDeviceDraft,
): Promise<GateDevice> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await deviceForChange(trx, auth, id);
    if (row.revoked_at !== null) throw revokedRefusal();
    const after = { name: draft.name.trim(), accessPoint: draft.accessPoint.trim() };
    await trx
      .updateTable('gate_devices')
      .set({ name: after.name, access_point: after.accessPoint })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: GATE_DEVICE_ENTITY,
      entityId: id,
      action: 'update',
      before: { name: row.name, accessPoint: row.access_point },
      after,
      at: now,
    });
    return reread(trx, id, now);
  });
}

/**
 * A new pairing code for a device that is not revoked: for one whose code expired, or a paired one to be
 * paired again (its browser storage was wiped, or it is replaced by another tablet). Typing it pairs the device
 * anew and its old token stops working then; until then the old token keeps working.
 */
export async function newPairingCodeFor(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
): Promise<{ device: GateDevice; code: string; expiresAt: string }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await deviceForChange(trx, auth, id);
    if (row.revoked_at !== null) throw revokedRefusal();
    const { code, expiresAt } = await issueCode(trx, id, now);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: GATE_DEVICE_ENTITY,
      entityId: id,
      action: 'codigo',
      at: now,
    });
    return { device: await reread(trx, id, now), code, expiresAt };
  });
}

/** Revokes the device: its token and its pending code stop working, and every shift session on it ends. */
export async function revokeDevice(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<GateDevice> {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await deviceForChange(trx, auth, id);
    // Revoking twice changes nothing and writes nothing.
    if (row.revoked_at !== null) return deviceOf(row, now);
    await trx
      .updateTable('gate_devices')
      .set({ revoked_at: nowIso, pairing_code_hash: null, pairing_expires_at: null })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso })
      .where('device_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: GATE_DEVICE_ENTITY,
      entityId: id,
      action: 'revocar',
      before: { state: gateDeviceState({ pairedAt: row.paired_at, revokedAt: null }) },
      after: { state: 'revoked' },
      at: now,
    });
    return reread(trx, id, now);
  });
}

/** The device a shift session was opened on, for session data; null for a person's own session. */
export async function sessionDevice(db: Kysely<Database>, auth: Auth): Promise<SessionGateDevice | null> {
  if (auth.deviceId == null) return null;
  const row = await db
    .selectFrom('gate_devices')
    .select(['id', 'name', 'access_point'])
    .where('id', '=', auth.deviceId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, accessPoint: row.access_point } : null;
}
