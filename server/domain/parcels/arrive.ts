// Logging a parcel's arrival at the gate: the dwelling must be an active one of the condominium, the photo (if
// any) a real image; the parcel, its photo, its code's hash, the residents' notices and the reminder job are
// written in one transaction. The condominium is taken first (shared/condoLock.ts), so a replayed clientId,
// however many processes receive it at once, finds the parcel logged the first time and writes nothing. A parcel
// logged offline arrives later from the device's queue dated by the device (occurredAt, within the limits of
// shared/deviceTime.ts): it is recorded as arrived then, and its residents are told when it reaches the server.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Parcel, ParcelArrivalRequest } from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import { dailySlot, scheduleJobOnce } from '../../infra/scheduledJobs';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { type DeviceTimeWords, deviceInstant } from '../shared/deviceTime';
import { decodeAttachment } from '../shared/uploads';
import { timeZoneOf } from '../shared/zonedTime';
import { PARCEL_REMINDER_JOB } from './jobs';
import { tellResidents } from './notices';
import { PICKUP_CODE_SCHEME, pickupCoder } from './pickupCode';
import { parcelRows, toParcel } from './rows';

const DAY_MS = 24 * 60 * 60_000;
const ARRIVAL_TIME_WORDS: DeviceTimeWords = { inFuture: 'gate.occurredInFuture', tooLongAgo: 'parcels.offline.tooLongAgo' };
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export async function logArrival(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  input: ParcelArrivalRequest,
  fileLink: (id: number) => string,
): Promise<{ parcel: Parcel; replayed: boolean }> {
  // Decoded before anything is written: a bad photo refuses the call.
  const photo = input.photo ? decodeAttachment(input.photo, 0) : null;
  if (photo && photo.kind !== 'image') throw new AppError(400, ErrorCodes.badRequest, 'parcelsNotices.refusal.badPhoto', 'photo');
  const code = await pickupCoder(db, clock);
  const timeZone = await timeZoneOf(db, auth.condoId);
  const { id, replayed } = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const existing = await trx
      .selectFrom('parcels')
      .select('id')
      .where('condo_id', '=', auth.condoId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (existing) return { id: existing.id, replayed: true };
    const dwelling = await trx
      .selectFrom('apartments')
      .select('id')
      .where('id', '=', input.apartmentId)
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!dwelling) throw new AppError(400, ErrorCodes.badRequest, 'parcelsNotices.refusal.dwelling', 'apartmentId');
    const now = clock.now();
    // Checked after the replay lookup: a parcel recorded before answers as it was, however late its copy comes.
    const arrivedAt = deviceInstant(now, input.occurredAt, ARRIVAL_TIME_WORDS);
    const photoId = photo
      ? await saveFile(trx, { ownerUserId: null, contentType: photo.contentType, data: photo.data, createdAt: now.toISOString() })
      : null;
    const coded = { condo_id: auth.condoId, client_id: input.clientId };
    const inserted = await trx
      .insertInto('parcels')
      .values({
        condo_id: auth.condoId,
        client_id: input.clientId,
        apartment_id: input.apartmentId,
        carrier: input.carrier.trim(),
        tracking: blankToNull(input.tracking),
        size: input.size,
        note: blankToNull(input.note),
        photo_file_id: photoId,
        pickup_code_hash: PICKUP_CODE_SCHEME,
        status: 'waiting',
        arrived_at: arrivedAt.toISOString(),
        logged_by_user_id: auth.userId,
        device_id: auth.deviceId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await parcelRows(trx).where('p.id', '=', inserted.id).executeTakeFirstOrThrow();
    await tellResidents(trx, clock, row, code(coded), { kind: 'arrived' });
    // The daily reminder run that first finds this parcel due (the condominium's parcelReminderDays, counted from
    // when it arrived, offline or not; never a day already past, whose run may be done); a run finding parcels
    // still waiting asks for the next.
    const { parcel_reminder_days: reminderDays } = await trx
      .selectFrom('condominiums')
      .select('parcel_reminder_days')
      .where('id', '=', auth.condoId)
      .executeTakeFirstOrThrow();
    const slot = dailySlot(new Date(Math.max(arrivedAt.getTime() + reminderDays * DAY_MS, now.getTime())));
    await scheduleJobOnce(trx, PARCEL_REMINDER_JOB, slot.key, slot.dueAt, now);
    return { id: inserted.id, replayed: false };
  });
  const row = await parcelRows(db).where('p.id', '=', id).executeTakeFirstOrThrow();
  return { parcel: toParcel(row, { timeZone, fileLink }), replayed };
}
