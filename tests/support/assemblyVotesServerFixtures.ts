// Set-up for the proxies' and item votes' server tests (issue 32): demo owners of Las Palmas with one dwelling each,
// the settings written straight in, a proxy request with a one-page PDF, and the calls of src/api/assemblyVotes.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import {
  closeItemPath,
  decideProxyPath,
  giveProxyPath,
  openItemPath,
  proxiesPath,
  recordVotePath,
  votePath,
  votingPath,
  withdrawProxyPath,
} from '../../src/api/assemblyVotes';
import { PDF_DATA_URL } from './documentsServerFixtures';
import { api } from './http';
import { call, type TestApp } from './testApp';

export interface DemoOwner {
  email: string;
  userId: number;
  name: string;
  apartmentId: number;
}

/**
 * Owners of Las Palmas (vecino0NN, past the five who have not accepted the privacy notice) who own exactly one
 * dwelling that no one else owns, in dwelling order.
 */
export async function demoOwners(db: Kysely<Database>, condoId: number): Promise<DemoOwner[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['u.id', 'u.email', 'u.name', 'r.apartment_id'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('a.active', '=', 1)
    .where('r.kind', '=', 'owner')
    .where('u.email', 'like', 'vecino%@demo.mx')
    .orderBy('r.apartment_id')
    .execute();
  const perUser = new Map<number, number>();
  const perDwelling = new Map<number, number>();
  for (const r of rows) {
    perUser.set(r.id, (perUser.get(r.id) ?? 0) + 1);
    perDwelling.set(r.apartment_id, (perDwelling.get(r.apartment_id) ?? 0) + 1);
  }
  return rows
    .filter((r) => perUser.get(r.id) === 1 && perDwelling.get(r.apartment_id) === 1)
    .filter((r) => Number(/vecino(\d+)/.exec(r.email)?.[1] ?? 0) > 5)
    .map((r) => ({ email: r.email, userId: r.id, name: r.name, apartmentId: r.apartment_id }));
}

export async function writeSettings(
  db: Kysely<Database>,
  condoId: number,
  values: { proxy_limit?: number; arrears_days?: number; tenants_vote?: 0 | 1 },
): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('assembly_settings')
    .values({ condo_id: condoId, updated_at: at, ...values })
    .onConflict((oc) => oc.column('condo_id').doUpdateSet({ updated_at: at, ...values }))
    .execute();
}

export const proxyRequest = (apartmentId: number, holder: { userId: number } | { name: string }) => ({
  apartmentId,
  holderUserId: 'userId' in holder ? holder.userId : null,
  holderName: 'name' in holder ? holder.name : '',
  file: { name: 'carta-poder.pdf', dataUrl: PDF_DATA_URL },
});

export const giveProxy = (t: TestApp, token: string | undefined, id: number, payload: object) =>
  call(t.app, 'POST', api(giveProxyPath(id)), { token, payload });
export const withdrawProxy = (t: TestApp, token: string | undefined, id: number, proxyId: number) =>
  call(t.app, 'POST', api(withdrawProxyPath(id, proxyId)), { token });
export const decideProxy = (t: TestApp, token: string | undefined, id: number, proxyId: number, accept = true, reason = '') =>
  call(t.app, 'POST', api(decideProxyPath(id, proxyId)), { token, payload: { accept, reason } });
export const readProxies = (t: TestApp, token: string | undefined, id: number) =>
  call(t.app, 'GET', api(proxiesPath(id)), { token });

export const readVoting = (t: TestApp, token: string | undefined, id: number) =>
  call(t.app, 'GET', api(votingPath(id)), { token });
export const openItem = (t: TestApp, token: string | undefined, id: number, itemId: number, secret = false) =>
  call(t.app, 'POST', api(openItemPath(id, itemId)), { token, payload: { secret } });
export const closeItem = (t: TestApp, token: string | undefined, id: number, itemId: number) =>
  call(t.app, 'POST', api(closeItemPath(id, itemId)), { token });
export const vote = (t: TestApp, token: string | undefined, id: number, itemId: number, apartmentId: number, choice: string) =>
  call(t.app, 'POST', api(votePath(id, itemId)), { token, payload: { apartmentId, choice } });
export const recordVote = (
  t: TestApp,
  token: string | undefined,
  id: number,
  itemId: number,
  apartmentId: number,
  choice: string,
) => call(t.app, 'POST', api(recordVotePath(id, itemId)), { token, payload: { apartmentId, choice } });

/** The assembly's voted items, in order. */
export async function itemsOf(db: Kysely<Database>, assemblyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('assembly_items')
    .select('id')
    .where('assembly_id', '=', assemblyId)
    .where('kind', '=', 'voted')
    .orderBy('position')
    .execute();
  return rows.map((r) => r.id);
}

/** Marks dwellings' owners present straight in (an assembly's attendance rows). */
export async function markPresent(db: Kysely<Database>, assemblyId: number, apartmentIds: readonly number[], kind = 'owner') {
  const at = new Date().toISOString();
  for (const apartmentId of apartmentIds) {
    await db
      .insertInto('assembly_attendance')
      .values({
        assembly_id: assemblyId,
        apartment_id: apartmentId,
        kind,
        mode: 'in_person',
        name: null,
        recorded_by: null,
        recorded_at: at,
      })
      .execute();
  }
}

/** The dwellings `email` holds as owner in the condominium (none for staff). */
export async function ownedBy(db: Kysely<Database>, condoId: number, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('r.apartment_id')
    .where('u.email', '=', email)
    .where('m.condo_id', '=', condoId)
    .where('r.kind', '=', 'owner')
    .orderBy('r.apartment_id')
    .execute();
  return rows.map((r) => r.apartment_id);
}

/** A pending proxy for the dwelling written straight in, with a one-page PDF; answers its id. */
export async function proxyStraightIn(db: Kysely<Database>, assemblyId: number, apartmentId: number): Promise<number> {
  const at = new Date().toISOString();
  const file = await db
    .insertInto('files')
    .values({
      owner_user_id: null,
      content_type: 'application/pdf',
      byte_size: 5,
      sha256: 'x',
      data: Buffer.from('%PDF-'),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('assembly_proxies')
    .values({
      assembly_id: assemblyId,
      apartment_id: apartmentId,
      grantor_id: null,
      holder_user_id: null,
      holder_name: 'Apoderado de prueba',
      file_id: file.id,
      state: 'pending',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Opens the assembly's first voted item straight in, with these dwellings as its seats; answers the item's id. */
export async function itemOpenStraightIn(db: Kysely<Database>, assemblyId: number, apartmentIds: readonly number[]) {
  const [itemId] = await itemsOf(db, assemblyId);
  await db
    .updateTable('assembly_items')
    .set({ vote_state: 'open', opened_at: new Date().toISOString() })
    .where('id', '=', itemId!)
    .execute();
  for (const apartmentId of apartmentIds) {
    await db
      .insertInto('assembly_item_seats')
      .values({ item_id: itemId!, apartment_id: apartmentId, weight: 1000, holder_user_id: null, proxy_id: null })
      .execute();
  }
  return itemId!;
}
