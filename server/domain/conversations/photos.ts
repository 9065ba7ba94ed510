// A message's photos: images only (the bytes must be what the data URL claims, as for posts), stored in
// `files` and served behind short-lived signed links that only answers to a party of the conversation carry.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONVERSATIONS_PATHS } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../clock';
import { decodeAttachment } from '../posts/attachments';
import { appSecret } from '../secrets';

export const PHOTO_URL_SECONDS = 60 * 60;
/** Expiries are rounded up to this step so the same answer gives the same URL for a while (browser cache). */
const EXPIRY_STEP_SECONDS = 10 * 60;

/** Signs photo links (photoSigner). */
export type PhotoSigner = (photoId: number) => string;

export interface DecodedPhoto {
  name: string;
  contentType: string;
  data: Buffer;
}

/** The uploads as images; 400 naming fotos.<index> for anything else (a PDF included). */
export function decodePhotos(uploads: readonly { name: string; dataUrl: string }[]): DecodedPhoto[] {
  return uploads.map((upload, index) => {
    const refuse = () => new AppError(400, ErrorCodes.badRequest, 'conversationsNotices.badPhoto', `fotos.${index}`);
    let decoded: ReturnType<typeof decodeAttachment>;
    try {
      decoded = decodeAttachment(upload.dataUrl, index);
    } catch {
      throw refuse();
    }
    if (decoded.kind !== 'image') throw refuse();
    return { name: upload.name.trim(), contentType: decoded.contentType, data: decoded.data };
  });
}

// The key is the one post attachments are signed with; the signed text names what it is for, so a post
// attachment's signature never opens a message photo of the same id, nor the other way round.
const signature = (key: Buffer, photoId: number, exp: number) =>
  createHmac('sha256', key).update(`message-photo.${photoId}.${exp}`).digest('hex');

const photoKey = (db: Kysely<Database>, clock: Clock) => appSecret(db, clock, 'post-file-url');

/** A function that signs photo links with the server's key, as of now. */
export async function photoSigner(db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<PhotoSigner> {
  const key = await photoKey(db, clock);
  const earliest = Math.floor(clock.now().getTime() / 1000) + PHOTO_URL_SECONDS;
  const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return (photoId) => `${apiPrefix}${CONVERSATIONS_PATHS.photoFile(photoId)}?exp=${exp}&sig=${signature(key, photoId, exp)}`;
}

export async function checkPhotoLink(
  db: Kysely<Database>,
  clock: Clock,
  link: { photoId: number; exp: number; sig: string },
): Promise<'valid' | 'expired' | 'forged'> {
  const key = await photoKey(db, clock);
  const expected = Buffer.from(signature(key, link.photoId, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.exp * 1000 <= clock.now().getTime() ? 'expired' : 'valid';
}

/** The bytes behind a photo link (already checked by the route). */
export async function photoFile(db: Kysely<Database>, photoId: number) {
  return db
    .selectFrom('message_photos as p')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .select(['f.content_type', 'f.data', 'p.file_name'])
    .where('p.id', '=', photoId)
    .executeTakeFirst();
}
