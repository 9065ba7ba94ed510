// Shifts on a paired gate device (issue 26): the device lists who may start one (the condominium's members the
// caseta rule lets in, src/api/permissions.ts canUseGate: name and membership only), and a guard's PIN opens a
// shift session (sessions.kind 'gate', device_id the device) of at most SHIFT_MAX_HOURS. One guard is on duty
// per device: opening a shift ends the one before it on that device. resolveSession (sessions/sessions.ts)
// refuses the shift once the device is revoked; routes/guards.ts refuses it on every route but the gate's.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { SHIFT_MAX_HOURS, type ShiftMember, type ShiftRequest } from '../../../src/api/gateDevices';
import { canUseGate, PERMISSION } from '../../../src/api/permissions';
import { privacyNoticePending } from '../../../src/api/sessions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import { decoyHash, verifyPassword } from '../../infra/passwords';
import { createSession, type SessionClient } from '../shared/sessionRows';
import type { PairedDeviceRow } from './pairing';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';

/** Wrong PIN, no PIN, or not somebody who may keep this gate: one answer, so the list cannot be probed. */
const wrongPin = () => new AppError(401, ErrorCodes.unauthenticated, 'gateDevices.error.wrongPin', 'pin');

interface StaffRow {
  membership_id: number;
  user_id: number;
  name: string;
  is_admin: number;
  is_guard: number;
  is_supervisor: number;
  pass_check: number | null;
  pin_hash: string | null;
}

/** The condominium's active members who hold a gate role, with what canUseGate reads and their PIN. */
async function staffRows(db: Kysely<Database>, condoId: number, membershipId?: number): Promise<StaffRow[]> {
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('user_permissions as p', (join) =>
      join.onRef('p.membership_id', '=', 'm.id').on('p.clave', '=', PERMISSION.passCheck),
    )
    .leftJoin('gate_pins as g', 'g.membership_id', 'm.id')
    .select([
      'm.id as membership_id',
      'u.id as user_id',
      'u.name',
      'm.is_admin',
      'm.is_guard',
      'm.is_supervisor',
      'p.activa as pass_check',
      'g.pin_hash',
    ])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where((eb) => eb.or([eb('m.is_admin', '=', 1), eb('m.is_guard', '=', 1), eb('m.is_supervisor', '=', 1)]));
  if (membershipId !== undefined) query = query.where('m.id', '=', membershipId);
  const rows = await query.orderBy('u.name').orderBy('m.id').execute();
  return rows.filter((r) =>
    canUseGate({
      usuario: { UserIsAdmin: yesNo(r.is_admin), UserIsGuard: yesNo(r.is_guard), UserIsSupervisor: yesNo(r.is_supervisor) },
      usuarioPermisos:
        r.pass_check === null ? [] : [{ Clave: PERMISSION.passCheck, Tipo: 'ver', Activa: r.pass_check === 1 ? 1 : 0 }],
    }),
  );
}

/** Who may start a shift on the device, by name. */
export async function shiftStaff(db: Kysely<Database>, device: PairedDeviceRow): Promise<ShiftMember[]> {
  const rows = await staffRows(db, device.condo_id);
  return rows.map((r) => ({ membershipId: r.membership_id, name: r.name, hasPin: r.pin_hash !== null }));
}

let decoy: Promise<string> | null = null;

export async function openShift(
  db: Kysely<Database>,
  scryptLogN: number,
  clock: Clock,
  device: PairedDeviceRow,
  request: ShiftRequest,
  client: SessionClient,
): Promise<{ token: string }> {
  const [member] = await staffRows(db, device.condo_id, request.membershipId);
  if (!member?.pin_hash) {
    // The same time as a real check: the answer's delay does not tell who has a PIN.
    decoy ??= decoyHash(scryptLogN);
    await verifyPassword(request.pin, await decoy);
    throw wrongPin();
  }
  if (!(await verifyPassword(request.pin, member.pin_hash))) throw wrongPin();
  const condo = await db
    .selectFrom('condominiums as c')
    .innerJoin('memberships as m', 'm.condo_id', 'c.id')
    .select(['c.status', 'c.login_error', 'c.aviso_privacidad', 'c.aviso_activo', 'm.privacy_accepted_at'])
    .where('m.id', '=', member.membership_id)
    .executeTakeFirstOrThrow();
  if (condo.status === 'I') throw new AppError(403, ErrorCodes.forbidden, 'errors.session.notMember');
  if (condo.login_error) throw new AppError(403, ErrorCodes.forbidden, { text: condo.login_error });
  // A shift session is never held by the privacy notice (resolveSession): the guard accepts it in their own
  // session first.
  const noticeWaits = privacyNoticePending({
    notice: condo.aviso_privacidad,
    active: condo.aviso_activo === 1,
    accepted: condo.privacy_accepted_at !== null,
  });
  if (noticeWaits) throw new AppError(403, ErrorCodes.forbidden, 'gateDevices.error.noticePending');

  const now = clock.now();
  const end = addMinutes(now, SHIFT_MAX_HOURS * 60).toISOString();
  const token = await db.transaction().execute(async (trx) => {
    // One guard on duty per device: whoever was on it before is off now.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('device_id', '=', device.id)
      .where('kind', '=', 'gate')
      .where('revoked_at', 'is', null)
      .execute();
    const session = await createSession(trx, clock, {
      userId: member.user_id,
      condoId: device.condo_id,
      kind: 'gate',
      rememberMe: false,
      expiresAt: end,
      absoluteExpiresAt: end,
      client,
    });
    await trx.updateTable('sessions').set({ device_id: device.id }).where('id', '=', session.id).execute();
    return session.token;
  });
  return { token };
}
