// A message's photos: images only (the bytes must be what the data URL claims, as for posts), stored in
// `files` and served behind short-lived signed links that only answers to a party of the conversation carry.
import type { Kysely } from 'kysely';
import { CONVERSATIONS_PATHS } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { decodeAttachment } from '../shared/uploads';

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

// The key is the one post attachments are signed with; the signed purpose differs, so a post attachment's
// link never opens a message photo of the same id, nor the other way round.
const MESSAGE_PHOTO: FileLinkKind = { secret: 'post-file-url', purpose: 'message-photo', path: CONVERSATIONS_PATHS.photoFile };

/** A function that signs photo links with the server's key, as of now. */
export const photoSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<PhotoSigner> =>
  fileLinkSigner(db, clock, apiPrefix, MESSAGE_PHOTO);

export const checkPhotoLink = (db: Kysely<Database>, clock: Clock, link: { photoId: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, MESSAGE_PHOTO, { id: link.photoId, exp: link.exp, sig: link.sig });

/** The bytes behind a photo link (already checked by the route). */
export async function photoFile(db: Kysely<Database>, photoId: number) {
  return db
    .selectFrom('message_photos as p')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .select(['f.content_type', 'f.data', 'p.file_name'])
    .where('p.id', '=', photoId)
    .executeTakeFirst();
}
