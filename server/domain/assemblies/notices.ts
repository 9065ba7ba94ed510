// Who hears of an assembly: every screen that shows it reads it again on the live channel (the quorum updates
// without reloading): the condominium's administrators and board, and the residents of its dwellings. The call
// itself reaches everyone as the important notice (posts) and the owners' mail (call.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';

async function readersOf(db: Kysely<Database>, condoId: number): Promise<number[]> {
  const staff = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('is_admin', '=', 1), eb('is_board', '=', 1)]))
    .execute();
  const residents = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('m.user_id')
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .execute();
  return [...new Set([...staff, ...residents].map((r) => r.user_id))].sort((a, b) => a - b);
}

/** The assembly changed (its state, an answer ahead, the attendance): its screens read it again. */
export async function publishAssembly(db: Kysely<Database>, clock: Clock, condoId: number, assemblyId: number) {
  await publishLive(db, clock, { condoId, userIds: await readersOf(db, condoId), type: 'assembly', data: { assemblyId } });
}
