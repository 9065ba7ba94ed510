// Photos and PDFs of a request and of its replies: decoded and checked like a post's (posts/attachments.ts),
// stored in `files`, and served behind short-lived signed links (/api/--tickets/file/<id>?exp=&sig=) that
// only answers to someone who may see the request carry; whoever holds one sees the file until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AttachmentUpload } from '../../../src/api/posts';
import { TICKETS_PATHS } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { saveFile } from '../files/store';
import { type DecodedAttachment, decodeAttachment } from '../posts/attachments';
import { appSecret } from '../secrets';

export type Signer = (attachmentId: number) => string;

export type DecodedUpload = DecodedAttachment & { name: string };

/** Decoded before anything is written: a bad file refuses the whole call (400 naming adjuntos.<i>). */
export const decodeUploads = (uploads: readonly AttachmentUpload[]): DecodedUpload[] =>
  uploads.map((a, i) => ({ name: a.name.trim(), ...decodeAttachment(a.dataUrl, i) }));

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

export const ATTACHMENT_URL_SECONDS = 60 * 60;
/** Expiries are rounded up to this step so the same answer gives the same URL for a while (browser cache). */
const EXPIRY_STEP_SECONDS = 10 * 60;
const SECRET = 'ticket-file-url';

const signature = (key: Buffer, attachmentId: number, exp: number) =>
  createHmac('sha256', key).update(`ticket-file.${attachmentId}.${exp}`).digest('hex');

/** A function that signs attachment links with the server's key, as of now. */
export async function ticketAttachmentSigner(db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<Signer> {
  const key = await appSecret(db, clock, SECRET);
  const earliest = Math.floor(clock.now().getTime() / 1000) + ATTACHMENT_URL_SECONDS;
  const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return (attachmentId) =>
    `${apiPrefix}${TICKETS_PATHS.attachmentFile(attachmentId)}?exp=${exp}&sig=${signature(key, attachmentId, exp)}`;
}

export async function checkTicketAttachmentLink(
  db: Kysely<Database>,
  clock: Clock,
  link: { attachmentId: number; exp: number; sig: string },
): Promise<'valid' | 'expired' | 'forged'> {
  const key = await appSecret(db, clock, SECRET);
  const expected = Buffer.from(signature(key, link.attachmentId, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return link.exp * 1000 <= clock.now().getTime() ? 'expired' : 'valid';
}

/** The bytes behind an attachment link (already checked by the route). */
export async function ticketAttachmentFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('ticket_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
