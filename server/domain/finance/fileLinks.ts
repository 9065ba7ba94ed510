// Short-lived links to generated statement files: /api/--financiero/archivo/<id>?exp=<unix>&sig=<hmac>.
// The link is the permission (it opens in a new tab, without the app-token); it dies after
// FILE_LINK_SECONDS, and the file is deleted the next time someone generates one after that.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FILE_LINK_SECONDS, FINANCE_PATHS } from '../../../src/api/finance';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { readFile, type StoredFile, saveFile } from '../../infra/files/store';
import { appSecret } from '../../infra/secrets';

const sign = (key: Buffer, id: number, exp: number) => createHmac('sha256', key).update(`statement.${id}.${exp}`).digest('hex');

export async function storeGeneratedFile(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  owner: { userId: number; condoId: number },
  file: { name: string; contentType: string; data: Buffer },
): Promise<string> {
  const now = clock.now();
  await deleteExpired(db, now);
  const exp = Math.floor(now.getTime() / 1000) + FILE_LINK_SECONDS;
  const fileId = await saveFile(db, {
    ownerUserId: owner.userId,
    contentType: file.contentType,
    data: file.data,
    createdAt: now.toISOString(),
  });
  const { id } = await db
    .insertInto('generated_files')
    .values({
      file_id: fileId,
      condo_id: owner.condoId,
      user_id: owner.userId,
      file_name: file.name,
      expires_at: new Date(exp * 1000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = await appSecret(db, clock, 'finance-file-url');
  return `${apiPrefix}${FINANCE_PATHS.file(id)}?exp=${exp}&sig=${sign(key, id, exp)}`;
}

async function deleteExpired(db: Kysely<Database>, now: Date): Promise<void> {
  const expired = await db.selectFrom('generated_files').select('file_id').where('expires_at', '<', now.toISOString()).execute();
  if (expired.length === 0) return;
  // generated_files rows go with their files (on delete cascade).
  await db
    .deleteFrom('files')
    .where(
      'id',
      'in',
      expired.map((e) => e.file_id),
    )
    .execute();
}

export async function fileByLink(
  db: Kysely<Database>,
  clock: Clock,
  link: { id: number; exp: number; sig: string },
): Promise<(StoredFile & { name: string }) | 'expired' | 'invalid'> {
  const key = await appSecret(db, clock, 'finance-file-url');
  const expected = Buffer.from(sign(key, link.id, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (link.exp * 1000 <= clock.now().getTime()) return 'expired';
  const row = await db
    .selectFrom('generated_files')
    .select(['file_id', 'file_name'])
    .where('id', '=', link.id)
    .executeTakeFirst();
  if (!row) return 'expired';
  const file = await readFile(db, row.file_id);
  return file ? { ...file, name: row.file_name } : 'expired';
}
