// A parcel as every call answers it: its row with its dwelling, worded for the screens (times in the
// condominium's zone, signed links to its photo and signature, the pickup code only when the caller may read it).
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Parcel, ParcelMethod, ParcelSize, ParcelStatus } from '../../../src/api/parcels';
import type { Database, ParcelTable } from '../../db/schema';
import { AppError } from '../../errors';
import { utcToLocal } from '../shared/zonedTime';

export type ParcelRow = Selectable<ParcelTable> & { tower_name: string | null; apartment_name: string };

/** The parcels with their dwelling's names. */
export const parcelRows = (db: Kysely<Database>) =>
  db
    .selectFrom('parcels as p')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .selectAll('p')
    .select(['t.name as tower_name', 'a.name as apartment_name']);

export const parcelNotFound = () => new AppError(404, ErrorCodes.notFound, 'parcelsNotices.refusal.notFound');

/** One parcel of the condominium; 404 for another condominium's or none. */
export async function parcelOf(db: Kysely<Database>, condoId: number, id: number): Promise<ParcelRow> {
  const row = await parcelRows(db).where('p.id', '=', id).where('p.condo_id', '=', condoId).executeTakeFirst();
  if (!row) throw parcelNotFound();
  return row;
}

export interface ParcelWording {
  timeZone: string;
  /** A signed link to a stored file. */
  fileLink: (fileId: number) => string;
  /** The code, for the residents' own list only. */
  code?: (row: ParcelRow) => string;
}

export function toParcel(row: ParcelRow, words: ParcelWording): Parcel {
  const waiting = row.status === 'waiting';
  return {
    id: row.id,
    clientId: row.client_id,
    dwelling: { apartmentId: row.apartment_id, tower: row.tower_name, apartment: row.apartment_name },
    carrier: row.carrier,
    tracking: row.tracking,
    size: row.size as ParcelSize,
    note: row.note,
    status: row.status as ParcelStatus,
    arrivedAt: utcToLocal(row.arrived_at, words.timeZone),
    photoUrl: row.photo_file_id === null ? null : words.fileLink(row.photo_file_id),
    collectedAt: row.collected_at === null ? null : utcToLocal(row.collected_at, words.timeZone),
    collectedByName: row.collected_by_name,
    collectedMethod: row.collected_method as ParcelMethod | null,
    signatureUrl: row.signature_file_id === null ? null : words.fileLink(row.signature_file_id),
    pickupCode: waiting && words.code ? words.code(row) : null,
    reminders: row.reminders,
  };
}
