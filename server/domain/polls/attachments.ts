// Photos and PDFs of a poll: decoded and checked like a request's (shared/uploads.ts), kept in `files`,
// and served behind short-lived signed links (/api/--encuestas/file/<id>?exp=&sig=) that only answers to
// someone who may see the poll carry.
import type { Kysely } from 'kysely';
import type { Infer } from 'superstruct';
import { POLLS_PATHS, type PollAttachment } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { deleteFiles, saveFile } from '../../infra/files/store';
import type { DecodedUpload } from '../shared/uploads';

export type PollSigner = (attachmentId: number) => string;

// The posts' key, with a purpose of its own: a link of another kind never opens a poll's file.
const POLL_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'poll-file', path: POLLS_PATHS.attachmentFile };

export const pollAttachmentSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<PollSigner> =>
  fileLinkSigner(db, clock, apiPrefix, POLL_FILE);

export const checkPollAttachmentLink = (
  db: Kysely<Database>,
  clock: Clock,
  link: { attachmentId: number; exp: number; sig: string },
) => checkFileLink(db, clock, POLL_FILE, { id: link.attachmentId, exp: link.exp, sig: link.sig });

/** Adds the files after those the poll keeps, in order. */
export async function saveAttachments(
  trx: Kysely<Database>,
  target: { pollId: number; ownerUserId: number; at: string; firstPosition: number },
  files: readonly DecodedUpload[],
): Promise<void> {
  for (const [i, file] of files.entries()) {
    const fileId = await saveFile(trx, {
      ownerUserId: target.ownerUserId,
      contentType: file.contentType,
      data: file.data,
      createdAt: target.at,
    });
    await trx
      .insertInto('poll_attachments')
      .values({
        poll_id: target.pollId,
        file_id: fileId,
        file_name: file.name,
        kind: file.kind,
        position: target.firstPosition + i,
      })
      .execute();
  }
}

export async function attachmentsOf(
  db: Kysely<Database>,
  pollId: number,
  sign: PollSigner,
): Promise<Infer<typeof PollAttachment>[]> {
  const rows = await db
    .selectFrom('poll_attachments')
    .select(['id', 'file_name', 'kind'])
    .where('poll_id', '=', pollId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((a) => ({ id: a.id, nombre: a.file_name, tipo: a.kind === 'image' ? 'image' : 'file', url: sign(a.id) }));
}

/** Keeps only the attachments named (an edit before opening); their files go with the others. */
export async function keepOnlyAttachments(trx: Kysely<Database>, pollId: number, keep: readonly number[]): Promise<number> {
  const rows = await trx.selectFrom('poll_attachments').select(['id', 'file_id']).where('poll_id', '=', pollId).execute();
  const gone = rows.filter((r) => !keep.includes(r.id));
  if (gone.length > 0) {
    await trx
      .deleteFrom('poll_attachments')
      .where(
        'id',
        'in',
        gone.map((r) => r.id),
      )
      .execute();
    await deleteFiles(
      trx,
      gone.map((r) => r.file_id),
    );
  }
  return rows.length - gone.length;
}

/** The bytes behind an attachment link (already checked by the route). */
export async function pollAttachmentFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('poll_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
