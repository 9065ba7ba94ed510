// The tally of a voted agenda item (issue 32): the weights of its votes by choice against its electorate (the seats
// fixed when it opened, barred ones left out) and the whole condominium's indiviso, read in `db` (a transaction sees
// its own writes). Shared inside the area by the live results, closing an item (its outcome through
// src/api/assemblyMajority.ts) and the acta.
import type { Kysely } from 'kysely';
import type { ItemTally, VoteChoice } from '../../../src/api/assemblyMajority';
import type { Database } from '../../db/schema';
import { dwellingsOf } from './rows';

export async function itemTally(db: Kysely<Database>, condoId: number, itemId: number): Promise<ItemTally> {
  const seats = await db
    .selectFrom('assembly_item_seats')
    .select(['apartment_id', 'weight', 'barred'])
    .where('item_id', '=', itemId)
    .execute();
  const votes = await db
    .selectFrom('assembly_item_votes')
    .select(['apartment_id', 'choice'])
    .where('item_id', '=', itemId)
    .execute();
  const total = (await dwellingsOf(db, condoId)).reduce((sum, d) => sum + Number(d.indiviso), 0);
  const weightOf = new Map(seats.filter((s) => s.barred !== 1).map((s) => [s.apartment_id, Number(s.weight)]));
  const tally: ItemTally = { yes: 0, no: 0, abstain: 0, electorate: 0, seats: weightOf.size, yesSeats: 0, total };
  for (const weight of weightOf.values()) tally.electorate += weight;
  for (const vote of votes) {
    const weight = weightOf.get(vote.apartment_id);
    if (weight === undefined) continue;
    tally[vote.choice as VoteChoice] += weight;
    if (vote.choice === 'yes') tally.yesSeats += 1;
  }
  return tally;
}
