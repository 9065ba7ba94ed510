// Shared by the permissions tab's server tests: membership ids by e-mail and condominium, and the calls.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { MEMBER_PERMISSIONS_PATHS, type MemberPermissions, type PermissionSet } from '../../src/api/memberPermissions';
import { api } from './http';
import { call, type TestApp } from './testApp';

export async function membershipOf(db: Kysely<Database>, email: string, subdomain = 'palmas'): Promise<number> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select('m.id')
    .where('u.email', '=', email)
    .where('c.subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const permissionsClient = (t: () => TestApp) => ({
  list: (token: string | undefined, query = '') =>
    call(t().app, 'GET', api(`${MEMBER_PERMISSIONS_PATHS.list}${query}`), { token }),
  read: (token: string | undefined, membershipId: number) =>
    call(t().app, 'GET', api(MEMBER_PERMISSIONS_PATHS.member(membershipId)), { token }),
  async member(token: string, membershipId: number): Promise<MemberPermissions> {
    const res = await call(t().app, 'GET', api(MEMBER_PERMISSIONS_PATHS.member(membershipId)), { token });
    if (res.statusCode !== 200) throw new Error(`read ${membershipId}: ${res.statusCode} ${res.body}`);
    return (res.json() as { miembro: MemberPermissions }).miembro;
  },
  save: (token: string | undefined, membershipId: number, version: string, set: PermissionSet) =>
    call(t().app, 'POST', api(MEMBER_PERMISSIONS_PATHS.save), { token, payload: { membershipId, version, set } }),
});

/** The set with one permission key switched on or off. */
export const withPermission = (set: PermissionSet, clave: string, activa: boolean, tipo?: string): PermissionSet => ({
  ...set,
  permisos: set.permisos.map((p) => (p.clave === clave ? { ...p, activa, ...(tipo ? { tipo } : {}) } : p)),
});

export const withRoles = (set: PermissionSet, roles: Partial<PermissionSet['roles']>): PermissionSet => ({
  ...set,
  roles: { ...set.roles, ...roles },
});
