// An incident's photos, stored in `files` and served behind short-lived signed links (infra/files/fileLinks.ts)
// that only the incident's answers carry.
import type { Kysely } from 'kysely';
import { incidentFilePath } from '../../../src/api/incidents';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';

const INCIDENT_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'incident-file', path: incidentFilePath };

export const incidentFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string) =>
  fileLinkSigner(db, clock, apiPrefix, INCIDENT_FILE);

export const checkIncidentFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, INCIDENT_FILE, link);

/** The file when it is an incident's photo; undefined otherwise. */
export async function incidentFile(
  db: Kysely<Database>,
  fileId: number,
): Promise<{ content_type: string; file_name: string; data: Uint8Array; kind: 'image' } | undefined> {
  const photo = await db.selectFrom('incident_photos').select(['incident_id']).where('file_id', '=', fileId).executeTakeFirst();
  if (!photo) return undefined;
  const file = await db.selectFrom('files').select(['content_type', 'data']).where('id', '=', fileId).executeTakeFirst();
  if (!file) return undefined;
  return { content_type: file.content_type, file_name: `incidente-${photo.incident_id}`, data: file.data, kind: 'image' };
}

/** The photos as data URLs (a request made from the incident carries them as its attachments). */
export async function incidentPhotoUploads(db: Kysely<Database>, incidentId: number) {
  const rows = await db
    .selectFrom('incident_photos as p')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .select(['f.content_type', 'f.data', 'p.position'])
    .where('p.incident_id', '=', incidentId)
    .orderBy('p.position')
    .execute();
  return rows.map((r) => ({
    name: `incidente-${incidentId}-${r.position + 1}`,
    dataUrl: `data:${r.content_type};base64,${Buffer.from(r.data).toString('base64')}`,
  }));
}
