// Short-lived links to a post's attachment: /api/--comunicacion/post-file/<id>?exp=<unix>&sig=<hmac>
// (files/fileLinks.ts), and the bytes behind one. Only answers to a member who may read the post carry one.
import type { Kysely } from 'kysely';
import { POSTS_PATHS } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';

const POST_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'post-file', path: POSTS_PATHS.attachmentFile };

/** A function that signs attachment links with the server's key, as of now. */
export const attachmentSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string) =>
  fileLinkSigner(db, clock, apiPrefix, POST_FILE);

export const checkAttachmentLink = (
  db: Kysely<Database>,
  clock: Clock,
  link: { attachmentId: number; exp: number; sig: string },
) => checkFileLink(db, clock, POST_FILE, { id: link.attachmentId, exp: link.exp, sig: link.sig });

/** The bytes behind an attachment link (already checked by the route). */
export async function attachmentFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('post_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
