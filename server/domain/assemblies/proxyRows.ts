// What proxies (cartas poder) read (src/api/assemblyVotes.ts): the dwellings a person holds as owner (or, where
// tenants vote, as tenant), the residents who may be named holder, and the proxies of an assembly as the caller may
// see them. Shared inside the area by proxies.ts, the votes (a seat's holder) and the attendance list (rows.ts).
import type { Kysely } from 'kysely';
import type { AssemblyProxy, ProxyState } from '../../../src/api/assemblyVotes';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';

export const proxyNotFound = () => new AppError(404, ErrorCodes.notFound, 'assemblyVotes.refusal.proxyNotFound');

/** The caller's dwellings of this condominium held as one of `kinds` (residencies.kind), with their names. */
export async function dwellingsHeldBy(
  db: Kysely<Database>,
  auth: Auth,
  kinds: readonly ('owner' | 'tenant')[] = ['owner'],
): Promise<{ apartmentId: number; name: string }[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('m.user_id', '=', auth.userId)
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .where('a.active', '=', 1)
    .where('r.kind', 'in', [...kinds])
    .orderBy('a.id')
    .execute();
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ apartmentId: r.id, name: dwellingName(r.tower, r.name) }));
}

const byName = new Intl.Collator('es', { numeric: true }).compare;

/** The condominium's residents (an active member with a dwelling), by name: who may hold a proxy. */
export async function residentsOf(db: Kysely<Database>, condoId: number): Promise<{ userId: number; name: string }[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .distinct()
    .execute();
  return rows.map((r) => ({ userId: r.id, name: r.name })).sort((a, b) => byName(a.name, b.name) || a.userId - b.userId);
}

export type ProxyRow = Awaited<ReturnType<typeof proxyRowsOf>>[number];

/** The proxies of an assembly with their dwelling's and grantor's names. */
export async function proxyRowsOf(db: Kysely<Database>, assemblyId: number) {
  return db
    .selectFrom('assembly_proxies as p')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as g', 'g.id', 'p.grantor_id')
    .select([
      'p.id',
      'p.apartment_id',
      'p.holder_user_id',
      'p.holder_name',
      'p.state',
      'p.reason',
      'p.file_id',
      'p.grantor_id',
      'a.name as dwelling',
      't.name as tower',
      'g.name as grantor',
    ])
    .where('p.assembly_id', '=', assemblyId)
    .orderBy('p.id')
    .execute();
}

/** One proxy of the assembly; 404 for none or another assembly's. */
export async function proxyOf(db: Kysely<Database>, assemblyId: number, proxyId: number) {
  const row = await db
    .selectFrom('assembly_proxies')
    .selectAll()
    .where('id', '=', proxyId)
    .where('assembly_id', '=', assemblyId)
    .executeTakeFirst();
  if (!row) throw proxyNotFound();
  return row;
}

/** The accepted proxies of an assembly by dwelling: their holder (the attendance list, the seats). */
export async function acceptedProxies(db: Kysely<Database>, assemblyId: number) {
  const rows = await db
    .selectFrom('assembly_proxies')
    .select(['id', 'apartment_id', 'holder_user_id', 'holder_name'])
    .where('assembly_id', '=', assemblyId)
    .where('state', '=', 'accepted')
    .execute();
  return new Map(rows.map((r) => [r.apartment_id, r]));
}

export const proxyAnswer = (row: ProxyRow, mayWithdraw: boolean): AssemblyProxy => ({
  id: row.id,
  apartmentId: row.apartment_id,
  dwelling: dwellingName(row.tower, row.dwelling),
  grantor: row.grantor,
  holderUserId: row.holder_user_id,
  holderName: row.holder_name,
  state: row.state as ProxyState,
  reason: row.reason,
  hasDocument: row.file_id !== null,
  mayWithdraw,
});

/** The same holder: a resident by id, an outsider by name (case and spaces aside). */
export const sameHolder = (
  a: { holder_user_id: number | null; holder_name: string },
  b: { holder_user_id: number | null; holder_name: string },
) =>
  a.holder_user_id !== null || b.holder_user_id !== null
    ? a.holder_user_id === b.holder_user_id
    : a.holder_name.trim().toLocaleLowerCase('es') === b.holder_name.trim().toLocaleLowerCase('es');
