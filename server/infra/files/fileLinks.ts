// Short-lived signed links to stored files of one kind (a post's attachment, a request's, a message's photo):
// <api>/<path(id)>?exp=<unix>&sig=<hmac>. Only answers to someone who may see the file carry one; whoever
// holds it sees the file until it expires. The signed text names the kind, so a link of one kind never opens
// a file of another with the same id, even under the same key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { object, pattern, string } from 'superstruct';
import { IdParam } from '../../../src/api/validation';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { appSecret, type SecretName } from '../secrets';

export interface FileLinkKind {
  /** The server's key it is signed with. */
  secret: SecretName;
  /** What the signature is for ("post-file"). */
  purpose: string;
  /** The API path that serves the file. */
  path: (id: number) => string;
}

export const FILE_URL_SECONDS = 60 * 60;
/** Expiries are rounded up to this step so the same answer gives the same URL for a while (browser cache). */
const EXPIRY_STEP_SECONDS = 10 * 60;

/** The querystring of a signed file link, as routes validate it. */
export const SignedFileQuery = object({ exp: IdParam, sig: pattern(string(), /^[0-9a-f]{64}$/) });

const signature = (key: Buffer, kind: FileLinkKind, id: number, exp: number) =>
  createHmac('sha256', key).update(`${kind.purpose}.${id}.${exp}`).digest('hex');

/** A function that signs links of this kind with the server's key, as of now. */
export async function fileLinkSigner(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  kind: FileLinkKind,
): Promise<(id: number) => string> {
  const key = await appSecret(db, clock, kind.secret);
  const earliest = Math.floor(clock.now().getTime() / 1000) + FILE_URL_SECONDS;
  const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return (id) => `${apiPrefix}${kind.path(id)}?exp=${exp}&sig=${signature(key, kind, id, exp)}`;
}

export async function checkFileLink(
  db: Kysely<Database>,
  clock: Clock,
  kind: FileLinkKind,
  link: { id: number; exp: number; sig: string },
): Promise<'valid' | 'expired' | 'forged'> {
  const key = await appSecret(db, clock, kind.secret);
  const expected = Buffer.from(signature(key, kind, link.id, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.exp * 1000 <= clock.now().getTime() ? 'expired' : 'valid';
}
