// The support chat's attachments (photos and PDFs, checked like every upload: shared/uploads.ts), kept in `files`
// and served behind short-lived signed links (/api/--soporte/file/<id>?exp=&sig=) that only answers to the
// conversation's two sides carry; whoever holds one sees the file until it expires.
import type { Kysely } from 'kysely';
import { SUPPORT_PATHS } from '../../../src/api/support';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { saveFile } from '../../infra/files/store';
import type { DecodedUpload } from '../shared/uploads';

export type SupportSigner = (attachmentId: number) => string;

const SUPPORT_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'support-file', path: SUPPORT_PATHS.file };

export const supportFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<SupportSigner> =>
  fileLinkSigner(db, clock, apiPrefix, SUPPORT_FILE);

export const checkSupportFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, SUPPORT_FILE, link);

/** The bytes behind a link (already checked by the route); an image opens in the browser, a PDF downloads. */
export async function supportFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('support_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}

/** Keeps a message's files, in order. */
export async function saveSupportFiles(
  trx: Kysely<Database>,
  target: { messageId: number; ownerUserId: number | null; at: string },
  files: readonly DecodedUpload[],
): Promise<void> {
  for (const [position, file] of files.entries()) {
    const fileId = await saveFile(trx, {
      ownerUserId: target.ownerUserId,
      contentType: file.contentType,
      data: file.data,
      createdAt: target.at,
    });
    await trx
      .insertInto('support_attachments')
      .values({ message_id: target.messageId, file_id: fileId, file_name: file.name, kind: file.kind, position })
      .execute();
  }
}
