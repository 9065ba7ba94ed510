// Taking the condominium for a transaction, so two writes that must not interleave (two saves of one name, a
// double submit, the last administrator's removal) run one after the other and the second sees the first.
// Shared: dwellings, condominium settings, member permissions and invoicing's issuers take it.
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Takes the condominium for this transaction: on PostgreSQL a row lock, so writes that take it run one after
 * the other; SQLite runs one writing transaction at a time on its one connection.
 */
export async function lockCondo(trx: Kysely<Database>, condoId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('condominiums').select('id').where('id', '=', condoId).forUpdate().execute();
}
