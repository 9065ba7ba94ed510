// Photos and PDFs of a request and of its replies: decoded and checked like a post's (shared/uploads.ts),
// stored in `files`, and served behind short-lived signed links (/api/--tickets/file/<id>?exp=&sig=) that
// only answers to someone who may see the request carry; whoever holds one sees the file until it expires.
import type { Kysely } from 'kysely';
import { TICKETS_PATHS } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { saveFile } from '../../infra/files/store';
import type { DecodedUpload } from '../shared/uploads';

export type Signer = (attachmentId: number) => string;

/** Keeps the files of the request (eventId null) or of one of its replies, in order. */
export async function saveUploads(
  trx: Kysely<Database>,
  target: { ticketId: number; eventId: number | null; ownerUserId: number; at: string },
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
      .insertInto('ticket_attachments')
      .values({
        ticket_id: target.ticketId,
        event_id: target.eventId,
        file_id: fileId,
        file_name: file.name,
        kind: file.kind,
        position,
      })
      .execute();
  }
}

const TICKET_FILE: FileLinkKind = { secret: 'ticket-file-url', purpose: 'ticket-file', path: TICKETS_PATHS.attachmentFile };

/** A function that signs attachment links with the server's key, as of now. */
export const ticketAttachmentSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<Signer> =>
  fileLinkSigner(db, clock, apiPrefix, TICKET_FILE);

export const checkTicketAttachmentLink = (
  db: Kysely<Database>,
  clock: Clock,
  link: { attachmentId: number; exp: number; sig: string },
) => checkFileLink(db, clock, TICKET_FILE, { id: link.attachmentId, exp: link.exp, sig: link.sig });

/** The bytes behind an attachment link (already checked by the route). */
export async function ticketAttachmentFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('ticket_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
