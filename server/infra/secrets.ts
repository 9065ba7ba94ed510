// Secrets the server makes for itself: generated once, kept in app_secrets, so every process behind a load
// balancer signs and verifies with the same key. Each process caches what it read (it never changes).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from './clock';

export type SecretName =
  | 'photo-url'
  | 'altcha-hmac'
  | 'finance-file-url'
  | 'post-file-url'
  | 'ticket-file-url'
  // Keys the calendar gives others' reservations ("Ocupado") without saying which ones they are.
  | 'calendar-busy-key'
  // Seals the CSD passwords of the e-invoicing issuers (domain/shared/vault.ts).
  | 'csd-vault'
  // Seals each condominium's payment-provider keys (domain/shared/vault.ts, checkout/settingsAdmin.ts).
  | 'payment-keys-vault'
  // Derives each parcel's pickup code, which is never stored (domain/parcels/pickupCode.ts).
  | 'parcel-pickup-code'
  // The seed of the ECDSA key that signs the caseta's offline snapshot of today's passes (domain/gate/snapshot.ts).
  | 'gate-snapshot-key'
  // Signs the sandbox payment provider's webhooks (domain/checkout/providers/sandbox.ts).
  | 'checkout-sandbox-webhook'
  // The support chat's user_hash (spec §3.1) when SUPPORT_CHAT_SECRET is not set (domain/support/userHash.ts).
  | 'support-chat-hash'
  // The seed of the VAPID key pair that signs Web Push requests when VAPID_* are not set (infra/webPush/vapid.ts).
  | 'web-push-vapid'
  // Names the database in the live channel's Redis channel: apps sharing REDIS_URL but not the database never mix
  // their events (infra/live/bus.ts).
  | 'live-channel'
  // Signs an owner's door code for an assembly, never stored (domain/assemblies/checkIn.ts).
  | 'assembly-check-in';

const cache = new WeakMap<Kysely<Database>, Map<SecretName, Promise<Buffer>>>();

export function appSecret(db: Kysely<Database>, clock: Clock, name: SecretName): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) {
    secrets = new Map();
    cache.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (!secret) {
    secret = loadOrCreate(db, clock, name);
    // A failed read (database down) must not be remembered.
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

async function loadOrCreate(db: Kysely<Database>, clock: Clock, name: SecretName): Promise<Buffer> {
  // Two processes starting together may both insert: the unique name keeps the first, both read it back.
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url'), created_at: clock.now().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
