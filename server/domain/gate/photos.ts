// An entry's photo of plates or ID (issue 26). The caseta records the entry as JSON (its offline queue unchanged)
// and sends the photo right after, to the recorded movement: once per entry (a retry answers the first photo), by
// the gate's people and device shifts only. It is kept the condominium's photoRetentionDays from the entry and
// then deleted by the gate's job (jobs.ts); until then administrators and supervisors see it in the log through
// short-lived signed links (infra/files/fileLinks.ts), which no other answer carries.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { type EntryPhotoAnswer, entryPhotoFilePath, type MovementListAnswer } from '../../../src/api/gate';
import { canSeeEntryPhotos } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';
import { saveFile } from '../../infra/files/store';
import { dailySlot, scheduleJobOnce } from '../../infra/scheduledJobs';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { loadAccess } from '../shared/sessionData';
import { decodeAttachment } from '../shared/uploads';

type Db = Kysely<Database>;

export const ENTRY_PHOTO_JOB = 'gate-photo-purge';
const DAY_MS = 24 * 60 * 60_000;
const ENTRY_PHOTO: FileLinkKind = { secret: 'post-file-url', purpose: 'gate-entry-photo', path: entryPhotoFilePath };

/** When a photo of an entry made at `occurredAt` goes, under a retention of `days`. */
export const photoExpiry = (occurredAt: string, days: number) => new Date(Date.parse(occurredAt) + days * DAY_MS).toISOString();

/** The image, decoded before anything is written: 400 for anything that is not a PNG, JPEG or WebP within the size. */
function decodePhoto(dataUrl: string) {
  try {
    const photo = decodeAttachment(dataUrl, 0);
    if (photo.kind === 'image') return photo;
  } catch {
    // Refused below with the gate's own words.
  }
  throw new AppError(400, ErrorCodes.badRequest, 'gate.photo.bad', 'dataUrl');
}

export async function attachEntryPhoto(
  db: Db,
  clock: Clock,
  auth: Auth,
  movementId: number,
  dataUrl: string,
): Promise<EntryPhotoAnswer> {
  const photo = decodePhoto(dataUrl);
  return db.transaction().execute(async (trx) => {
    // Under the condominium's lock, so two retries at once store one photo.
    await lockCondo(trx, auth.condoId);
    const movement = await trx
      .selectFrom('gate_movements as m')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select(['m.id', 'm.kind', 'm.occurred_at', 'm.photo_file_id', 'm.photo_expires_at', 'c.photo_retention_days'])
      .where('m.id', '=', movementId)
      .where('m.condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!movement) throw new AppError(404, ErrorCodes.notFound, 'gate.entryNotFound');
    if (movement.kind !== 'entry') throw new AppError(409, ErrorCodes.conflict, 'gate.photo.notEntry');
    if (movement.photo_file_id !== null && movement.photo_expires_at !== null)
      return { success: true, expiresAt: movement.photo_expires_at, duplicate: true };
    const now = clock.now();
    const expiresAt = photoExpiry(movement.occurred_at, movement.photo_retention_days);
    // Older than the retention (or already deleted by the job): it would be gone at once.
    if (Date.parse(expiresAt) <= now.getTime()) throw new AppError(409, ErrorCodes.conflict, 'gate.photo.tooLate');
    const fileId = await saveFile(trx, {
      ownerUserId: null,
      contentType: photo.contentType,
      data: photo.data,
      createdAt: now.toISOString(),
    });
    await trx
      .updateTable('gate_movements')
      .set({ photo_file_id: fileId, photo_expires_at: expiresAt })
      .where('id', '=', movement.id)
      .execute();
    // The next daily purge: while any photo is kept each run asks for the next day's, so a retention an
    // administrator shortens applies within a day, not at the expiry fixed now.
    const slot = dailySlot(new Date(now.getTime() + 60_000));
    await scheduleJobOnce(trx, ENTRY_PHOTO_JOB, slot.key, slot.dueAt, now);
    return { success: true, expiresAt, duplicate: false };
  });
}

/** The log's page with signed links to its entries' photos, for administrators and supervisors only. */
export async function withEntryPhotos(
  db: Db,
  clock: Clock,
  apiPrefix: string,
  auth: Auth,
  answer: MovementListAnswer,
): Promise<MovementListAnswer> {
  const ids = answer.items.filter((m) => m.kind === 'entry').map((m) => m.id);
  if (ids.length === 0 || !canSeeEntryPhotos(await loadAccess(db, auth))) return answer;
  const now = clock.now().toISOString();
  const withPhoto = await db
    .selectFrom('gate_movements')
    .select('id')
    .where('condo_id', '=', auth.condoId)
    .where('id', 'in', ids)
    .where('photo_file_id', 'is not', null)
    .where('photo_expires_at', '>', now)
    .execute();
  if (withPhoto.length === 0) return answer;
  const sign = await fileLinkSigner(db, clock, apiPrefix, ENTRY_PHOTO);
  const shown = new Set(withPhoto.map((r) => r.id));
  return { ...answer, items: answer.items.map((m) => (shown.has(m.id) ? { ...m, photoUrl: sign(m.id) } : m)) };
}

export const checkEntryPhotoLink = (db: Db, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, ENTRY_PHOTO, link);

/** The entry's photo while it is kept; undefined once it expired (whether or not the job ran yet). */
export async function entryPhotoFile(
  db: Db,
  clock: Clock,
  movementId: number,
): Promise<{ content_type: string; file_name: string; data: Uint8Array; kind: 'image' } | undefined> {
  const row = await db
    .selectFrom('gate_movements as m')
    .innerJoin('files as f', 'f.id', 'm.photo_file_id')
    .select(['f.content_type', 'f.data'])
    .where('m.id', '=', movementId)
    .where('m.photo_expires_at', '>', clock.now().toISOString())
    .executeTakeFirst();
  return row && { content_type: row.content_type, file_name: `entrada-${movementId}`, data: row.data, kind: 'image' };
}
