// When a device says its work happened (issue 26 "Offline"): gate movements (domain/gate/movements.ts) and parcel
// arrivals (domain/parcels/arrive.ts) recorded without network carry the device's clock (`occurredAt`). A device's
// clock may run a little ahead (GATE_LIMITS.clockSkewMinutes) and an offline batch may arrive days late
// (GATE_LIMITS.offlineDays); anything beyond is a wrong clock, refused (400) with the caller's words.
import { GATE_LIMITS } from '../../../src/api/gate';
import type { MessageId } from '../../../src/i18n/messages';
import { AppError } from '../../errors';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What a refusal says: the clock is ahead, or the work is older than a device may keep it. */
export interface DeviceTimeWords {
  inFuture: MessageId;
  tooLongAgo: MessageId;
}

/** The instant the work happened: the device's when it gave one within the limits, else the server's now. */
export function deviceInstant(now: Date, occurredAt: string | null | undefined, words: DeviceTimeWords): Date {
  if (!occurredAt) return now;
  const at = Date.parse(occurredAt);
  if (at > now.getTime() + GATE_LIMITS.clockSkewMinutes * MINUTE) {
    throw new AppError(400, 'BAD_REQUEST', words.inFuture, 'occurredAt');
  }
  if (at < now.getTime() - GATE_LIMITS.offlineDays * DAY) {
    throw new AppError(400, 'BAD_REQUEST', words.tooLongAgo, 'occurredAt');
  }
  return new Date(at);
}
