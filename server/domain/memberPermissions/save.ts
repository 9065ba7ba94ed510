// Saving one member's set (configuracion, tab 'permisos'): the role flags, the permission keys and the role
// functions, all at once, against the version they were read at. Under the condominium's lock (a row lock on
// PostgreSQL; SQLite runs one writing transaction at a time on its one connection) the version is compared and
// the active administrators counted, so two saves that each remove one of the last two administrators cannot
// both pass: the second counts after the first. The change and its history rows are one transaction, and the
// member's next request reads the new rows (session data is read from the tables on every call).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  isCompleteSet,
  type MemberPermissions,
  type PermissionSet,
  type PermissionsRefusal,
  type SavePermissionsRequest,
} from '../../../src/api/memberPermissions';
import { removesLastAdmin } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { memberAnswer, readStored, type StoredSet, setOf, versionOf } from './read';

const REFUSAL_MESSAGE = {
  stale: 'memberPermissions.refused.stale',
  lastAdmin: 'memberPermissions.refused.lastAdmin',
} as const;

function refused(motivo: PermissionsRefusal, stored: StoredSet, auth: Auth): AppError {
  return new AppError(409, ErrorCodes.conflict, REFUSAL_MESSAGE[motivo], undefined, {
    motivo,
    miembro: memberAnswer(stored, auth),
  });
}

async function activeAdmins(trx: Kysely<Database>, condoId: number): Promise<number> {
  const { count } = await trx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('condo_id', '=', condoId)
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;
const sameRoles = (a: PermissionSet['roles'], b: PermissionSet['roles']) =>
  a.admin === b.admin && a.board === b.board && a.employee === b.employee && a.guard === b.guard && a.supervisor === b.supervisor;
const grantsOf = (set: PermissionSet) => ({ permisos: set.permisos, funciones: set.funciones });
const sameGrants = (a: PermissionSet, b: PermissionSet) => JSON.stringify(grantsOf(a)) === JSON.stringify(grantsOf(b));

async function writeGrants(trx: Kysely<Database>, stored: StoredSet, set: PermissionSet): Promise<void> {
  const membershipId = stored.membership.id;
  for (const p of set.permisos) {
    const values = { tipo: p.tipo, activa: bit(p.activa) };
    if (stored.permissions.some((s) => s.clave === p.clave)) {
      await trx
        .updateTable('user_permissions')
        .set(values)
        .where('membership_id', '=', membershipId)
        .where('clave', '=', p.clave)
        .execute();
    } else {
      await trx
        .insertInto('user_permissions')
        .values({ membership_id: membershipId, clave: p.clave, ...values })
        .execute();
    }
  }
  for (const f of set.funciones) {
    if (stored.functions.some((s) => s.funcion === f.funcion)) {
      await trx
        .updateTable('role_functions')
        .set({ tipo: f.tipo })
        .where('membership_id', '=', membershipId)
        .where('funcion', '=', f.funcion)
        .execute();
    } else {
      await trx.insertInto('role_functions').values({ membership_id: membershipId, funcion: f.funcion, tipo: f.tipo }).execute();
    }
  }
}

export async function savePermissions(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: SavePermissionsRequest,
): Promise<MemberPermissions> {
  if (!isCompleteSet(request.set)) throw new AppError(400, ErrorCodes.badRequest, 'memberPermissions.refused.shape', 'set');
  return db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const stored = await readStored(trx, auth.condoId, request.membershipId);
    if (!stored) throw notFound();
    if (versionOf(stored) !== request.version) throw refused('stale', stored, auth);
    const before = setOf(stored);
    const after = request.set;
    const target = stored.membership;
    const targetIsActiveAdmin = target.is_admin === 1 && target.active === 1;
    if (removesLastAdmin(await activeAdmins(trx, auth.condoId), targetIsActiveAdmin, after.roles.admin)) {
      throw refused('lastAdmin', stored, auth);
    }
    const at = clock.now();
    const audit = { condoId: auth.condoId, actorUserId: auth.userId, entityId: target.id, at };
    if (!sameRoles(before.roles, after.roles)) {
      await trx
        .updateTable('memberships')
        .set({
          is_admin: bit(after.roles.admin),
          is_board: bit(after.roles.board),
          is_employee: bit(after.roles.employee),
          is_guard: bit(after.roles.guard),
          is_supervisor: bit(after.roles.supervisor),
        })
        .where('id', '=', target.id)
        .execute();
      await recordAudit(trx, { ...audit, entity: 'membership', action: 'roles', before: before.roles, after: after.roles });
    }
    if (!sameGrants(before, after)) {
      await writeGrants(trx, stored, after);
      await recordAudit(trx, {
        ...audit,
        entity: 'permissions',
        action: 'update',
        before: grantsOf(before),
        after: grantsOf(after),
      });
    }
    const fresh = await readStored(trx, auth.condoId, target.id);
    return memberAnswer(fresh!, auth);
  });
}
