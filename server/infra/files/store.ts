// Files live in the database (DESIGN.md §1): every server process sees the same ones, and a backup of the
// database is a backup of everything.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface StoredFile {
  id: number;
  contentType: string;
  data: Buffer;
}

export async function saveFile(
  db: Kysely<Database>,
  file: { ownerUserId: number | null; contentType: string; data: Buffer; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('files')
    .values({
      owner_user_id: file.ownerUserId,
      content_type: file.contentType,
      byte_size: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      data: file.data,
      created_at: file.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function readFile(db: Kysely<Database>, id: number): Promise<StoredFile | null> {
  const row = await db.selectFrom('files').select(['id', 'content_type', 'data']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, contentType: row.content_type, data: Buffer.from(row.data) } : null;
}

export async function deleteFile(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/** Deletes the files of link rows that are going (a poll's attachments, a facility's photos kept no more). */
export async function deleteFiles(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('files')
      .where('id', 'in', [...ids])
      .execute();
}
