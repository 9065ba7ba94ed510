// Receipt codes (src/api/polls.ts RECEIPT_PATTERN): 12 crypto-random characters of Crockford's base32 in
// groups of four. Each byte gives one character (256 is a multiple of 32, so every character is equally
// likely): 60 bits, enough that a code names one ballot and cannot be guessed. The check answers whether the
// ballot of a code is counted in a poll, never what it chose.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReceiptAnswer } from '../../../src/api/polls';
import type { Database } from '../../db/schema';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReceiptCode(): string {
  const chars = [...randomBytes(12)].map((byte) => CROCKFORD[byte & 31]!).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * Counted: the code's ballot is in this poll, from a seat of the fixed electorate not barred (a ballot never
 * exists otherwise, but the count is what tally.ts counts).
 */
export async function checkReceipt(db: Kysely<Database>, pollId: number, code: string): Promise<ReceiptAnswer> {
  const ballot = await db
    .selectFrom('poll_ballots as b')
    .innerJoin('poll_electorate as e', (join) => join.onRef('e.poll_id', '=', 'b.poll_id').onRef('e.seat_key', '=', 'b.seat_key'))
    .select(['b.cast_at', 'b.changed_at', 'e.barred'])
    .where('b.poll_id', '=', pollId)
    .where('b.receipt', '=', code)
    .executeTakeFirst();
  const counted = ballot !== undefined && ballot.barred === 0;
  return { success: true, contado: counted, FechaVoto: counted ? (ballot.changed_at ?? ballot.cast_at) : null };
}
