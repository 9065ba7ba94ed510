// 'Verificar pase' (src/api/passCheck.ts): a guard of the condominium looks a pass up by its manual key or
// its QR's text and gets the visitor and the verdict of the shared rule, at the condominium's own time.
// Only passes of the caller's condominium are found: another condominium's code is as unknown as a typo.
import type { Kysely } from 'kysely';
import { type PassCheck, passVerdict } from '../../../src/api/passCheck';
import { canCheckPasses, PERMISSION } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { findPassByCode } from '../shared/passLookup';
import { inZone } from '../shared/zonedTime';

/** The pass page's not-found message (spec §8): the guard reads what a visitor would. */

const yesNo = (flag: number) => (flag === 1 ? ('Y' as const) : ('N' as const));

/** The caller's roles here and the condominium's time zone; 403 unless the shared rule lets them check. */
async function requireChecker(db: Kysely<Database>, auth: Auth): Promise<{ timeZone: string }> {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.is_admin', 'm.is_guard', 'm.is_supervisor', 'c.time_zone'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const usuario = {
    UserIsAdmin: yesNo(member.is_admin),
    UserIsGuard: yesNo(member.is_guard),
    UserIsSupervisor: yesNo(member.is_supervisor),
  };
  // Read at every check: a permission given or taken in configuracion counts from the next call.
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', auth.membershipId)
    .where('clave', '=', PERMISSION.passCheck)
    .execute();
  const usuarioPermisos = permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: p.activa === 1 ? 1 : 0 }) as const);
  if (!canCheckPasses({ usuario, usuarioPermisos })) throw forbidden();
  return { timeZone: member.time_zone };
}

export async function checkPass(db: Kysely<Database>, clock: Clock, auth: Auth, typed: string): Promise<PassCheck> {
  const { timeZone } = await requireChecker(db, auth);
  const { pass, window } = await findPassByCode(db, auth.condoId, typed);
  const now = inZone(clock.now(), timeZone);
  const { verdict, reason } = passVerdict(window, now);
  return { verdict, reason, checkedAt: now, pass };
}
