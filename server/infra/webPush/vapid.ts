// The VAPID key pair (RFC 8292) that signs every Web Push request this server makes, and whose public half the
// browsers subscribe with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (server/config.ts), else derived from the
// 'web-push-vapid' secret, made once in app_secrets, so every process behind a load balancer signs with the same
// key and a subscription made through one is served by all. Changing the key strands every subscription (the push
// services refuse a signature of another key), so it is kept, never rotated by a restart.
import { createECDH, createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VapidKeys } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { appSecret } from '../secrets';

const derived = new WeakMap<Buffer, VapidKeys>();

/** The P-256 pair whose private scalar is the secret (hashed again in the rare case it is not below the order). */
export function vapidKeysOf(secret: Buffer): VapidKeys {
  const kept = derived.get(secret);
  if (kept) return kept;
  const ecdh = createECDH('prime256v1');
  let scalar = secret;
  for (;;) {
    try {
      ecdh.setPrivateKey(scalar);
      break;
    } catch {
      scalar = createHash('sha256').update(scalar).digest();
    }
  }
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar.toString('base64url') };
  derived.set(secret, keys);
  return keys;
}

/** The configured pair, or the one kept in app_secrets. */
export async function vapidKeys(db: Kysely<Database>, clock: Clock, configured: VapidKeys | null): Promise<VapidKeys> {
  return configured ?? vapidKeysOf(await appSecret(db, clock, 'web-push-vapid'));
}
