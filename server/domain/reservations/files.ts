// A facility's photos (kind 'image') and rules PDF (kind 'rules'): decoded and checked like a request's
// attachments, kept in `files` + facility_files, and served behind short-lived signed links
// (RESERVATIONS_PATHS.file) that only answers to someone who reads the facilities carry.
import type { Kysely } from 'kysely';
import { RESERVATIONS_PATHS } from '../../../src/api/reservations';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { deleteFiles, saveFile } from '../../infra/files/store';
import type { DecodedUpload } from '../shared/uploads';

export type FacilitySigner = (fileId: number) => string;

// The posts' key, with a purpose of its own: a link of another kind never opens a facility's file.
const FACILITY_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'facility-file', path: RESERVATIONS_PATHS.file };

export const facilityFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string): Promise<FacilitySigner> =>
  fileLinkSigner(db, clock, apiPrefix, FACILITY_FILE);

export const checkFacilityFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, FACILITY_FILE, link);

/** Adds files of one kind after `firstPosition`, in order. */
export async function saveFacilityFiles(
  trx: Kysely<Database>,
  target: { facilityId: number; ownerUserId: number; at: string; kind: 'image' | 'rules'; firstPosition: number },
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
      .insertInto('facility_files')
      .values({
        facility_id: target.facilityId,
        file_id: fileId,
        file_name: file.name,
        kind: target.kind,
        position: target.firstPosition + i,
      })
      .execute();
  }
}

/** Removes the facility's files of a kind that are not in `keep`; answers how many stay. */
export async function keepOnlyFiles(
  trx: Kysely<Database>,
  facilityId: number,
  kind: 'image' | 'rules',
  keep: readonly number[],
): Promise<number> {
  const rows = await trx
    .selectFrom('facility_files')
    .select(['id', 'file_id'])
    .where('facility_id', '=', facilityId)
    .where('kind', '=', kind)
    .execute();
  const gone = rows.filter((r) => !keep.includes(r.id));
  if (gone.length > 0) {
    await trx
      .deleteFrom('facility_files')
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

export async function filesOf(db: Kysely<Database>, facilityIds: readonly number[]) {
  if (facilityIds.length === 0) return [];
  return db
    .selectFrom('facility_files')
    .select(['id', 'facility_id', 'file_name', 'kind'])
    .where('facility_id', 'in', [...facilityIds])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The bytes behind a link (already checked by the route). */
export async function facilityFile(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('facility_files as ff')
    .innerJoin('files as f', 'f.id', 'ff.file_id')
    .select(['f.content_type', 'f.data', 'ff.file_name', 'ff.kind'])
    .where('ff.id', '=', id)
    .executeTakeFirst();
}
