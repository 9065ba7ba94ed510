// configuracion, tab 'permisos' (src/api/memberPermissions.ts): reading the members of the caller's
// condominium and one member's editable set with its version (a digest of every stored row the set is made
// of, so any change, by this screen or another, makes a save on the old set stale).
import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  completeSet,
  MEMBER_PAGE_SIZE,
  type MemberFilter,
  type MemberListQuery,
  type MemberPage,
  type MemberPermissions,
  type MemberRoles,
  type PermissionSet,
} from '../../../src/api/memberPermissions';
import type { Database } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import { notFound } from '../../errors';
import type { Auth } from '../shared/auth';

const flag = (value: number) => value === 1;

interface RoleColumns {
  is_admin: number;
  is_board: number;
  is_employee: number;
  is_guard: number;
  is_supervisor: number;
}

export const rolesOf = (m: RoleColumns): MemberRoles => ({
  admin: flag(m.is_admin),
  board: flag(m.is_board),
  employee: flag(m.is_employee),
  guard: flag(m.is_guard),
  supervisor: flag(m.is_supervisor),
});

const STAFF = sql<number>`case when m.is_admin = 1 or m.is_board = 1 or m.is_employee = 1 or m.is_guard = 1 or m.is_supervisor = 1 then 0 else 1 end`;

/** The list's role filter as a condition on m. */
const ROLE_FILTER: Record<MemberFilter, RawBuilder<SqlBool>> = {
  admin: sql<SqlBool>`m.is_admin = 1`,
  board: sql<SqlBool>`m.is_board = 1`,
  employee: sql<SqlBool>`m.is_employee = 1`,
  guard: sql<SqlBool>`m.is_guard = 1`,
  supervisor: sql<SqlBool>`m.is_supervisor = 1`,
  staff: sql<SqlBool>`${STAFF} = 0`,
  resident: sql<SqlBool>`${STAFF} = 1`,
};

/** The members of the caller's condominium: staff first, then residents, each by name; searched by name or
 * e-mail (accents and case ignored). */
export async function listMembers(db: Kysely<Database>, auth: Auth, query: MemberListQuery): Promise<MemberPage> {
  const limit = query.limit ?? MEMBER_PAGE_SIZE;
  const offset = query.offset ?? 0;
  let base = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.condo_id', '=', auth.condoId);
  const search = containsSearch(query.q ?? '', ['u.name', 'u.email']);
  if (search) base = base.where(search);
  if (query.rol) base = base.where(ROLE_FILTER[query.rol]);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'm.id',
      'u.name',
      'u.email',
      'm.is_admin',
      'm.is_board',
      'm.is_employee',
      'm.is_guard',
      'm.is_supervisor',
      'm.active',
    ])
    .orderBy(STAFF)
    .orderBy('u.name')
    .orderBy('m.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const ids = rows.map((r) => r.id);
  const dwellings = ids.length
    ? await db
        .selectFrom('residencies as r')
        .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
        .leftJoin('towers as t', 't.id', 'a.tower_id')
        .select(['r.membership_id', 'a.name as apt', 't.name as tower'])
        .where('r.membership_id', 'in', ids)
        .orderBy('a.id')
        .execute()
    : [];
  return {
    success: true,
    miembros: rows.map((r) => ({
      membershipId: r.id,
      nombre: r.name,
      email: r.email,
      roles: rolesOf(r),
      activo: flag(r.active),
      viviendas: dwellings.filter((d) => d.membership_id === r.id).map((d) => (d.tower ? `${d.tower} - ${d.apt}` : d.apt)),
    })),
    total: Number(total),
    limit,
    offset,
  };
}

export interface StoredSet {
  membership: RoleColumns & { id: number; user_id: number; active: number; name: string; email: string };
  permissions: { clave: string; tipo: string; activa: number }[];
  functions: { funcion: string; tipo: number }[];
}

/** One membership of the condominium with its stored rows; null when it is not one of this condominium's. */
export async function readStored(db: Kysely<Database>, condoId: number, membershipId: number): Promise<StoredSet | null> {
  const membership = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'm.active',
      'm.is_admin',
      'm.is_board',
      'm.is_employee',
      'm.is_guard',
      'm.is_supervisor',
      'u.name',
      'u.email',
    ])
    .where('m.id', '=', membershipId)
    .where('m.condo_id', '=', condoId)
    .executeTakeFirst();
  if (!membership) return null;
  const permissions = await db
    .selectFrom('user_permissions')
    .select(['clave', 'tipo', 'activa'])
    .where('membership_id', '=', membershipId)
    .orderBy('clave')
    .execute();
  const functions = await db
    .selectFrom('role_functions')
    .select(['funcion', 'tipo'])
    .where('membership_id', '=', membershipId)
    .orderBy('funcion')
    .execute();
  return { membership, permissions, functions };
}

/** The version of the stored rows: any change to a flag, a key or a function gives another. */
export function versionOf(stored: StoredSet): string {
  const m = stored.membership;
  const canonical = JSON.stringify([
    [m.is_admin, m.is_board, m.is_employee, m.is_guard, m.is_supervisor, m.active],
    stored.permissions.map((p) => [p.clave, p.tipo, p.activa]),
    stored.functions.map((f) => [f.funcion, f.tipo]),
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

export const setOf = (stored: StoredSet): PermissionSet =>
  completeSet(
    rolesOf(stored.membership),
    stored.permissions.map((p) => ({ clave: p.clave, tipo: p.tipo, activa: p.activa === 1 })),
    stored.functions,
  );

export function memberAnswer(stored: StoredSet, auth: Auth): MemberPermissions {
  return {
    membershipId: stored.membership.id,
    nombre: stored.membership.name,
    email: stored.membership.email,
    activo: flag(stored.membership.active),
    esYo: stored.membership.id === auth.membershipId,
    version: versionOf(stored),
    set: setOf(stored),
  };
}

export async function readMember(db: Kysely<Database>, auth: Auth, membershipId: number): Promise<MemberPermissions> {
  const stored = await readStored(db, auth.condoId, membershipId);
  if (!stored) throw notFound();
  return memberAnswer(stored, auth);
}
