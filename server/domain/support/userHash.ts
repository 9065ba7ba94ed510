// The support chat's user_hash (spec §3.1 "Support chat boot data: … id, hash"): HMAC-SHA256 of the user id with a
// secret only the server holds (SUPPORT_CHAT_SECRET when the deployment sets one, else the server's own key in
// app_secrets, the same in every process). The session data carries it to the launcher, which boots the chat with
// it; the desk trusts who is writing because only the server could have made it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';

export type UserHasher = (userId: number) => string;

/** The hasher of this deployment: with `configured` (SUPPORT_CHAT_SECRET) when given, else app_secrets' key. */
export async function userHasher(db: Kysely<Database>, clock: Clock, configured: string | null): Promise<UserHasher> {
  const key: string | Buffer = configured ?? (await appSecret(db, clock, 'support-chat-hash'));
  return (userId) => createHmac('sha256', key).update(String(userId)).digest('hex');
}

/** Whether `given` is the user's hash (compared in constant time). */
export function hashMatches(hasher: UserHasher, userId: number, given: string): boolean {
  const expected = Buffer.from(hasher(userId), 'hex');
  const sent = Buffer.from(given, 'hex');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
