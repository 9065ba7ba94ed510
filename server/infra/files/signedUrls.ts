// Short-lived links to a profile photo: /api/--perfil/photo-file/<user>?v=<file>&exp=<unix>&sig=<hmac>.
// Anyone holding the link sees the photo until it expires; nobody can make one without the server's key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PROFILE_PATHS } from '../../../src/api/profile';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { appSecret } from '../secrets';

/** A link lives between one hour and one hour plus this step: expiries are rounded up to the step, so the
 * session data gives the same URL for a while and the browser's cache can keep the photo. */
export const PHOTO_URL_SECONDS = 60 * 60;
const EXPIRY_STEP_SECONDS = 10 * 60;

export interface PhotoLink {
  userId: number;
  fileId: number;
  /** Unix seconds. */
  exp: number;
}

function signature(key: Buffer, link: PhotoLink): string {
  return createHmac('sha256', key).update(`${link.userId}.${link.fileId}.${link.exp}`).digest('hex');
}

export function photoUrl(apiPrefix: string, key: Buffer, userId: number, fileId: number, now: Date): string {
  const earliest = Math.floor(now.getTime() / 1000) + PHOTO_URL_SECONDS;
  const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const sig = signature(key, { userId, fileId, exp });
  return `${apiPrefix}${PROFILE_PATHS.photoFile(userId)}?v=${fileId}&exp=${exp}&sig=${sig}`;
}

export function checkPhotoLink(key: Buffer, link: PhotoLink, sig: string, now: Date): 'valid' | 'expired' | 'forged' {
  const expected = Buffer.from(signature(key, link), 'hex');
  const given = Buffer.from(sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.exp * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** The session data's usuario.fotoSignedUrl for a photo, signed with the server's own key. */
export async function signedPhotoUrl(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  photo: { userId: number; fileId: number },
): Promise<string> {
  const key = await appSecret(db, clock, 'photo-url');
  return photoUrl(apiPrefix, key, photo.userId, photo.fileId, clock.now());
}
