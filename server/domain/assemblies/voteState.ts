// Whether an assembly has an agenda item being voted now (votes.ts): closing the assembly waits for it (change.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function itemStillOpen(db: Kysely<Database>, assemblyId: number): Promise<boolean> {
  const open = await db
    .selectFrom('assembly_items')
    .select('id')
    .where('assembly_id', '=', assemblyId)
    .where('vote_state', '=', 'open')
    .executeTakeFirst();
  return open !== undefined;
}
