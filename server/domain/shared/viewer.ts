// The viewer: the caller (or every member) in the shape the shared rules of src/api/permissions.ts read
// (CommunicationViewer: roles, permissions, towers). Shared: every area that applies those rules loads it
// (posts, tickets, polls, reservations, conversations, calendar, global search, management, communication home);
// and the caller's own dwellings (session data, my guests, tickets, polls, reservations).
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { CommunicationViewer } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from './auth';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';
const flag = (value: number) => (value === 1 ? 1 : 0) as 0 | 1;

/** The caller as the shared rules read them: their roles here, their permissions and their towers. */
export async function loadViewer(db: Kysely<Database>, auth: Auth): Promise<CommunicationViewer> {
  const member = await db
    .selectFrom('memberships')
    .select(['is_admin', 'is_board', 'is_employee', 'is_guard'])
    .where('id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', auth.membershipId)
    .execute();
  const towers = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('a.tower_id')
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.tower_id', 'is not', null)
    .orderBy('a.id')
    .execute();
  return {
    usuario: {
      UserId: auth.userId,
      UserIsAdmin: yesNo(member.is_admin),
      UserIsBoard: yesNo(member.is_board),
      UserIsEmployed: yesNo(member.is_employee),
      UserIsGuard: yesNo(member.is_guard),
    },
    usuarioPermisos: permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
    towerIds: [...new Set(towers.map((t) => t.tower_id!))],
  };
}

/** Every active member of the condominium as a viewer, with the users of one section (readers of a post). */
export async function loadMembers(
  db: Kysely<Database>,
  condoId: number,
  sectionId: number,
): Promise<{ viewer: CommunicationViewer; assigned: boolean }[]> {
  const members = await db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'is_admin', 'is_board', 'is_employee', 'is_guard'])
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .execute();
  const permissions = await db
    .selectFrom('user_permissions as p')
    .innerJoin('memberships as m', 'm.id', 'p.membership_id')
    .select(['p.membership_id', 'p.clave', 'p.tipo', 'p.activa'])
    .where('m.condo_id', '=', condoId)
    .execute();
  const towers = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['r.membership_id', 'a.tower_id'])
    .where('a.condo_id', '=', condoId)
    .where('a.tower_id', 'is not', null)
    .execute();
  const assigned = new Set(
    (await db.selectFrom('section_users').select('user_id').where('section_id', '=', sectionId).execute()).map((r) => r.user_id),
  );
  return members.map((m) => ({
    assigned: assigned.has(m.user_id),
    viewer: {
      usuario: {
        UserId: m.user_id,
        UserIsAdmin: yesNo(m.is_admin),
        UserIsBoard: yesNo(m.is_board),
        UserIsEmployed: yesNo(m.is_employee),
        UserIsGuard: yesNo(m.is_guard),
      },
      usuarioPermisos: permissions
        .filter((p) => p.membership_id === m.id)
        .map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
      towerIds: [...new Set(towers.filter((t) => t.membership_id === m.id).map((t) => t.tower_id!))],
    },
  }));
}

/** The caller's dwellings here, in id order: each with its own name, its tower's (none for a house), its share. */
export function callerDwellingRows(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower', 'a.indiviso'])
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.condo_id', '=', auth.condoId)
    .orderBy('a.id')
    .execute();
}

/** The caller's dwellings named as the screens show them ('Torre A - 101'), with their share. */
export async function callerDwellings(db: Kysely<Database>, auth: Auth) {
  const rows = await callerDwellingRows(db, auth);
  return rows.map((r) => ({ id: r.id, name: dwellingName(r.tower, r.name), indiviso: Number(r.indiviso) }));
}
