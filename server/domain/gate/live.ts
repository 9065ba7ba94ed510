// The live channel's word that a walk-in moved (issue 30): asked, answered by a resident, or decided by a guard.
// Told, in the change's transaction, to those whose screens show it: the caseta's people (permissions.canUseGate:
// administrators, and guards or supervisors holding ACC-PAS; a guard's shift session on a paired device is theirs
// too) and the dwelling's active residents (their pending walk-ins). The caseta waiting for an answer reads the
// walk-in again at once instead of every few seconds.
import type { Kysely } from 'kysely';
import { canUseGate, PERMISSION } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';

/** The condominium's active members who may use the caseta (canUseGate over their roles and ACC-PAS). */
export async function gateStaffOf(db: Kysely<Database>, condoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .leftJoin('user_permissions as p', (join) =>
      join.onRef('p.membership_id', '=', 'm.id').on('p.clave', '=', PERMISSION.passCheck),
    )
    .select(['m.user_id', 'm.is_admin', 'm.is_guard', 'm.is_supervisor', 'p.clave', 'p.tipo', 'p.activa'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where((eb) => eb.or([eb('m.is_admin', '=', 1), eb('m.is_guard', '=', 1), eb('m.is_supervisor', '=', 1)]))
    .execute();
  const staff = rows.filter((r) =>
    canUseGate({
      usuario: { UserIsAdmin: yesNo(r.is_admin), UserIsGuard: yesNo(r.is_guard), UserIsSupervisor: yesNo(r.is_supervisor) },
      usuarioPermisos: r.clave === null ? [] : [{ Clave: r.clave, Tipo: r.tipo ?? '', Activa: r.activa === 1 ? 1 : 0 }],
    }),
  );
  return [...new Set(staff.map((r) => r.user_id))];
}

/** The dwelling's active residents. */
async function residentsOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('m.user_id')
    .where('r.apartment_id', '=', apartmentId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function publishWalkIn(
  trx: Kysely<Database>,
  clock: Clock,
  walkIn: { id: number; condoId: number; apartmentId: number },
): Promise<void> {
  const people = [...(await gateStaffOf(trx, walkIn.condoId)), ...(await residentsOf(trx, walkIn.condoId, walkIn.apartmentId))];
  await publishLive(trx, clock, { condoId: walkIn.condoId, userIds: people, type: 'walkIn', data: { walkInId: walkIn.id } });
}
