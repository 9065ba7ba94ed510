// Short-lived links to a post's attachment: /api/--comunicacion/post-file/<id>?exp=<unix>&sig=<hmac>.
// Only answers to a member who may read the post carry one; whoever holds it sees the file until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { POSTS_PATHS } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { appSecret } from '../secrets';

export const ATTACHMENT_URL_SECONDS = 60 * 60;
/** Expiries are rounded up to this step so the same answer gives the same URL for a while (browser cache). */
const EXPIRY_STEP_SECONDS = 10 * 60;

const signature = (key: Buffer, attachmentId: number, exp: number) =>
  createHmac('sha256', key).update(`post-file.${attachmentId}.${exp}`).digest('hex');

/** A function that signs attachment links with the server's key, as of now. */
export async function attachmentSigner(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
): Promise<(attachmentId: number) => string> {
  const key = await appSecret(db, clock, 'post-file-url');
  const earliest = Math.floor(clock.now().getTime() / 1000) + ATTACHMENT_URL_SECONDS;
  const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return (attachmentId) =>
    `${apiPrefix}${POSTS_PATHS.attachmentFile(attachmentId)}?exp=${exp}&sig=${signature(key, attachmentId, exp)}`;
}

export async function checkAttachmentLink(
  db: Kysely<Database>,
  clock: Clock,
  link: { attachmentId: number; exp: number; sig: string },
): Promise<'valid' | 'expired' | 'forged'> {
  const key = await appSecret(db, clock, 'post-file-url');
  const expected = Buffer.from(signature(key, link.attachmentId, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.exp * 1000 <= clock.now().getTime() ? 'expired' : 'valid';
}
