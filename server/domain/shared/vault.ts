// Secrets a condominium gives the server, at rest: AES-256-GCM under one of the server's own keys (app_secrets),
// never in clear. Used by invoicing for the CSD's password ('csd-vault', invoicing/issuers.ts and cfdis/issue.ts)
// and by paying online for each condominium's payment-provider keys ('payment-keys-vault', checkout/settings*.ts).
// The sealed form is "v1.<iv>.<tag>.<ciphertext>" (base64url), the version leaving room for a new key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';

const VERSION = 'v1';

/** Each use has its own key, so one area's sealed texts do not open with another's. */
export type VaultName = 'csd-vault' | 'payment-keys-vault';

export async function sealSecret(db: Kysely<Database>, clock: Clock, vault: VaultName, secret: string): Promise<string> {
  const key = await appSecret(db, clock, vault);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the sealed text was altered or sealed under another key (GCM's tag does not verify). */
export async function openSecret(db: Kysely<Database>, clock: Clock, vault: VaultName, sealed: string): Promise<string> {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('vault: not a sealed secret');
  }
  const key = await appSecret(db, clock, vault);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
