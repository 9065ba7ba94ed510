// The first dwelling a demo member lives in, in the condominium named: what a server test pays, reminds or
// reconciles for (shared by the collections' tests).
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

export async function dwellingOf(db: Kysely<Database>, email: string, condoName: string): Promise<number> {
  const row = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select('r.apartment_id')
    .where('u.email', '=', email)
    .where('c.name', '=', condoName)
    .orderBy('r.apartment_id')
    .executeTakeFirstOrThrow();
  return row.apartment_id;
}
