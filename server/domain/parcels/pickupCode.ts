// The pickup code of a parcel (docs/decisions.md, Parcels): six digits derived from the parcel with the server's
// key, never stored, not even hashed. The residents' list and notices derive it to show it; the hand-over derives
// it again and compares what the guard typed in constant time. The row's pickup_code_hash names how its code is
// derived (PICKUP_CODE_SCHEME), so a later change of derivation can tell old parcels from new ones.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';

/** What pickup_code_hash holds: HMAC-SHA256 of the parcel's condominium and client id under the app secret. */
export const PICKUP_CODE_SCHEME = 'hmac-sha256:parcel-pickup-code:v1';

export interface CodedParcel {
  condo_id: number;
  client_id: string;
}

export type PickupCoder = (parcel: CodedParcel) => string;

/** A function giving each parcel's code with the server's key, read once. */
export async function pickupCoder(db: Kysely<Database>, clock: Clock): Promise<PickupCoder> {
  const key = await appSecret(db, clock, 'parcel-pickup-code');
  return (parcel) => {
    const mac = createHmac('sha256', key).update(`parcel-pickup.${parcel.condo_id}.${parcel.client_id}`).digest();
    // 2^32 is not a multiple of 10^6: the bias (under 0.03 %) does not help a guesser held by the rate limits.
    return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  };
}

/** Whether the typed code is the parcel's (compared in constant time). */
export function pickupCodeMatches(code: PickupCoder, parcel: CodedParcel, typed: string): boolean {
  const given = Buffer.from(typed);
  const expected = Buffer.from(code(parcel));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
