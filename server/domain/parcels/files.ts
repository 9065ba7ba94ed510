// A parcel's photo and the signature it was collected with, stored in `files` and served behind short-lived
// signed links (infra/files/fileLinks.ts) that only the parcel's answers carry.
import type { Kysely } from 'kysely';
import { parcelFilePath } from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';

const PARCEL_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'parcel-file', path: parcelFilePath };

export const parcelFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string) =>
  fileLinkSigner(db, clock, apiPrefix, PARCEL_FILE);

export const checkParcelFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, PARCEL_FILE, link);

/** The file when it is a parcel's photo or signature; undefined otherwise. */
export async function parcelFile(
  db: Kysely<Database>,
  fileId: number,
): Promise<{ content_type: string; file_name: string; data: Uint8Array; kind: 'image' } | undefined> {
  const parcel = await db
    .selectFrom('parcels')
    .select(['id', 'photo_file_id'])
    .where((eb) => eb.or([eb('photo_file_id', '=', fileId), eb('signature_file_id', '=', fileId)]))
    .executeTakeFirst();
  if (!parcel) return undefined;
  const file = await db.selectFrom('files').select(['content_type', 'data']).where('id', '=', fileId).executeTakeFirst();
  if (!file) return undefined;
  const name = parcel.photo_file_id === fileId ? `paquete-${parcel.id}` : `firma-${parcel.id}`;
  return { content_type: file.content_type, file_name: name, data: file.data, kind: 'image' };
}
