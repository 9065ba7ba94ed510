// The CSD's password at rest: AES-256-GCM under the server's own 'csd-vault' secret (app_secrets), never in
// clear. The sealed form is "v1.<iv>.<tag>.<ciphertext>" (base64url), the version leaving room for a new key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import { appSecret } from '../../../infra/secrets';

const VERSION = 'v1';

export async function sealPassword(db: Kysely<Database>, clock: Clock, password: string): Promise<string> {
  const key = await appSecret(db, clock, 'csd-vault');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the sealed text was altered or sealed under another key (GCM's tag does not verify). */
export async function openPassword(db: Kysely<Database>, clock: Clock, sealed: string): Promise<string> {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('csd vault: not a sealed password');
  }
  const key = await appSecret(db, clock, 'csd-vault');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
