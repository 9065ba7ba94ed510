// Handing a waiting parcel over at the gate: with its pickup code (method 'code'), or with a signature drawn on
// the screen (method 'signature', a PNG kept in `files`, and the name of who took it). Under the condominium's
// lock (shared/condoLock.ts): of two guards handing the same parcel over at once, the second finds it collected
// and gets 409, and nothing of theirs (not even the signature's file) is kept.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Parcel, ParcelMethod } from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { decodeAttachment } from '../shared/uploads';
import { timeZoneOf } from '../shared/zonedTime';
import { pickupCodeMatches, pickupCoder } from './pickupCode';
import { parcelOf, parcelRows, toParcel } from './rows';

const alreadyCollected = () => new AppError(409, ErrorCodes.conflict, 'parcelsNotices.refusal.alreadyCollected');

export type HandOver =
  | { method: 'code'; code: string; collectedByName?: string | null | undefined }
  | { method: 'signature'; signature: string; collectedByName: string };

/** Checks a parcel of the condominium exists (404 otherwise) before the rate limits count an attempt on it. */
export const requireParcel = (db: Kysely<Database>, auth: Auth, parcelId: number) => parcelOf(db, auth.condoId, parcelId);

export async function handOver(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  parcelId: number,
  how: HandOver,
  fileLink: (id: number) => string,
): Promise<Parcel> {
  const signature = how.method === 'signature' ? decodeAttachment(how.signature, 0) : null;
  if (signature && signature.contentType !== 'image/png') {
    throw new AppError(400, ErrorCodes.badRequest, 'parcelsNotices.refusal.badSignature', 'signature');
  }
  const timeZone = await timeZoneOf(db, auth.condoId);
  const code = await pickupCoder(db, clock);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const parcel = await parcelOf(trx, auth.condoId, parcelId);
    if (parcel.status !== 'waiting') throw alreadyCollected();
    if (how.method === 'code' && !pickupCodeMatches(code, parcel, how.code)) {
      throw new AppError(409, ErrorCodes.conflict, 'parcelsNotices.refusal.wrongCode', 'code');
    }
    const now = clock.now().toISOString();
    const signatureId = signature
      ? await saveFile(trx, { ownerUserId: null, contentType: signature.contentType, data: signature.data, createdAt: now })
      : null;
    const method: ParcelMethod = how.method;
    const updated = await trx
      .updateTable('parcels')
      .set({
        status: 'collected',
        collected_at: now,
        collected_by_name: how.collectedByName?.trim() || null,
        collected_method: method,
        signature_file_id: signatureId,
        handed_by_user_id: auth.userId,
      })
      .where('id', '=', parcelId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    // Belt and braces: the lock already made the check above see any earlier hand-over.
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyCollected();
  });
  const row = await parcelRows(db).where('p.id', '=', parcelId).executeTakeFirstOrThrow();
  return toParcel(row, { timeZone, fileLink });
}
